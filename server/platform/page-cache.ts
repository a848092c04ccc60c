import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { type Clock, utcDay } from "./clock.ts";
import type { Db } from "./db/index.ts";
import { readVersions } from "./db/versions.ts";

/**
 * A server-side cache of anonymous HTML pages. An entry is valid only while the database's
 * content_version is the one it was rendered at, so any change to the catalogue shows at once
 * (and on every app instance, since the version lives in the shared database). Responses that are
 * personal (Set-Cookie, Cache-Control private/no-store) or not 200 HTML are never stored.
 */
type Entry = KeptPage & { version: number; bytes: number };

const VARY_COOKIES = ["theme", "cookieConsent", "cookiePreferences"];
/** Cookies that make a request personal (sessions arrive with the accounts issue): never cached. */
export const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?(?:session|better-auth)[\w.-]*=/i;

export type PageCacheOptions = {
  /** the service clock: its UTC day is part of every key (the tool of the day turns at midnight) */
  clock: Clock;
  maxBytes?: number;
  /** Requests that never read or fill the cache (personal pages, redirects that record something). */
  skip?: (path: string, request: Request) => boolean;
  /**
   * The tier whose shared page a signed-in member's request may be served (ADR 0032; set by the
   * member page path in front). Such a request is cached under its tier's key despite its session
   * cookie; the page rendered for it has nothing personal in it.
   */
  audience?: (request: Request) => string | undefined;
};

/** A page as kept in memory: its headers (those a later answer may repeat), its bytes and their gzip. */
export type KeptPage = { status: number; headers: [string, string][]; body: Buffer; gzip: Buffer };

/** What of a rendered answer is kept: not its length, encoding, request id or date. */
export async function keepPage(res: Response): Promise<KeptPage> {
  const body = Buffer.from(await res.clone().arrayBuffer());
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (!["content-length", "content-encoding", "x-request-id", "date"].includes(name)) headers.push([name, value]);
  });
  return { status: res.status, headers, body, gzip: gzipSync(body) };
}

/** A kept page answered again: gzip when the client takes it, marked `X-Cache: HIT`. */
export function answerKept(page: KeptPage, acceptEncoding: string, extra: Record<string, string> = {}): Response {
  const gzip = /\bgzip\b/.test(acceptEncoding);
  const headers = new Headers(page.headers);
  headers.set("X-Cache", "HIT");
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  if (gzip) headers.set("Content-Encoding", "gzip");
  return new Response(new Uint8Array(gzip ? page.gzip : page.body), { status: page.status, headers });
}

/**
 * Entries held up to a number of bytes, the least recently used dropped first (a Map iterates in
 * insertion order: a read moves its entry to the end).
 */
export function bytesBoundedMap<T extends { bytes: number }>(maxBytes: number) {
  const entries = new Map<string, T>();
  let bytes = 0;
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, entry: T) {
      const old = entries.get(key);
      if (old) bytes -= old.bytes;
      entries.delete(key);
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const [k, v] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= v.bytes;
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    size: () => entries.size,
    bytes: () => bytes,
    /** the shape of every cache's counters, for metrics */
    counters: (stats: { hits: number; misses: number }) => ({
      hits: stats.hits,
      misses: stats.misses,
      entries: entries.size,
      bytes,
      maxBytes,
    }),
  };
}

export function createPageCache(db: Db, options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = bytesBoundedMap<Entry>(maxBytes);
  /** `shared`: hits answered by a render another request was making (counted in `hits` too) */
  const stats = { hits: 0, misses: 0, stores: 0, shared: 0 };
  /** Pages being rendered now, by key: requests for the same page wait for that render. */
  const rendering = new Map<string, Promise<Entry | null>>();

  const currentVersion = async (): Promise<number> => (await readVersions(db)).content;

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = new URL(c.req.url);
    const cookie = c.req.header("cookie") ?? "";
    const audience = options.audience?.(c.req.raw);
    if (
      c.req.method !== "GET" ||
      url.pathname.endsWith(".data") ||
      options.skip?.(url.pathname, c.req.raw) ||
      (!audience && PERSONAL_COOKIE.test(cookie)) ||
      c.req.header("authorization")
    ) {
      return next();
    }
    const jar = Object.fromEntries(
      cookie
        .split(";")
        .map((p) => p.trim().split("="))
        .filter(([k]) => k && VARY_COOKIES.includes(k)),
    );
    // The UTC day is part of the key: the tool of the day changes at midnight without any write.
    const day = utcDay(options.clock.now());
    // The host is part of the key: pages print absolute links from it, and a forged Host header must
    // not put its links into the page every other visitor gets.
    const key = `${url.host}${url.pathname}${url.search}|${day}|${VARY_COOKIES.map((k) => jar[k] ?? "").join("|")}|${audience ?? ""}`;
    // A middleware in front (the tool page gate) may have read the version for this request already.
    const known = (c.var as Record<string, unknown>).contentVersion;
    const version = typeof known === "number" ? known : await currentVersion();
    const serve = (entry: Entry) =>
      answerKept(entry, c.req.header("accept-encoding") ?? "", { Vary: "Accept-Encoding, Cookie" });
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      stats.hits++;
      return serve(hit);
    }
    // The same page being rendered for another request right now (a new page, or a new content
    // version, asked for by many at once): wait for that render instead of repeating it. Its entry
    // is used only if it is of this request's version; a render that was not kept (personal, an
    // error) leaves each waiting request to render its own.
    const pending = rendering.get(key);
    if (pending) {
      const shared = await pending;
      if (shared && shared.version === version) {
        stats.hits++;
        stats.shared++;
        return serve(shared);
      }
    }
    stats.misses++;
    let settle: (entry: Entry | null) => void = () => {};
    if (!pending) {
      rendering.set(
        key,
        new Promise<Entry | null>((resolve) => {
          settle = resolve;
        }),
      );
    }
    let stored: Entry | null = null;
    try {
      await next();
      const res = c.res;
      const type = res.headers.get("content-type") ?? "";
      const cacheControl = res.headers.get("cache-control") ?? "";
      if (
        res.status !== 200 ||
        !type.startsWith("text/html") ||
        res.headers.has("set-cookie") ||
        /private|no-store/.test(cacheControl)
      ) {
        return;
      }
      const page = await keepPage(res);
      stored = { ...page, version, bytes: page.body.length + page.gzip.length + key.length };
      entries.set(key, stored);
      stats.stores++;
      c.res.headers.set("X-Cache", "MISS");
    } finally {
      if (!pending) {
        rendering.delete(key);
        settle(stored);
      }
    }
  };

  return {
    middleware,
    stats,
    clear: entries.clear,
    size: entries.size,
    bytes: entries.bytes,
    /** the same shape as the API cache's counters, for metrics */
    counters: () => entries.counters(stats),
  };
}
