import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";

/**
 * The vector leg (issue 32, ADR 0066): the published tools nearest the query's sentence embedding.
 * The stored vectors (tools.embedding, real[]) are read once per content version into one Float32Array
 * and scanned exactly in process — 2,658 tools × 512 dimensions is about a millisecond; a catalogue
 * that outgrows a scan moves to pgvector's index or a dedicated engine (ADR 0068).
 */

const VectorRow = z.object({ id: z.string(), v: z.array(z.number()) });
const IdRow = z.object({ id: z.string() });

/** Below this cosine a tool shares no more with the query than unrelated sentences do (measured on the judged sets). */
export const VECTOR_MIN_SIMILARITY = 0.3;

type Matrix = { ids: string[]; dimension: number; data: Float32Array };

function toolMatrix(db: Db): Promise<Matrix> {
  return memoByVersion(db, "catalog:tool-vectors", async () => {
    const rows = await queryRows(
      db,
      sql`SELECT id::text AS id, embedding AS v FROM tools WHERE status = 'active' AND embedding IS NOT NULL`,
      VectorRow,
    );
    const dimension = rows[0]?.v.length ?? 0;
    const usable = rows.filter((r) => r.v.length === dimension);
    const data = new Float32Array(usable.length * dimension);
    for (const [i, r] of usable.entries()) data.set(r.v, i * dimension);
    return { ids: usable.map((r) => r.id), dimension, data };
  });
}

export type Nearest = { id: string; similarity: number };

export async function nearestTools(db: Db, query: Float32Array, limit: number): Promise<Nearest[]> {
  const m = await toolMatrix(db);
  const { ids, dimension, data } = m;
  if (!ids.length || dimension !== query.length) return [];
  const best: Nearest[] = [];
  // The floor a tool must pass: the similarity minimum, then the worst of a full list.
  let floor = VECTOR_MIN_SIMILARITY;
  for (let i = 0, at = 0; i < ids.length; i++, at += dimension) {
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
