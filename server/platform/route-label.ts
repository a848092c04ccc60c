import type { ServerBuild } from "react-router";
import { pageMatches } from "./page-methods.ts";

/**
 * Names the page route a path belongs to (its route id in the app's manifest, e.g.
 * `routes/tools/detail`), so metrics count pages by route rather than by URL (bounded labels).
 * Single-fetch data requests (`/x.data`, `/_root.data`) count as their page.
 */
export function pageRouteLabeller(build: ServerBuild): (pathname: string) => string {
  const known = new Map<string, string>();
  return (pathname) => {
    const hit = known.get(pathname);
    if (hit) return hit;
    const matches = pageMatches(build, pathname);
    const label = (matches?.[matches.length - 1]?.route.id as string | undefined) ?? "unmatched";
    // Paths are unbounded (anyone can invent one): remember a bounded number of them.
    if (known.size < 5000) known.set(pathname, label);
    return label;
  };
}
