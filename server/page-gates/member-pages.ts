import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../edge/vars.ts";
import {
  canAccessTier,
  countMemberView,
  getViewer,
  hasReadableSessionCookie,
  isCrawler,
  type Tier,
} from "../modules/accounts/index.ts";
import { versionsFor } from "../platform/db/versions.ts";
import type { AppServices } from "../process/context.ts";
import { type ToolRefs, toolPageKey } from "./tool-page-gate.ts";

/**
 * The page types a signed-in member is served as the shared page of their tier (ADR 0032): the
 * cached page has nothing personal in it; the member's parts come from GET /api/me/page-state after
 * hydration. Every other page (dashboard, account, admin, compare, …) is rendered per request.
 */
const SHARED_PAGES = [
  /^\/$/,
  /^\/tools\/?$/,
  /^\/tools\/[^/]+\/?$/,
  /^\/categories\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/search\/?$/,
];
const TOOL_PAGE = /^\/tools\/[^/]+\/?$/;
/**
 * `?own=1` asks for the member's own render of a shared page (their lists, alert and review forms in
 * the HTML): what a member without JavaScript follows from the shared page, whose personal parts
 * otherwise arrive by script (issue 31).
 */
export const OWN_RENDER_PARAM = "own";

export function isSharedPage(path: string): boolean {
  return !path.endsWith(".data") && SHARED_PAGES.some((re) => re.test(path));
}

/**
 * In front of the page cache: a signed-in member's GET of a shared page type is marked with their
 * tier (`audiences`) once the rules that make a page personal have been applied here, exactly as the
 * page applies them: a tool above the member's tier, or past a free member's daily views, is not
 * marked and renders per request (locked, `private, no-store`, never cached). A marked request is
 * rendered (or served from the cache) as the tier's shared page: loaders see no viewer. The answer
 * is `private, no-store` for browsers: it is only the same for members of one tier.
 */
export function memberPages(
  services: AppServices,
  audiences: WeakMap<Request, Tier>,
  toolRef: ToolRefs,
): MiddlewareHandler<EdgeEnv> {
  const { db, logger } = services;
  return async (c, next) => {
    if (c.req.method !== "GET" || !isSharedPage(c.req.path) || c.req.query(OWN_RENDER_PARAM) !== undefined)
      return next();
    const request = c.req.raw;
    if (
      !hasReadableSessionCookie(c.req.header("cookie") ?? null) ||
      c.req.header("authorization") ||
      isCrawler(request)
    ) {
      return next();
    }
    const viewer = await getViewer(services, request);
    if (!viewer) return next();
    const versions = await versionsFor(db, request);
    c.set("contentVersion", versions.content);
    if (TOOL_PAGE.test(c.req.path)) {
      const key = toolPageKey(c.req.path);
      const ref = key ? await toolRef(versions.content, key) : null;
      if (!ref || !canAccessTier(viewer.tier, ref.tier)) return next();
      const view = await countMemberView(db, viewer, ref.id, services.clock.now(), (err) =>
        logger.error("recording a tool view failed", { requestId: c.var.requestId, err }),
      );
      if (!view.allowed) return next();
    }
    // The account's dark mode (a paid perk) applies on a device that has not chosen a theme itself:
    // the shared page is the tier's page in the dark theme, as a theme cookie would ask for it.
    const cookie = c.req.header("cookie") ?? "";
    if (!/(?:^|;\s*)theme=/.test(cookie) && viewer.profile.darkMode && viewer.can("dark_mode"))
      request.headers.set("cookie", `${cookie}; theme=dark`);
    audiences.set(request, viewer.tier);
    await next();
    if (c.res.status < 400) c.res.headers.set("Cache-Control", "private, no-store");
  };
}
