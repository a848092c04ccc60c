// Route modules reach the growth module (referrals, affiliates) only through this server-only file.
import { isbot } from "isbot";
import type { AppLoadContext } from "react-router";
import { readBrowserOwner, signingSecret, visitorKey } from "#server/modules/accounts/index.ts";
import {
  affiliateOfUser,
  followAffiliateLink,
  isTopLevelNavigation,
  normalCode,
  readAffiliateCookie,
} from "#server/modules/growth/index.ts";
import { secureCookies, viewerOf } from "./accounts.server";
import { originOf } from "./site-origin.server";

export * from "#server/modules/growth/index.ts";

/** The site's one origin for links people copy and share (never the request's Host). */
export { originOf } from "./site-origin.server";

export function affiliateLinkOf(context: AppLoadContext, code: string): string {
  return `${originOf(context)}/a/${code}`;
}

/** The signed-in member and their affiliate row (null for visitors and non-affiliates). */
export async function viewerAffiliate(context: AppLoadContext, request: Request) {
  const viewer = await viewerOf(context, request);
  const affiliate = viewer ? await affiliateOfUser(context.services.db, viewer.user.id) : null;
  return { viewer, affiliate };
}

/** /a/{code}: count the click, set ts_aff, and say where to go. */
export async function followAffiliate(context: AppLoadContext, request: Request, code: string | undefined) {
  const viewer = await viewerOf(context, request);
  const url = new URL(request.url);
  return followAffiliateLink(context.services, {
    code: normalCode(code),
    to: url.searchParams.get("to"),
    visitorKey: visitorKey(context.services.env, context.clientIp),
    viewerUserId: viewer?.user.id ?? null,
    browserOwnerId: readBrowserOwner(signingSecret(context.services.env), request.headers.get("cookie")),
    navigation: isTopLevelNavigation(request.headers),
    currentAffiliateId: readAffiliateCookie(
      signingSecret(context.services.env),
      request.headers.get("cookie"),
      context.services.clock.now(),
    ),
    robot: request.method !== "GET" || isbot(request.headers.get("user-agent") ?? ""),
    secret: signingSecret(context.services.env),
    secure: secureCookies(context),
  });
}
