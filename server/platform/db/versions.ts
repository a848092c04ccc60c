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

/* ------------------------------------------------------------------ a member's own version */

// The version of what one member's own pages show (migration "member_versions", ADR 0059): saved
// searches and tools, today's views, badges. A member who never had such a write has no row: 0.
const MemberVersionRow = z.object({ user_id: z.string(), version: z.string() });

type MemberBatch = { ids: Set<string>; promise: Promise<Map<string, number>> };
type MemberReads = { running: boolean; next: MemberBatch | null; start: (() => void) | null };
const memberReads = new WeakMap<Db, MemberReads>();

/**
 * One member's version as of some moment after the call, read like the two counters above: the
 * members asked for in the same turn of the event loop are read in one statement, at most one such
 * read runs at a time per database, and no caller gets a read that began before it asked.
 */
export function readMemberVersion(db: Db, userId: string): Promise<number> {
  let s = memberReads.get(db);
  if (!s) {
    s = { running: false, next: null, start: null };
    memberReads.set(db, s);
  }
  if (!s.next) {
    const state = s;
    const ids = new Set<string>();
    let begin!: () => void;
    const started = new Promise<void>((resolve) => {
      begin = resolve;
    });
    const promise = started.then(() =>
      queryRows(
        db,
        sql`SELECT user_id, version::text AS version FROM member_versions
            WHERE user_id IN (${sql.join(
              [...ids].map((id) => sql`${id}`),
              sql`, `,
            )})`,
        MemberVersionRow,
      ).then((rows) => new Map(rows.map((r) => [r.user_id, Number(r.version)]))),
    );
    state.next = { ids, promise };
    state.start = begin;
    const done = () => {
      state.running = false;
      startMemberBatch(state);
    };
    promise.then(done, done);
    if (!state.running) setImmediate(() => startMemberBatch(state));
  }
  const batch = s.next as MemberBatch;
  batch.ids.add(userId);
  return batch.promise.then((versions) => versions.get(userId) ?? 0);
}

function startMemberBatch(s: MemberReads): void {
  if (s.running || !s.next || !s.start) return;
  const begin = s.start;
  s.next = null;
  s.start = null;
  s.running = true;
  begin();
}

/* ------------------------------------------------------------------ bulk jobs: one move of the content version */

/**
 * Runs a bulk job (hundreds of transactions: the derived rows' backfill) so that it moves the content
 * version once, when it ends, instead of once per statement (migration "bulk_content_version"). Every
 * transaction begun through the `Db` handed to `run` sets the transaction-local setting the trigger
 * function reads; other writers are untouched. The version moves even when `run` fails part way (what it
 * committed is shown), and statements run outside a transaction still move it themselves.
 */
export async function asOneContentChange<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  const deferring = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "transaction") {
        // No transaction config is passed anywhere (`transaction()` in index.ts takes none).
        return (fn: (tx: Db) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            await tx.execute(sql`SELECT set_config('toolscape.defer_content_version', 'on', true)`);
            return fn(tx as unknown as Db);
          });
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  try {
    return await run(deferring);
  } finally {
    await db.execute(sql`UPDATE content_version SET version = version + 1 WHERE id = 1`);
  }
}
