import type { Context, MiddlewareHandler } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { bodyBytes, bodyForm } from "./body-cap.ts";

/**
 * What the page routes accept, decided in front of React Router from the build's route manifest:
 * GET and HEAD on every page; POST only where the route the form posts to has an `action`, with a
 * readable form body (URL-encoded or multipart, at most MAX_FORM_BYTES). Anything else is answered
 * here — 405 with `Allow`, 400, 413 — instead of becoming a 500 inside React Router ("no action",
 * "Invalid request method", a body `formData()` cannot read). `.data` requests (single fetch) follow
 * the same rules as the page they load. The size limit itself is the edge's body cap (`body-cap.ts`,
 * MAX_FORM_BYTES for pages), which has already read and counted the body this checks.
 */

export const MAX_FORM_BYTES = 1024 * 1024;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

type Target = { allow: string[] };
type Manifest = { routes: RouteObject[] };

const manifests = new WeakMap<ServerBuild, Manifest>();

function manifestOf(build: ServerBuild): Manifest {
  let manifest = manifests.get(build);
  if (manifest) return manifest;
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const route = {
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      handle: { action: Boolean(r.module.action), page: Boolean(r.module.loader || r.module.default) },
    } as RouteObject;
    const siblings = byParent.get(r.parentId) ?? [];
    siblings.push(route);
    byParent.set(r.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const children = byParent.get(route.id);
      return children && !route.index ? ({ ...route, children: attach(children) } as RouteObject) : route;
    });
  manifest = { routes: attach(byParent.get(undefined) ?? []) };
  manifests.set(build, manifest);
  return manifest;
}

type Matches = NonNullable<ReturnType<typeof matchRoutes>>;

/**
 * React Router's matchRoutes flattens and ranks the whole route tree on every call (1.7–2.3 ms for the
 * 149 routes; React Router's own request handler flattens once and keeps the branches, but that is not
 * public). Most routes begin with a fixed first segment (`tools`, `admin`, `dashboard`, …), and a path
 * whose first segment is `admin` can only match routes that begin with `admin` or with something that is
 * not fixed (a parameter, a splat, an optional segment, a pathless layout). So each build keeps, per first
 * segment, the tree cut down to those routes, and matchRoutes ranks only them. Removing routes that cannot
 * match keeps the order of the rest (the ranking compares scores, then sibling order), so the answer is
 * the whole tree's: `tests/integration/pages.db.test.ts` compares the two for every route.
 */
type Trees = { byFirstSegment: Map<string, RouteObject[]>; other: RouteObject[]; all: RouteObject[] };
const trees = new WeakMap<ServerBuild, Trees>();

/** A route's own first segment when it is fixed (lower case, as matching ignores case); null otherwise. */
function fixedFirstSegment(path: string | undefined): string | null | undefined {
  if (path === undefined) return undefined;
  const first = path.replace(/^\/+/, "").split("/")[0] ?? "";
  if (first === "") return undefined;
  if (first.startsWith(":") || first.includes("*") || first.endsWith("?")) return null;
  return first.toLowerCase();
}

/** The routes a path whose first segment is `key` (null: any other) can match. */
function pruned(routes: RouteObject[], key: string | null): RouteObject[] {
  const out: RouteObject[] = [];
  for (const route of routes) {
    const first = fixedFirstSegment(route.path);
    if (first === null || first === key) out.push(route);
    else if (first === undefined) {
      // No segment of its own (the root, a layout, an index): its children decide. A layout without a
      // path is no branch itself, so it goes when none of its children stays.
      const children = route.children?.length ? pruned(route.children, key) : undefined;
      if (children?.length || route.path != null || route.index)
        out.push(children ? ({ ...route, children } as RouteObject) : route);
    }
  }
  return out;
}

function treesOf(build: ServerBuild): Trees {
  let t = trees.get(build);
  if (t) return t;
  const all = manifestOf(build).routes;
  const keys = new Set<string>();
  const collect = (routes: RouteObject[]) => {
    for (const route of routes) {
      const first = fixedFirstSegment(route.path);
      if (first === undefined && route.children) collect(route.children);
      else if (first) keys.add(first);
    }
  };
  collect(all);
  t = { byFirstSegment: new Map([...keys].map((k) => [k, pruned(all, k)])), other: pruned(all, null), all };
  trees.set(build, t);
  return t;
}

/** The tree to match `path` against: cut to its first segment, decoded as React Router decodes it. */
function treeFor(build: ServerBuild, path: string): RouteObject[] {
  const t = treesOf(build);
  let decoded: string;
  try {
    decoded = path
      .split("/")
      .map((v) => decodeURIComponent(v).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return t.all; // React Router then matches the path as it is.
  }
  const first = (decoded.startsWith("/") ? decoded.slice(1) : decoded).split("/")[0]?.toLowerCase() ?? "";
  return t.byFirstSegment.get(first) ?? t.other;
}

// The answers for paths already seen, a bounded number of them, the oldest forgotten first (paths are
// unbounded: anyone can invent one).
const MAX_REMEMBERED_PATHS = 10_000;
const remembered = new WeakMap<ServerBuild, Map<string, Matches | null>>();

/** The routes a page path matches, root first (a `.data` request matches its page); null: none. */
export function pageMatches(build: ServerBuild, pathname: string): Matches | null {
  let known = remembered.get(build);
  if (!known) {
    known = new Map();
    remembered.set(build, known);
  }
  const hit = known.get(pathname);
  if (hit !== undefined) return hit;
  const p = pagePath(pathname);
  const matches = matchRoutes(treeFor(build, p), p);
  const answer = matches?.length ? matches : null;
  if (known.size >= MAX_REMEMBERED_PATHS) known.delete(known.keys().next().value as string);
  known.set(pathname, answer);
  return answer;
}

/** The page a `.data` request loads; any other path as it is. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  return pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length) || "/";
}

/** matchRoutes over the whole tree, as React Router matches (for the test that the cut trees agree). */
export function pageMatchesUncut(build: ServerBuild, pathname: string): Matches | null {
  const p = pagePath(pathname);
  const matches = matchRoutes(manifestOf(build).routes, p);
  return matches?.length ? matches : null;
}

/** The methods a page URL accepts, or null when no route matches (React Router answers 404). */
export function pageMethods(build: ServerBuild, url: URL): Target | null {
  const matches = pageMatches(build, url.pathname);
  if (!matches) return null;
  const leaf = matches[matches.length - 1];
  // The route a form posts to, as React Router picks it: an index route only with a bare `?index`,
  // otherwise the deepest route that has a path (layouts and index routes have none).
  const nakedIndex = url.searchParams.getAll("index").some((v) => v === "");
  const pathMatches = matches.filter((m, i) => i === 0 || Boolean(m.route.path));
  const target = leaf?.route.index && nakedIndex ? leaf : pathMatches[pathMatches.length - 1];
  const handle = (r: RouteObject | undefined) => r?.handle as { action: boolean; page: boolean } | undefined;
  const allow: string[] = [];
  if (handle(leaf?.route)?.page) allow.push("GET", "HEAD");
  if (handle(target?.route)?.action) allow.push("POST");
  return { allow };
}

function methodNotAllowed(c: Context, allow: string[]) {
  c.header("Allow", allow.join(", "));
  c.header("Cache-Control", "no-store");
  const what = allow.length ? `This page accepts ${allow.join(", ")}.` : "This page accepts no requests.";
  return c.text(`Method ${c.req.method} is not allowed here. ${what}`, 405);
}

/** Hono middleware for every request that goes on to React Router. */
export function pageRequestGuard(getBuild: () => ServerBuild | Promise<ServerBuild>): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const build = await getBuild();
    const target = pageMethods(build, new URL(c.req.url));
    if (!target) return next();
    if (!target.allow.includes(method)) return methodNotAllowed(c, target.allow);
    if (method !== "POST") return next();

    // A form post: a body React Router's `request.formData()` can read, of a sane size.
    const bytes = formBytes(c.req.raw);
    if (bytes === null) return tooLarge(c);
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (!type) {
      // No body at all (a form with no fields, a bare fetch): read as an empty form.
      if (bytes.byteLength > 0) return badForm(c, "The request has a body but no Content-Type.");
      c.req.raw = new Request(c.req.raw.url, {
        method,
        headers: withHeader(c.req.raw.headers, "content-type", "application/x-www-form-urlencoded"),
        body: "",
        signal: c.req.raw.signal,
      });
      return next();
    }
    if (!FORM_TYPES.includes(type)) {
      return badForm(c, `Forms must be sent as ${FORM_TYPES.join(" or ")}, not ${type.slice(0, 80)}.`);
    }
    try {
      await bodyForm(c.req.raw);
    } catch {
      return badForm(c, "The form could not be read (a malformed body).");
    }
    return next();
  };
}

/** The body the edge read (empty when the request has none); null when it is over the forms' limit. */
function formBytes(request: Request): Uint8Array | null {
  const read = bodyBytes(request);
  if (!read && request.body) throw new Error("pageRequestGuard runs behind bodyCap (server/edge/app.ts)");
  if (!read) return new Uint8Array(0);
  return read.byteLength > MAX_FORM_BYTES ? null : read;
}

function withHeader(headers: Headers, name: string, value: string): Headers {
  const out = new Headers(headers);
  out.set(name, value);
  return out;
}

function badForm(c: Context, message: string) {
  c.header("Cache-Control", "no-store");
  return c.text(message, 400);
}

function tooLarge(c: Context) {
  c.header("Cache-Control", "no-store");
  return c.text(`The form is too large (at most ${MAX_FORM_BYTES / 1024} KB).`, 413);
}
