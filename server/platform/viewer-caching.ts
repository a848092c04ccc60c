import type { MiddlewareHandler } from "hono";

/**
 * API answers and `.data` (a page's loader data) can depend on who asks — the session cookie, an API
 * key, the tier behind them, even the theme and consent cookies — and said nothing of it to caches
 * (issue 31: `/api/tools`, members' `.data`). So, at the edge, for GET and HEAD:
 * - `Vary: Cookie, Authorization` on every such answer, so a shared cache never hands one caller's
 *   answer to another;
 * - `Cache-Control: private, no-store` when the request carried a cookie or an Authorization header.
 * An answer the route declared `public` (the OpenAPI document, plans, public profiles) is the same for
 * everyone and keeps its caching; so do anonymous answers.
 */
export function viewerCaching(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    const p = c.req.path;
    if ((method !== "GET" && method !== "HEAD") || !(p.startsWith("/api/") || p.endsWith(".data"))) return;
    const headers = c.res.headers;
    if (/\bpublic\b/i.test(headers.get("Cache-Control") ?? "")) return;
    const vary = new Set(
      (headers.get("Vary") ?? "")
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean),
    );
    for (const v of ["Cookie", "Authorization"]) vary.add(v);
    headers.set("Vary", [...vary].join(", "));
    if (c.req.header("cookie") || c.req.header("authorization")) headers.set("Cache-Control", "private, no-store");
  };
}
