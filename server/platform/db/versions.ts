import { sql } from "drizzle-orm";
import { type Db, queryRows } from "./index.ts";

/**
 * The two counters the per-instance caches are checked against, read in one round trip: the content
 * version (public pages, migration 0003) and the viewer version (sessions, users, profiles; migration
 * 0026). Memoised per request, so the member page path, the session cache and the page cache share
 * one read.
 */
export type Versions = { content: number; viewer: number };

const perRequest = new WeakMap<Request, Promise<Versions>>();

/**
 * The versions as of some moment after the call: concurrent callers share reads, but never a read
 * that began before they asked (a read in flight may predate an edit they must see). While one read
 * runs, the callers that arrive join the next one, which starts when it ends: at most two reads at
 * once per database whatever the load, and every answer is at least as new as the request. (Each
 * cached page and API answer checks the versions: at 50 connections this was one query per request,
 * through PGlite's single connection.)
 */
export function readVersions(db: Db): Promise<Versions> {
  let state = coalescing.get(db);
  if (!state) {
    state = { running: null, next: null };
    coalescing.set(db, state);
  }
  const s = state;
  if (!s.running) {
    s.running = queryVersions(db).finally(() => {
      s.running = s.next?.start() ?? null;
      s.next = null;
    });
    return s.running;
  }
  if (!s.next) {
    let start!: () => Promise<Versions>;
    const promise = new Promise<Versions>((resolve, reject) => {
      start = () => {
        const read = queryVersions(db).finally(() => {
          s.running = s.next?.start() ?? null;
          s.next = null;
        });
        read.then(resolve, reject);
        return read;
      };
    });
    s.next = { promise, start };
  }
  return s.next.promise;
}

type Coalescing = {
  running: Promise<Versions> | null;
  next: { promise: Promise<Versions>; start: () => Promise<Versions> } | null;
};
const coalescing = new WeakMap<Db, Coalescing>();

async function queryVersions(db: Db): Promise<Versions> {
  const [row] = await queryRows<{ content: string | number | null; viewer: string | number | null }>(
    db,
    sql`SELECT (SELECT version FROM content_version WHERE id = 1) AS content,
               (SELECT version FROM viewer_version WHERE id = 1) AS viewer`,
  );
  return { content: Number(row?.content ?? 0), viewer: Number(row?.viewer ?? 0) };
}

export function versionsFor(db: Db, request: Request): Promise<Versions> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = readVersions(db);
    perRequest.set(request, pending);
    pending.catch(() => perRequest.delete(request));
  }
  return pending;
}
