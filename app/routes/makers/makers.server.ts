// The maker pages' server door: route modules reach the makers module through this server-only file.
import type { AppLoadContext } from "react-router";
import { createHttpFetcher } from "#server/modules/linkcheck/index.ts";
import { type SiteReader, siteReaderOver } from "#server/modules/makers/index.ts";
import { siteUrl } from "#server/platform/site-origin.ts";

export { listToolReviews } from "#server/modules/community/index.ts";
export * from "#server/modules/makers/index.ts";

/** Reads the tool's site through the link checker's SSRF-safe fetcher (private addresses refused), same-site redirects only. */
export function siteReader(context: AppLoadContext): SiteReader {
  return siteReaderOver(createHttpFetcher({ allowPrivateAddresses: context.services.env.LINK_CHECK_ALLOW_PRIVATE }));
}

export function makerDeps(context: AppLoadContext) {
  const { db, mailer, clock, env } = context.services;
  return { db, mailer, clock, siteUrl: (path: string) => siteUrl(env, path) };
}
