import { siteOrigin } from "#server/platform/site-origin.ts";
import { sitemapEntries } from "~/lib/catalog.server";
import { blogSitemapEntries, docsSitemapPaths } from "~/lib/content.server";
import type { Route } from "./+types/sitemap";

const STATIC_PATHS = [
  "/",
  "/tools",
  "/categories",
  "/search",
  "/cookies",
  // Community pages (issue 11)
  "/community",
  "/corrections",
  "/achievements",
  "/community-verified",
  "/polls",
  "/support",
  "/contact",
  "/documentation/api",
];
// The written pages (issue 12): blog, documentation and the info pages.
const CONTENT_PATHS = [
  "/blog",
  "/documentation",
  "/about",
  "/how-we-test",
  "/how-we-rank",
  "/graveyard",
  "/accessibility",
  "/privacy",
  "/terms",
  "/affiliate-disclosure",
  // For agents and re-users (issue 22)
  "/open-data",
  "/changes",
];

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export async function loader({ context }: Route.LoaderArgs) {
  // The site's own origin, never the request's Host header (a feed or sitemap is cached and crawled).
  const origin = siteOrigin(context.services.env);
  const entries = [
    ...(await sitemapEntries(context.services.db)),
    ...(await blogSitemapEntries(context.services.db)),
    ...docsSitemapPaths().map((path) => ({ path, lastmod: null })),
  ];
  const urls = [
    ...[...STATIC_PATHS, ...CONTENT_PATHS].map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`),
    ...entries.map(
      (e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
