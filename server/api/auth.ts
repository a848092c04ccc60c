import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { type AuthAction, CLIENT_IP_HEADER, limitAuthAttempt } from "../modules/accounts/index.ts";
import { bodyForm, bodyText } from "../platform/body-cap.ts";
import { DATABASE_UNAVAILABLE, failedForDatabase, RETRY_AFTER_SEC } from "../platform/db/availability.ts";
import { INVALID_EMAIL, isEmailAddress } from "../platform/email-address.ts";
import { AppError } from "../platform/errors.ts";
import { own } from "../platform/own.ts";
import { ErrorBody, json, OPTIONAL_SESSION, requestJson, SESSION } from "./doc.ts";

type Vars = EdgeEnv;

/** better-auth endpoints whose attempts are rate limited (the page forms share the same counters). */
const LIMITED: Record<string, AuthAction> = {
  "/api/auth/sign-in/email": "sign-in",
  "/api/auth/sign-up/email": "sign-up",
  "/api/auth/request-password-reset": "reset",
  "/api/auth/reset-password": "reset",
  "/api/auth/change-password": "change-password",
  "/api/auth/send-verification-email": "verify-email",
};

/** better-auth endpoints that take an e-mail address, and the field it is in. */
const EMAIL_FIELD: Record<string, string> = {
  "/api/auth/sign-in/email": "email",
  "/api/auth/sign-up/email": "email",
  "/api/auth/request-password-reset": "email",
  "/api/auth/forget-password": "email",
  "/api/auth/change-email": "newEmail",
  "/api/auth/send-verification-email": "email",
};

/** better-auth refuses with {code, message}; our own checks in front of it with {success: false, error}. */
const AuthError = z.union([ErrorBody, z.object({ message: z.string(), code: z.string().optional() }).passthrough()]);
const authErrors = Object.fromEntries(
  ([400, 401, 403, 404, 415, 422, 429, 503] as const).map((s) => [
    s,
    json(AuthError, "Refused (the message says why)"),
  ]),
);
const Password = z.string().min(8).max(128);
const Email = z.string().max(254).describe("an e-mail address");
const User = z.object({ id: z.string(), email: z.string(), name: z.string() }).passthrough();
const auth = (
  method: "get" | "post",
  path: string,
  summary: string,
  body: z.ZodObject | null,
  answer: z.ZodType,
  security = OPTIONAL_SESSION,
): RouteConfig => ({
  method,
  path,
  operationId: `auth${path.replace(/^\/auth/, "").replace(/[/-](\w)/g, (_, ch: string) => ch.toUpperCase())}`,
  summary,
  tags: ["Auth"],
  security,
  ...(body ? { request: { body: requestJson(body) } } : {}),
  responses: { 200: json(answer, "Done"), ...authErrors },
});

/**
 * The better-auth endpoints the site uses, documented here: one wildcard handler serves them all,
 * so the document names them one by one (better-auth's own request and answer shapes).
 */
const AUTH_ROUTES: RouteConfig[] = [
  auth(
    "post",
    "/auth/sign-up/email",
    "Create an account (a confirmation e-mail is sent)",
    z.object({ name: z.string().min(1).max(100), email: Email, password: Password }).passthrough(),
    z.object({ token: z.string().nullable(), user: User }).passthrough(),
  ),
  auth(
    "post",
    "/auth/sign-in/email",
    "Sign in; sets the session cookie and answers a session token",
    z.object({ email: Email, password: z.string().max(128), rememberMe: z.boolean().optional() }).passthrough(),
    z.object({ token: z.string(), user: User }).passthrough(),
  ),
  auth("post", "/auth/sign-out", "End the session", null, z.object({ success: z.boolean() }).passthrough(), SESSION),
  auth(
    "get",
    "/auth/get-session",
    "The current session and user (null when signed out)",
    null,
    z
      .object({ session: z.object({}).passthrough(), user: User })
      .passthrough()
      .nullable(),
  ),
  auth(
    "post",
    "/auth/request-password-reset",
    "Send a password-reset link (the same answer whether or not the address has an account)",
    z.object({ email: Email, redirectTo: z.string().max(2_000).optional() }).passthrough(),
    z.object({ status: z.boolean() }).passthrough(),
  ),
  auth(
    "post",
    "/auth/reset-password",
    "Set a new password with the link's token",
    z.object({ newPassword: Password, token: z.string().max(500) }).passthrough(),
    z.object({ status: z.boolean() }).passthrough(),
  ),
  auth(
    "post",
    "/auth/change-password",
    "Change the password (the current one is checked)",
    z.object({ currentPassword: z.string().max(128), newPassword: Password }).passthrough(),
    z.object({ user: User }).passthrough(),
    SESSION,
  ),
  auth(
    "post",
    "/auth/change-email",
    "Change the e-mail address (confirmed by a link)",
    z.object({ newEmail: Email }).passthrough(),
    z.object({ status: z.boolean() }).passthrough(),
    SESSION,
  ),
  auth(
    "post",
    "/auth/update-user",
    "Change the display name",
    z.object({ name: z.string().min(1).max(100).optional() }).passthrough(),
    z.object({ status: z.boolean() }).passthrough(),
    SESSION,
  ),
];

/**
 * /api/auth/*: better-auth's own HTTP endpoints (JSON clients, OAuth callbacks). Our rate limits
 * run first; the client address is passed in a header better-auth reads (never the client's own).
 */
export function authApi() {
  const api = new OpenAPIHono<Vars>();
  for (const route of AUTH_ROUTES) api.openAPIRegistry.registerPath(route);
  api.on(["GET", "POST"], "/auth/*", async (c) => {
    const { services, clientIp } = c.var;
    const startedAt = Date.now();
    const action = c.req.method === "POST" ? own(LIMITED, c.req.path) : undefined;
    if (c.req.method === "POST" && own(EMAIL_FIELD, c.req.path)) {
      // Our one e-mail rule (length first, then a linear check) before better-auth sees the address.
      const email = await emailOf(c.req.raw, own(EMAIL_FIELD, c.req.path) as string);
      if (email !== null && !isEmailAddress(email.trim())) throw new AppError("bad_request", INVALID_EMAIL);
    }
    if (action) {
      const email = action === "sign-in" || action === "verify-email" ? await emailOf(c.req.raw) : null;
      await limitAuthAttempt(services.db, action, { ip: clientIp, email }, services.clock.now());
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp);
    const request = new Request(c.req.raw, { headers, duplex: "half" } as RequestInit);
    const response = await services.auth.handler(request);
    // better-auth answers a failed insert (the database dropped the connection mid-sign-up) with
    // 422 "Failed to create user": that is our side failing, so "try again shortly" when the
    // database is the cause.
    if (response.status === 422 && action === "sign-up") {
      const code = await response
        .clone()
        .json()
        .then((b: { code?: unknown }) => b?.code)
        .catch(() => null);
      if (code === "FAILED_TO_CREATE_USER" && (await failedForDatabase(services.db, startedAt))) {
        throw new AppError("unavailable", DATABASE_UNAVAILABLE, { retryAfterSec: RETRY_AFTER_SEC });
      }
    }
    response.headers.set("Cache-Control", "no-store");
    return response;
  });
  return api;
}

/** The field from the body the edge read (never the request's own stream, which better-auth reads next). */
async function emailOf(request: Request, field = "email"): Promise<string | null> {
  try {
    const type = request.headers.get("content-type") ?? "";
    if (type.includes("application/json")) {
      const body = JSON.parse(bodyText(request) ?? "null") as Record<string, unknown> | null;
      const value = body && typeof body === "object" ? own(body, field) : undefined;
      return typeof value === "string" ? value : null;
    }
    if (type.includes("form")) {
      const value = (await bodyForm(request)).get(field);
      return typeof value === "string" ? value : null;
    }
  } catch {
    // unreadable body: better-auth answers 400 itself
  }
  return null;
}
