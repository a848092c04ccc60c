import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { type AuthAction, CLIENT_IP_HEADER, limitAuthAttempt } from "../modules/accounts/index.ts";
import { DATABASE_UNAVAILABLE, failedForDatabase, RETRY_AFTER_SEC } from "../platform/db/availability.ts";
import { INVALID_EMAIL, isEmailAddress } from "../platform/email-address.ts";
import { AppError } from "../platform/errors.ts";
import { own } from "../platform/own.ts";

type Vars = { Variables: { services: AppServices; clientIp: string } };

/** better-auth endpoints whose attempts are rate limited (the page forms share the same counters). */
const LIMITED: Record<string, AuthAction> = {
  "/api/auth/sign-in/email": "sign-in",
  "/api/auth/sign-up/email": "sign-up",
  "/api/auth/request-password-reset": "reset",
  "/api/auth/reset-password": "reset",
  "/api/auth/change-password": "change-password",
};

/** better-auth endpoints that take an e-mail address, and the field it is in. */
const EMAIL_FIELD: Record<string, string> = {
  "/api/auth/sign-in/email": "email",
  "/api/auth/sign-up/email": "email",
  "/api/auth/request-password-reset": "email",
  "/api/auth/forget-password": "email",
  "/api/auth/change-email": "newEmail",
};

/**
 * /api/auth/*: better-auth's own HTTP endpoints (JSON clients, OAuth callbacks). Our rate limits
 * run first; the client address is passed in a header better-auth reads (never the client's own).
 */
export function authApi() {
  const api = new Hono<Vars>();
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
      const email = action === "sign-in" ? await emailOf(c.req.raw) : null;
      await limitAuthAttempt(services.db, action, { ip: clientIp, email });
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

async function emailOf(request: Request, field = "email"): Promise<string | null> {
  try {
    const type = request.headers.get("content-type") ?? "";
    if (type.includes("application/json")) {
      const body = (await request.clone().json()) as Record<string, unknown> | null;
      const value = body && typeof body === "object" ? own(body, field) : undefined;
      return typeof value === "string" ? value : null;
    }
    if (type.includes("form")) {
      const value = (await request.clone().formData()).get(field);
      return typeof value === "string" ? value : null;
    }
  } catch {
    // unreadable body: better-auth answers 400 itself
  }
  return null;
}
