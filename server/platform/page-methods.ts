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

// React Router's matchRoutes flattens and ranks the whole route tree on every call (a tenth of a
// member page's CPU in the profile): each build remembers the answers for the paths it has seen, a
// bounded number of them, the oldest forgotten first (paths are unbounded: anyone can invent one).
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
  let p = pathname;
  if (p.endsWith(".data")) p = p === "/_root.data" ? "/" : p.slice(0, -".data".length) || "/";
  const matches = matchRoutes(manifestOf(build).routes, p);
  const answer = matches?.length ? matches : null;
  if (known.size >= MAX_REMEMBERED_PATHS) known.delete(known.keys().next().value as string);
  known.set(pathname, answer);
  return answer;
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
