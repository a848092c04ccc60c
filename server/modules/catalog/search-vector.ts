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
  if (!m.ids.length || m.dimension !== query.length) return [];
  const best: Nearest[] = [];
  for (let i = 0; i < m.ids.length; i++) {
    let dot = 0;
    const at = i * m.dimension;
    for (let d = 0; d < m.dimension; d++) dot += (m.data[at + d] as number) * (query[d] as number);
    if (dot < VECTOR_MIN_SIMILARITY) continue;
    if (best.length < limit) {
      best.push({ id: m.ids[i] as string, similarity: dot });
      if (best.length === limit) best.sort((a, b) => b.similarity - a.similarity);
    } else if (dot > (best[limit - 1] as Nearest).similarity) {
      best[limit - 1] = { id: m.ids[i] as string, similarity: dot };
      best.sort((a, b) => b.similarity - a.similarity);
    }
  }
  return best.sort((a, b) => b.similarity - a.similarity);
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
