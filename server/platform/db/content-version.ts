import type { Db } from "./index.ts";
import { readVersions } from "./versions.ts";

/**
 * The database's content version (bumped by triggers on every change a public page shows; see
 * migration 0003). Values derived from the catalogue can be memoised against it: one tiny query
 * decides whether a cached value is still true, on every app instance.
 *
 * The triggers are statement triggers: an UPDATE of a watched column moves the version even when it
 * changes no row, and empties every page cache. A job that rewrites derived figures (the rating
 * recount) checks first whether anything differs and skips the UPDATE when nothing does (ADR 0052).
 */
export async function contentVersion(db: Db): Promise<number> {
  // Read with the viewer version, concurrent callers sharing reads (versions.ts).
  return (await readVersions(db)).content;
}

type Memo = { version: number; value: unknown };
// Per database, held weakly: a closed database (a test file's, in a shared worker) is not kept alive.
const memosByDb = new WeakMap<Db, Map<string, Memo>>();
const MAX_MEMOS = 500;

/** Runs `compute` only when the content version moved since the last call with this key (per database). */
export async function memoByVersion<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const version = await contentVersion(db);
  let memos = memosByDb.get(db);
  if (!memos) {
    memos = new Map();
    memosByDb.set(db, memos);
  }
  const hit = memos.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const value = await compute();
  if (memos.size >= MAX_MEMOS) memos.delete(memos.keys().next().value as string);
  memos.set(key, { version, value });
  return value;
}
