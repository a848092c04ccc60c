import { gzipSync } from "node:zlib";

/**
 * Answers kept in memory while the database's content version is the one they were computed at
 * (the page cache's rule, so an edit shows at once on every instance), bounded by bytes, least
 * recently used first out. Keys are built by the caller from normalised input. Counters that do not
 * bump the content version (a tool's views and clicks) are in the answers too: an entry also ends
 * after `maxAgeMs`, so those are never older than that.
 */
export type CachedBody = {
  body: Buffer;
  gzip: Buffer | null /** what the caller needs to decide on a hit */;
  meta?: string;
};
export type CacheStats = { hits: number; misses: number; entries: number; bytes: number; maxBytes: number };

type Entry = CachedBody & { version: number; bytes: number; at: number };

/** Bodies smaller than this are sent as they are (gzip would not pay). */
const GZIP_FROM = 1_024;

export function createResponseCache(options: { maxBytes: number; maxAgeMs?: number }) {
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, { version: number; promise: Promise<CachedBody> }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.bytes;
  };

  return {
    enabled: options.maxBytes > 0,
    /** The answer for `key` at `version`, or null (counted as a miss). */
    get(key: string, version: number, now = Date.now()): CachedBody | null {
      const hit = entries.get(key);
      if (hit && hit.version === version && now - hit.at <= maxAgeMs) {
        hits++;
        entries.delete(key); // most recently used goes last
        entries.set(key, hit);
        return hit;
      }
      misses++;
      if (hit) drop(key);
      return null;
    },
    set(key: string, version: number, text: string, meta?: string, now = Date.now()): CachedBody {
      const body = Buffer.from(text);
      const gzip = body.length >= GZIP_FROM ? gzipSync(body) : null;
      const entry = {
        version,
        body,
        gzip,
        meta,
        at: now,
        bytes: body.length + (gzip?.length ?? 0) + key.length * 2 + 64,
      };
      if (entry.bytes > options.maxBytes) return entry;
      drop(key);
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const [k, v] of entries) {
        if (bytes <= options.maxBytes) break;
        entries.delete(k);
        bytes -= v.bytes;
      }
      return entry;
    },
    /**
     * The answer for `key` at `version`, computed at most once at a time per key (concurrent
     * misses wait for the same computation instead of each running it). An answer of this version
     * that is older than `maxAgeMs` is served as it is while one refresh runs in the background
     * ("STALE"): its counters are then at most `maxAgeMs` plus one computation old.
     */
    async fetch(
      key: string,
      version: number,
      compute: () => Promise<string>,
      now = Date.now(),
    ): Promise<{ body: CachedBody; state: "HIT" | "STALE" | "MISS" }> {
      const entry = entries.get(key);
      if (entry && entry.version === version) {
        hits++;
        entries.delete(key); // most recently used goes last
        entries.set(key, entry);
        if (now - entry.at <= maxAgeMs) return { body: entry, state: "HIT" };
        if (!inflight.has(key)) {
          const refresh = compute()
            .then((text) => this.set(key, version, text, undefined, now))
            .catch(() => entry) // the stale answer stays; the next request tries again
            .finally(() => inflight.delete(key));
          inflight.set(key, { version, promise: refresh });
        }
        return { body: entry, state: "STALE" };
      }
      misses++;
      const running = inflight.get(key);
      if (running && running.version === version) return { body: await running.promise, state: "MISS" };
      const promise = compute()
        .then((text) => this.set(key, version, text, undefined, now))
        .finally(() => inflight.delete(key));
      inflight.set(key, { version, promise });
      return { body: await promise, state: "MISS" };
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    stats: (): CacheStats => ({ hits, misses, entries: entries.size, bytes, maxBytes: options.maxBytes }),
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
