import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { Env, Handler } from "hono";

/**
 * One place for how an /api operation is documented (ADR 0022, issue 31): every route registers its
 * OpenAPI definition — built from the zod schemas its handler parses with — in the same call that
 * registers the handler, so a route cannot be served without being in /api/openapi.json
 * (tests/integration/api-contract.db.test.ts checks the whole manifest).
 */

export const ErrorBody = z
  .object({ success: z.literal(false), error: z.string() })
  .passthrough()
  .openapi("Error", { description: "Every refusal: a readable message; some carry more (a listed tool, a report)." });

const ERROR_TEXT = {
  400: "Invalid input (the message names the field)",
  401: "Sign in first (a session cookie or a session bearer token)",
  403: "Not allowed for this account (role, plan or ownership)",
  404: "Not found",
  409: "Conflicts with the current state",
  413: "The body is too large",
  429: "Too many requests (see Retry-After)",
  503: "The database is busy or unreachable: try again (see Retry-After)",
} as const;
export type ErrorStatus = keyof typeof ERROR_TEXT;

const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_TEXT[status],
  content: { "application/json": { schema: ErrorBody } },
});

/** The errors an operation may answer: what every route can meet (bad input, busy database) plus `more`. */
export function errors(...more: ErrorStatus[]) {
  const out: Partial<Record<ErrorStatus, ReturnType<typeof errorResponse>>> = {};
  for (const s of [400, 429, 503, ...more] as ErrorStatus[]) out[s] = errorResponse(s);
  return out;
}
/** Who may call: anyone; a signed-in member; an admin. */
export const publicErrors = () => errors();
export const memberErrors = (...more: ErrorStatus[]) => errors(401, ...more);
export const adminErrors = (...more: ErrorStatus[]) => errors(401, 403, ...more);

export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
export const csv = (description: string) => ({
  description,
  content: { "text/csv": { schema: z.string() } },
});
export const requestJson = <S extends z.ZodType>(schema: S, required = true) => ({
  required,
  content: { "application/json": { schema } },
});

/**
 * A successful answer: `success: true` and the fields it names. Answers may carry more fields than
 * documented (the spec's aliases), never fewer.
 */
export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape }).passthrough();
/** A record from a module whose fields are its own serializer's (documented as an object). */
export const record = (description: string) => z.object({}).passthrough().describe(description);
export const records = (description: string) => z.array(z.object({}).passthrough()).describe(description);

/** Security requirements: a session (cookie or bearer), an API key on the read API, or none. */
type Security = Record<string, string[]>[];
export const SESSION: Security = [{ sessionCookie: [] }, { sessionBearer: [] }];
export const READ_SECURITY: Security = [{ apiKey: [] }, { sessionCookie: [] }, {}];
export const OPTIONAL_SESSION: Security = [{ sessionCookie: [] }, { sessionBearer: [] }, {}];

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey" as const,
    in: "cookie" as const,
    name: "better-auth.session_token",
    description:
      "The session cookie set by signing in (POST /api/auth/sign-in/email); `__Secure-` prefixed over HTTPS.",
  },
  sessionBearer: {
    type: "http" as const,
    scheme: "bearer",
    description: 'A session token as "Authorization: Bearer token.signature" (the sign-in answer\'s token).',
  },
};

/** A path parameter, documented with the schema the handler checks it with. */
export const pathParams = <T extends z.ZodRawShape>(shape: T) => z.object(shape);

/** OpenAPI's `{id}` as Hono's `:id` (the type too, so `c.req.param("id")` is a string). */
type HonoPath<P extends string> = P extends `${infer A}{${infer N}}${infer B}` ? `${A}:${N}${HonoPath<B>}` : P;
export const honoPath = <P extends string>(path: P) => path.replace(/\{(\w+)\}/g, ":$1") as HonoPath<P>;

/**
 * Registers `config` in the app's OpenAPI registry and `handler` for its method and path. The
 * handler parses its input with the same schemas the config names (parseOr400), so what is
 * documented is what is checked; the answer's shape is checked by the contract tests.
 */
export function documented<E extends Env, P extends string>(
  api: OpenAPIHono<E>,
  config: RouteConfig & { path: P },
  handler: Handler<E, HonoPath<P>>,
): void {
  api.openAPIRegistry.registerPath(config);
  api.on(config.method.toUpperCase(), honoPath(config.path), handler as Handler<E>);
}
