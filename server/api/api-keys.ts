import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../edge/vars.ts";
import { type ApiKeyAuth, apiKeyFromHeader, authenticateApiKey, setRequestViewer } from "../modules/accounts/index.ts";
import { AppError } from "../platform/errors.ts";

type Vars = EdgeEnv;

/** The read API an API key opens (spec section 7): tools, a tool, categories, tool of the day, trending, top lists. */
const READ_API = /^\/api\/(tools(\/[^/]+)?|categories|community\/trending|top-lists)\/?$/;

function rateHeaders(limit: ApiKeyAuth["limit"]): Record<string, string> {
  return {
    "RateLimit-Limit": String(limit.max),
    "RateLimit-Remaining": String(Math.max(0, limit.max - limit.count)),
    "RateLimit-Reset": String(limit.resetSec),
  };
}

/**
 * `Authorization: Bearer tsk_…` on the read API: the key's owner becomes the request's viewer, with
 * per-key rate limits and RateLimit-* headers. Session bearers (better-auth's `token.signature`) are
 * left to getViewer, as before. A key elsewhere in /api counts for nothing (the caller is a visitor).
 */
export function apiKeyAuth(): MiddlewareHandler<Vars> {
  return async (c, next) => {
    const key = apiKeyFromHeader(c.req.header("authorization"));
    if (!key || c.req.method !== "GET" || !READ_API.test(c.req.path)) return next();
    let auth: ApiKeyAuth;
    try {
      auth = await authenticateApiKey(c.var.services.db, key, c.var.services.clock.now());
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const details = err.details as { retryAfterSec?: number; rateLimit?: ApiKeyAuth["limit"] } | undefined;
      const headers: Record<string, string> = { "Cache-Control": "no-store" };
      if (details?.rateLimit) Object.assign(headers, rateHeaders(details.rateLimit));
      if (details?.retryAfterSec) headers["Retry-After"] = String(details.retryAfterSec);
      if (err.status === 401) headers["WWW-Authenticate"] = 'Bearer error="invalid_token"';
      return c.json({ success: false, error: err.message }, err.status as 401 | 403 | 429, headers);
    }
    setRequestViewer(c.req.raw, auth.viewer);
    await next();
    for (const [k, v] of Object.entries(rateHeaders(auth.limit))) c.res.headers.set(k, v);
    c.res.headers.set("Cache-Control", "private, no-store");
  };
}
