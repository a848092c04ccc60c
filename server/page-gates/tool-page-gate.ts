import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../edge/vars.ts";
import {
  canAccessTier,
  decideVisitorView,
  isCrawler,
  loadEntitlements,
  viewCookieSecret,
} from "../modules/accounts/index.ts";
import { getToolRef } from "../modules/catalog/index.ts";
import { versionsFor } from "../platform/db/versions.ts";
import { PERSONAL_COOKIE } from "../platform/page-cache.ts";
import type { AppServices } from "../process/context.ts";

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
export type ToolRefs = (version: number, key: string) => Promise<ToolRef | null>;
type ToolRef = { id: string; tier: Parameters<typeof canAccessTier>[1] };

/** slug → id and tier, valid for one content version (an edit or an unpublished tool shows at once). */
export function createToolRefs(db: AppServices["db"]): ToolRefs {
  let refsVersion = -1;
  const refs = new Map<string, ToolRef | null>();
  return async (version, key) => {
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
}

/** The slug of a tool page path, lower-cased (null: not a tool page, or a malformed one). */
export function toolPageKey(path: string): string | null {
  const slug = TOOL_PAGE.exec(path)?.[1];
  if (!slug || slug.endsWith(".data")) return null;
  try {
    return decodeURIComponent(slug).trim().toLowerCase();
  } catch {
    return null; // the route answers malformed paths
  }
}

export function toolPageGate(
  services: AppServices,
  approved: WeakSet<Request>,
  toolRef: ToolRefs,
): MiddlewareHandler<EdgeEnv> {
  const { db, env } = services;
  const secure = env.PUBLIC_URL?.startsWith("https://") ?? false;

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
    const version = (await versionsFor(db, c.req.raw)).content;
    c.set("contentVersion", version);
    const ref = await toolRef(version, key);
    if (!ref || !canAccessTier(null, ref.tier)) return next();
    const limit = (await loadEntitlements(db)).limitFor("free", "daily_tool_views");
    const decision =
      limit === null
        ? null
        : decideVisitorView(cookie, ref.id, limit, viewCookieSecret(env), { secure, now: services.clock.now() });
    if (decision && !decision.allowed) return next();
    approved.add(c.req.raw);
    await next();
    if (c.res.status !== 200) return;
    // The answer depends on this visitor's cookie: no shared or browser cache may keep it.
    c.res.headers.set("Cache-Control", "private, no-store");
    for (const value of decision?.setCookies ?? []) c.res.headers.append("Set-Cookie", value);
  };
}
