// Route modules reach the accounts module only through this server-only file.
import type { AppLoadContext } from "react-router";
import {
  getViewer,
  loadEntitlements,
  type RequestInfo,
  type Tier,
  type Viewer,
  viewCookieSecret,
} from "#server/modules/accounts/index.ts";

export * from "#server/modules/accounts/index.ts";
export { listOutbox } from "#server/platform/mail.ts";

/** The signed-in member of this request, or null. */
export function viewerOf(context: AppLoadContext, request: Request): Promise<Viewer | null> {
  // A member's shared page (ADR 0032): rendered without a viewer, so nothing personal is queried or sent.
  if (context.audience) return Promise.resolve(null);
  return getViewer(context.services, request);
}

/**
 * The tier public content is gated by: the viewer's, or on a member's shared page the tier it is
 * rendered for (ADR 0032); null for visitors. Use it wherever a loader passes a tier to cardsForTier.
 */
export function tierOf(context: AppLoadContext, viewer: Viewer | null): Tier | null {
  return viewer?.tier ?? context.audience ?? null;
}

/** Cookies we set ourselves (the visitor's view counter) are Secure when the site is served over https. */
export function secureCookies(context: AppLoadContext): boolean {
  return context.services.env.PUBLIC_URL?.startsWith("https://") ?? false;
}

/** How the tool page counts this view: cookies, the signing secret, and whether the gate in front of the cache already did. */
export function toolAccessOptions(context: AppLoadContext) {
  return {
    now: context.services.clock.now(),
    secure: secureCookies(context),
    secret: viewCookieSecret(context.services.env),
    publicView: context.publicToolView === true,
    crawler: context.crawler === true,
    audience: context.audience,
    onBackgroundError: (err: unknown) =>
      context.services.logger.error("recording a tool view failed", { requestId: context.requestId, err }),
  };
}

/** What the session functions need to know about the request. */
export function requestInfo(context: AppLoadContext, request: Request): RequestInfo {
  return { headers: request.headers, ip: context.clientIp };
}

export { safeRedirect } from "#server/platform/safe-redirect.ts";

/** Response headers carrying the Set-Cookie lines better-auth produced. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const line of setCookies) headers.append("Set-Cookie", line);
  return headers;
}
export { AppError } from "#server/platform/errors.ts";

/**
 * What opens an editor's exclusive or early-access mark for this page's viewer (ADR 0083): the
 * entitlement table for the viewer's tier, or the audience's on a page shared by a tier (ADR 0032).
 */
export async function listingAccessOf(
  context: AppLoadContext,
  viewer: Viewer | null,
): Promise<(feature: "exclusive_listings" | "early_access") => boolean> {
  const tier = tierOf(context, viewer);
  if (!tier) return () => false;
  const entitlements = await loadEntitlements(context.services.db);
  return (feature) => entitlements.hasAccess(tier, feature);
}
