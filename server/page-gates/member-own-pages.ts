import type { MiddlewareHandler } from "hono";
import { getViewer, hasReadableSessionCookie, isCrawler } from "../modules/accounts/index.ts";
import { utcDay } from "../platform/clock.ts";
import { readMemberVersion, versionsFor } from "../platform/db/versions.ts";
import { answerKept, bytesBoundedMap, type KeptPage, keepPage } from "../platform/page-cache.ts";
import type { AppServices } from "../process/context.ts";

/**
 * A member's own pages, kept rendered (ADR 0059). The dashboard's overview is the same HTML on every
 * visit until something it shows changes: the member's saved searches and tools, today's views,
 * badges (the member's version, moved by triggers on those tables whatever writes them), the member's
 * account, profile, tier or sessions (the viewer version), the catalogue, entitlements and categories
 * (the content version), or the day. So the page is rendered once and then served from memory
 * while the three versions are the ones it was rendered at and the UTC day is the same; any write
 * shows on the next request, on every instance, since the versions live in the shared database.
 *
 * Only the member it was rendered for is ever served an entry (the key starts with their id, and the
 * viewer comes from their own session); the answer stays `private, no-store` for browsers. What the
 * page reads that no version covers must not be added to it: plans change only by migration (a
 * deploy restarts the instances), the day is in the key.
 */
const OWN_PAGES = [/^\/dashboard\/?$/];
const VARY_COOKIES = ["theme", "cookieConsent", "cookiePreferences"];

type Entry = KeptPage & { content: number; viewer: number; member: number; bytes: number };

export function isOwnPage(path: string): boolean {
  return OWN_PAGES.some((re) => re.test(path));
}

export function memberOwnPages(services: AppServices, options: { maxBytes?: number } = {}) {
  const { db } = services;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const entries = bytesBoundedMap<Entry>(maxBytes);
  const stats = { hits: 0, misses: 0, stores: 0 };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "GET" || !isOwnPage(c.req.path)) return next();
    const request = c.req.raw;
    const cookie = c.req.header("cookie") ?? "";
    if (!hasReadableSessionCookie(cookie) || c.req.header("authorization") || isCrawler(request)) return next();
    const viewer = await getViewer(services, request);
    if (!viewer) return next();
    const [versions, member] = await Promise.all([versionsFor(db, request), readMemberVersion(db, viewer.user.id)]);
    const url = new URL(c.req.url);
    const jar = new Map(
      cookie
        .split(";")
        .map((p) => p.trim().split("="))
        .filter(([k]) => k && VARY_COOKIES.includes(k))
        .map(([k, v]) => [k, v ?? ""]),
    );
    const day = utcDay(services.clock.now());
    const key = `${viewer.user.id}|${url.host}${url.pathname}${url.search}|${day}|${VARY_COOKIES.map((k) => jar.get(k) ?? "").join("|")}`;
    const hit = entries.get(key);
    if (hit && hit.content === versions.content && hit.viewer === versions.viewer && hit.member === member) {
      stats.hits++;
      return answerKept(hit, c.req.header("accept-encoding") ?? "");
    }
    stats.misses++;
    await next();
    const res = c.res;
    // Only a whole, ordinary page: not an error, a redirect, or an answer that sets a cookie (a
    // renewed session belongs to that response alone).
    if (
      res.status !== 200 ||
      !(res.headers.get("content-type") ?? "").startsWith("text/html") ||
      res.headers.has("set-cookie")
    ) {
      return;
    }
    const page = await keepPage(res);
    // Stored under the versions read before the render: a write during it moves one of them, and the
    // next request renders again.
    entries.set(key, {
      ...page,
      content: versions.content,
      viewer: versions.viewer,
      member,
      bytes: page.body.length + page.gzip.length + key.length,
    });
    stats.stores++;
    c.res.headers.set("X-Cache", "MISS");
  };

  return {
    middleware,
    stats,
    counters: () => entries.counters(stats),
  };
}
