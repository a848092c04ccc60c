import type { ServerBuild } from "react-router";
import { pageMatches } from "./page-methods.ts";

/**
 * Names the page route a path belongs to (its route id in the app's manifest, e.g.
 * `routes/tools/detail`), so metrics count pages by route rather than by URL (bounded labels).
 * Single-fetch data requests (`/x.data`, `/_root.data`) count as their page.
 */
export function pageRouteLabeller(build: ServerBuild): (pathname: string) => string {
  // pageMatches remembers the paths it has seen (bounded): no second cache here.
  return (pathname) => {
    const matches = pageMatches(build, pathname);
    return (matches?.[matches.length - 1]?.route.id as string | undefined) ?? "unmatched";
  };
}
