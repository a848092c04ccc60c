import { siteOrigin } from "#server/platform/site-origin.ts";
import type { Route } from "./+types/robots";

// The origin is the site's own (PUBLIC_URL, else the configured host), never the request's Host header.
// Only Disallow lines: whatever is not disallowed is allowed, and a leading `Allow: /` made parsers
// that take the first matching rule allow /api/, /admin and /dashboard too (issue 31).
export function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context.services.env);
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /go/",
    "Disallow: /preferences",
    "Disallow: /dashboard",
    "Disallow: /admin",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
