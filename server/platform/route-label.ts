import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Names the page route a path belongs to (its route id in the app's manifest, e.g.
 * `routes/tools/detail`), so metrics count pages by route rather than by URL (bounded labels).
 * Single-fetch data requests (`/x.data`, `/_root.data`) count as their page.
 */
export function pageRouteLabeller(build: ServerBuild): (pathname: string) => string {
  type Node = RouteObject & { id: string; children?: Node[] };
  const nodes = new Map<string, Node>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive } as Node);
  }
  const roots: Node[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id) as Node;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) {
      parent.children ??= [];
      parent.children.push(node);
    } else roots.push(node);
  }
  const cache = new Map<string, string>();
  return (pathname) => {
    let p = pathname;
    if (p === "/_root.data") p = "/";
    else if (p.endsWith(".data")) p = p.slice(0, -5) || "/";
    const known = cache.get(p);
    if (known) return known;
    const matches = matchRoutes(roots, p);
    const last = matches?.[matches.length - 1]?.route as Node | undefined;
    // A catch-all route ("*") answers unknown paths: label those by the route too, never by path.
    const label = last ? last.id : "unmatched";
    if (cache.size < 5000) cache.set(p, label);
    return label;
  };
}
