import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { contentVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { processWide } from "../../platform/process-wide.ts";
import { yieldToEventLoop } from "../../platform/yield.ts";

/**
 * The vector leg (issue 32, ADR 0066): the published tools nearest the query's sentence embedding.
 * The stored vectors (tools.embedding, real[]) are held in process in one Float32Array and scanned
 * exactly — 2,658 tools × 512 dimensions is about a millisecond; a catalogue that outgrows a scan moves
 * to pgvector's index or a dedicated engine (ADR 0068).
 *
 * The copy follows the catalogue by difference: when the content version moves, one light read of
 * every published tool's id and vector key (the hash of the text it was computed from) says which
 * vectors are new or changed, and only those are read. At 100,000 tools a whole read of the vectors
 * took over 20 s and 3 GB and ran again at every change of the catalogue, and every concurrent search
 * started its own (`npm run bench`, 2026-11-29); now one refresh runs at a time and the searches that
 * arrive meanwhile wait for that one. A process's first read is the long one: the vector leg's page
 * budget (SEARCH_VECTOR_BUDGET_MS, search-hybrid.ts) lets a page answer without it meanwhile.
 */

const KeyRow = z.object({ id: z.string(), k: z.string() });
/**
 * Read through the driver's own parse of real[]: `array_to_string` was 1.5x faster at 100,000 tools but
 * printed fewer digits on PGlite, and those rounded vectors moved the jobs set's score (0.822 → 0.812).
 */
const VectorRow = z.object({ id: z.string(), v: z.array(z.number()) });
const IdRow = z.object({ id: z.string() });

/** Below this cosine a tool shares no more with the query than unrelated sentences do (measured on the judged sets). */
export const VECTOR_MIN_SIMILARITY = 0.3;
/** Changed vectors are read this many at a time. */
const READ_CHUNK = 1_000;

type Matrix = { ids: string[]; keys: string[]; dimension: number; data: Float32Array };
type Copy = { matrix: Matrix | null; version: number | null; signature: string; refreshing: Promise<void> | null };
const EMPTY: Matrix = { ids: [], keys: [], dimension: 0, data: new Float32Array(0) };
// Per database, held weakly: a closed database (a test file's, in a shared worker) is not kept alive. One map
// per process, not per copy of this module: the pages' build and the API's bundle search the same vectors.
const copies = processWide("catalog.tool-vectors", () => new WeakMap<Db, Copy>());

async function toolMatrix(db: Db): Promise<Matrix> {
  const version = await contentVersion(db);
  let copy = copies.get(db);
  if (!copy) {
    copy = { matrix: null, version: null, signature: "", refreshing: null };
    copies.set(db, copy);
  }
  const held = copy;
  if (held.version !== version && !held.refreshing) {
    held.refreshing = refreshMatrix(db, held, version).finally(() => {
      held.refreshing = null;
    });
    held.refreshing.catch(() => {}); // a failed refresh fails its waiters (the vector leg reports it); the next search tries again
  }
  // Searches wait for the refresh they share: a tool edited a moment ago is found by its new text.
  if (held.refreshing) await held.refreshing;
  return held.matrix ?? EMPTY;
}

const SignatureRow = z.object({ s: z.string() });
const PUBLISHED_VECTORS = sql`status = 'active' AND embedding IS NOT NULL AND embedding_key IS NOT NULL`;

async function refreshMatrix(db: Db, copy: Copy, version: number): Promise<void> {
  // Most changes of the catalogue (a review, a price) change no vector: one aggregate says so.
  const [sig] = await queryRows(
    db,
    sql`SELECT count(*)::text || ':' || coalesce(sum(hashtext(id::text || embedding_key)::bigint), 0)::text AS s
        FROM tools WHERE ${PUBLISHED_VECTORS}`,
    SignatureRow,
  );
  const signature = sig?.s ?? "";
  if (copy.matrix && signature === copy.signature) {
    copy.version = version;
    return;
  }
  const current = await queryRows(
    db,
    // By slug: tools as near as each other keep one order in every database (ids are random per seed).
    sql`SELECT id::text AS id, embedding_key AS k FROM tools WHERE ${PUBLISHED_VECTORS} ORDER BY slug`,
    KeyRow,
  );
  const old = copy.matrix ?? EMPTY;
  const oldAt = new Map(old.ids.map((id, i) => [id, i]));
  const changed = current.filter((r) => {
    const i = oldAt.get(r.id);
    return i === undefined || old.keys[i] !== r.k;
  });
  const fresh = new Map<string, Float32Array>();
  for (let i = 0; i < changed.length; i += READ_CHUNK) {
    const ids = changed.slice(i, i + READ_CHUNK).map((r) => r.id);
    const rows = await queryRows(
      db,
      sql`SELECT id::text AS id, embedding AS v FROM tools
          WHERE id = ANY (${`{${ids.join(",")}}`}::uuid[])`,
      VectorRow,
    );
    for (const r of rows) fresh.set(r.id, Float32Array.from(r.v));
  }
  // A whole reload (the first, or a new model: every key changed) takes the new vectors' dimension.
  const whole = changed.length === current.length;
  const dimension = (whole ? 0 : old.dimension) || (fresh.values().next().value?.length ?? 0);
  // A vector read now, or the one held when its key has not changed (never an old vector under a new key).
  const unchanged = (r: { id: string; k: string }) => {
    const i = oldAt.get(r.id);
    return i !== undefined && old.keys[i] === r.k;
  };
  const kept = current.filter((r) => {
    const v = fresh.get(r.id);
    return v ? v.length === dimension : unchanged(r);
  });
  const data = new Float32Array(kept.length * dimension);
  for (const [i, r] of kept.entries()) {
    const v = fresh.get(r.id);
    if (v) data.set(v, i * dimension);
    else {
      const from = (oldAt.get(r.id) as number) * dimension;
      data.set(old.data.subarray(from, from + dimension), i * dimension);
    }
  }
  copy.matrix = { ids: kept.map((r) => r.id), keys: kept.map((r) => r.k), dimension, data };
  copy.version = version;
  copy.signature = signature;
}

export type Nearest = { id: string; similarity: number };

/**
 * Rows scanned between two turns of the event loop. At 100,000 tools the scan takes about 40 ms;
 * in one piece it held back the relaxed leg's next statement for all of it (PostgreSQL, issue 32).
 */
const SCAN_SLICE = 10_000;

export async function nearestTools(db: Db, query: Float32Array, limit: number): Promise<Nearest[]> {
  const m = await toolMatrix(db);
  const { ids, dimension, data } = m;
  if (!ids.length || dimension !== query.length) return [];
  const best: Nearest[] = [];
  // The floor a tool must pass: the similarity minimum, then the worst of a full list.
  let floor = VECTOR_MIN_SIMILARITY;
  for (let i = 0, at = 0; i < ids.length; i++, at += dimension) {
    // A long scan lets the event loop in every SCAN_SLICE rows, so the search's other legs (answers
    // from the database, waiting to send their next statement) go on while it runs.
    if (i > 0 && i % SCAN_SLICE === 0) await yieldToEventLoop();
    const dot = dotAt(data, at, query);
    if (dot < floor) continue;
    if (best.length < limit) {
      best.push({ id: ids[i] as string, similarity: dot });
      if (best.length === limit) {
        best.sort((a, b) => b.similarity - a.similarity);
        floor = Math.max(floor, (best[limit - 1] as Nearest).similarity);
      }
    } else if (dot > floor) {
      best[limit - 1] = { id: ids[i] as string, similarity: dot };
      best.sort((a, b) => b.similarity - a.similarity);
      floor = (best[limit - 1] as Nearest).similarity;
    }
  }
  return best.sort((a, b) => b.similarity - a.similarity);
}

/** The dot product of `query` with the row of `data` that starts at `at`: four sums side by side (measured 1.6x faster). */
function dotAt(data: Float32Array, at: number, query: Float32Array): number {
  const n = query.length;
  const whole = n - (n % 4);
  let a = 0;
  let b = 0;
  let c = 0;
  let e = 0;
  let d = 0;
  for (; d < whole; d += 4) {
    a += (data[at + d] as number) * (query[d] as number);
    b += (data[at + d + 1] as number) * (query[d + 1] as number);
    c += (data[at + d + 2] as number) * (query[d + 2] as number);
    e += (data[at + d + 3] as number) * (query[d + 3] as number);
  }
  for (; d < n; d++) a += (data[at + d] as number) * (query[d] as number);
  return a + b + c + e;
}

/**
 * The vector leg's ranked ids under the listing's filters: the nearest tools, then only those the
 * filters keep (one indexed lookup by id), so a category or price filter applies to every leg alike.
 */
export async function vectorLeg(db: Db, query: Float32Array, filters: SQL, filtered: boolean, limit: number) {
  const near = await nearestTools(db, query, filtered ? limit * 4 : limit);
  if (!filtered || !near.length) return near.slice(0, limit);
  const kept = new Set(
    (
      await queryRows(
        db,
        sql`SELECT t.id::text AS id FROM tools t WHERE ${filters} AND t.id IN (${sql.join(
          near.map((n) => sql`${n.id}::uuid`),
          sql`, `,
        )})`,
        IdRow,
      )
    ).map((r) => r.id),
  );
  return near.filter((n) => kept.has(n.id)).slice(0, limit);
}
