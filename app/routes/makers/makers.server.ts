// The maker pages' server door: route modules reach the makers module through this server-only file.
import type { AppLoadContext } from "react-router";
import { createHttpFetcher } from "../../../server/modules/linkcheck/index.ts";
import type { SiteReader } from "../../../server/modules/makers/index.ts";
import { siteUrl } from "../../../server/platform/site-origin.ts";

export { listToolReviews } from "../../../server/modules/community/index.ts";
export * from "../../../server/modules/makers/index.ts";

const MAX_PAGE_BYTES = 256 * 1024;

/** Reads the tool's site through the link checker's SSRF-safe fetcher (private addresses refused). */
export function siteReader(context: AppLoadContext): SiteReader {
  const fetcher = createHttpFetcher({ allowPrivateAddresses: context.services.env.LINK_CHECK_ALLOW_PRIVATE });
  return async (start) => {
    let url = start;
    // The fetcher never follows redirects itself: http → https and www hops are followed here (3 at most).
    for (let hop = 0; hop < 4; hop++) {
      const res = await fetcher.fetch({
        url,
        method: "GET",
        timeoutMs: 10_000,
        maxBytes: MAX_PAGE_BYTES,
        userAgent: "ToolscapeBot/1.0 (+maker verification)",
        accept: "text/html,text/plain;q=0.9,*/*;q=0.5",
      });
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url).toString();
        continue;
      }
      return { status: res.status, body: new TextDecoder().decode(res.body) };
    }
    return null;
  };
}

export function makerDeps(context: AppLoadContext) {
  const { db, mailer, clock, env } = context.services;
  return { db, mailer, clock, siteUrl: (path: string) => siteUrl(env, path) };
}
