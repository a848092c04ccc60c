import type { MiddlewareHandler } from "hono";
import type { AppServices } from "./context.ts";
import {
  canAccessTier,
  decideVisitorView,
  isCrawler,
  loadEntitlements,
  viewCookieSecret,
} from "./modules/accounts/index.ts";
import { getToolRef } from "./modules/catalog/index.ts";
import { contentVersion } from "./platform/db/content-version.ts";
import { PERSONAL_COOKIE } from "./platform/page-cache.ts";

/** /tools/{id or slug} as a page (not its .data). */
const TOOL_PAGE = /^\/tools\/([^/]+?)\/?$/;
const MAX_REFS = 50_000;

/**
 * In front of the page cache (ADR 0004, addendum 3): a visitor's tool page view is counted in the
 * visitor's signed cookie, with no database write. When the view is allowed (the tool was counted
 * today, or a new one is under the daily limit) the request is marked `approved` and goes on to the
 * page cache, which serves (or renders once and keeps) the public full page — the same bytes for
 * every visitor — and this middleware adds the updated cookies to the answer. Past the limit, for
 * tools above the free tier, for members and for crawlers it does nothing: the route renders as
 * before (locked, personal, never cached; crawlers' public page is the cached one).
 */
export function toolPageGate(services: AppServices, approved: WeakSet<Request>): MiddlewareHandler {
  const { db, env } = services;
  const secure = env.PUBLIC_URL?.startsWith("https://") ?? false;
  // slug → id and tier, valid for one content version (an edit or an unpublished tool shows at once).
  let refsVersion = -1;
  const refs = new Map<string, { id: string; tier: Parameters<typeof canAccessTier>[1] } | null>();

  const toolRef = async (version: number, key: string) => {
    if (version !== refsVersion) {
      refs.clear();
      refsVersion = version;
    }
    if (refs.has(key)) return refs.get(key) ?? null;
    const ref = await getToolRef(db, key);
    if (refs.size >= MAX_REFS) refs.delete(refs.keys().next().value as string);
    refs.set(key, ref);
    return ref;
  };

  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const match = TOOL_PAGE.exec(c.req.path);
    const slug = match?.[1];
    if (!slug || slug.endsWith(".data")) return next();
    const cookie = c.req.header("cookie") ?? "";
    if (PERSONAL_COOKIE.test(cookie) || c.req.header("authorization") || isCrawler(c.req.raw)) return next();
    let key: string;
    try {
      key = decodeURIComponent(slug).trim().toLowerCase();
    } catch {
      return next(); // the route answers malformed paths
    }
    const version = await contentVersion(db);
    c.set("contentVersion" as never, version as never);
    const ref = await toolRef(version, key);
    if (!ref || !canAccessTier(null, ref.tier)) return next();
    const limit = (await loadEntitlements(db)).limitFor("free", "daily_tool_views");
    const decision =
      limit === null ? null : decideVisitorView(cookie, ref.id, limit, viewCookieSecret(env), { secure });
    if (decision && !decision.allowed) return next();
    approved.add(c.req.raw);
    await next();
    if (c.res.status !== 200) return;
    // The answer depends on this visitor's cookie: no shared or browser cache may keep it.
    c.res.headers.set("Cache-Control", "private, no-store");
    for (const value of decision?.setCookies ?? []) c.res.headers.append("Set-Cookie", value);
  };
}
