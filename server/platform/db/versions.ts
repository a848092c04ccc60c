import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "./index.ts";

/**
 * The two counters the per-instance caches are checked against, read in one round trip: the content
 * version (public pages, migration "cache_version") and the viewer version (sessions, users,
 * profiles; migration "viewer_version"). Memoised per request, so the member page path, the session cache and the page cache share
 * one read.
 */
export type Versions = { content: number; viewer: number };

const perRequest = new WeakMap<Request, Promise<Versions>>();

/**
 * The versions as of some moment after the call: concurrent callers share reads, but never a read
 * that began before they asked (a read in flight may predate an edit they must see). A read starts
 * on the next turn of the event loop (`setImmediate`), so every request that arrived in the same
 * turn shares it; while one read runs, the callers that arrive join the next one, which starts when
 * it ends: at most one read at a time per database whatever the load, and every answer is at least
 * as new as the request. (Each cached page and API answer checks the versions. PGlite answers
 * within the same turn, so without the deferral no two reads ever overlapped and every request
 * paid one query: on a cached page that was about half the server's time.)
 */
export function readVersions(db: Db): Promise<Versions> {
  let s = coalescing.get(db);
  if (!s) {
    s = { running: false, next: null };
    coalescing.set(db, s);
  }
  if (s.next) return s.next.promise;
  let resolve!: (v: Versions) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<Versions>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  s.next = { promise, resolve, reject };
  if (!s.running) {
    const state = s;
    setImmediate(() => startNext(db, state));
  }
  return promise;
}

type Waiting = { promise: Promise<Versions>; resolve: (v: Versions) => void; reject: (err: unknown) => void };
type Coalescing = { running: boolean; next: Waiting | null };
const coalescing = new WeakMap<Db, Coalescing>();

function startNext(db: Db, s: Coalescing): void {
  const waiting = s.next;
  if (!waiting || s.running) return;
  s.next = null;
  s.running = true;
  queryVersions(db)
    .then(waiting.resolve, waiting.reject)
    .finally(() => {
      s.running = false;
      // Callers that arrived while it ran asked after it began: they get a read of their own.
      if (s.next) startNext(db, s);
    });
}

// Both counters are bigint: node-postgres gives a bigint as a string, PGlite as a number, so they are
// read as text (one shape on both engines) and Number() below. Built once: every request reads them.
const VersionsRow = z.object({ content: z.string().nullable(), viewer: z.string().nullable() });

async function queryVersions(db: Db): Promise<Versions> {
  const [row] = await queryRows(
    db,
    sql`SELECT (SELECT version::text FROM content_version WHERE id = 1) AS content,
               (SELECT version::text FROM viewer_version WHERE id = 1) AS viewer`,
    VersionsRow,
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
