import type { MiddlewareHandler } from "hono";

/**
 * CSRF protection for every form post and API mutation: a non-GET request is refused (403) when a
 * browser says it is cross-site, or when it carries cookies and its Origin (or, without one, its
 * Referer) is not this site. Cookies are SameSite=Lax as well; this closes what Lax leaves open
 * (same-site subdomains, old browsers) and login CSRF on cookie-less sign-in forms.
 */
export const CSRF_MESSAGE =
  "This request was refused because it did not come from a Toolscape page (cross-site request). Reload the page and try again.";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function csrfProtection(options: { publicUrl?: string; trustProxy?: boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const url = new URL(c.req.url);
    const allowed = new Set([url.origin]);
    if (options.publicUrl) allowed.add(new URL(options.publicUrl).origin);
    const forwardedProto = options.trustProxy ? c.req.header("x-forwarded-proto") : undefined;
    if (forwardedProto === "https" || forwardedProto === "http") allowed.add(`${forwardedProto}://${url.host}`);

    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const referer = c.req.header("referer");
    let source: string | null = null;
    if (origin && origin !== "null") source = origin;
    else if (referer) {
      try {
        source = new URL(referer).origin;
      } catch {
        source = "invalid";
      }
    }
    const hasCookies = Boolean(c.req.header("cookie"));
    const refused =
      site === "cross-site" ||
      (source !== null && !allowed.has(source)) ||
      (hasCookies && (source === null || origin === "null"));
    if (!refused) return next();
    c.header("Cache-Control", "no-store");
    return c.req.path.startsWith("/api")
      ? c.json({ success: false, error: CSRF_MESSAGE }, 403)
      : c.text(CSRF_MESSAGE, 403);
  };
}
