import { sql } from "drizzle-orm";
import { type Db, queryRows } from "./index.ts";

/**
 * The two counters the per-instance caches are checked against, read in one round trip: the content
 * version (public pages, migration 0003) and the viewer version (sessions, users, profiles; migration
 * 0024). Memoised per request, so the member page path, the session cache and the page cache share
 * one read.
 */
export type Versions = { content: number; viewer: number };

const perRequest = new WeakMap<Request, Promise<Versions>>();

export async function readVersions(db: Db): Promise<Versions> {
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
