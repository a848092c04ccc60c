import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { type DuplicateCandidate, withSides } from "./duplicate-sides.ts";

const StoredCandidateRow = z.object({
  a: z.string(),
  b: z.string(),
  score: z.number(),
  reasons: z.array(z.string()),
  computed_at: z.string(),
});
const LastComputedRow = z.object({ at: z.string().nullable() });

/**
 * The review page's list: read from the precomputed table (no scoring here), minus pairs dismissed
 * or merged since the last refresh. `computedAt` is when that refresh ran (null: never).
 */
export async function listStoredDuplicateCandidates(
  db: Db,
  options: { limit?: number } = {},
): Promise<{ candidates: DuplicateCandidate[]; computedAt: string | null }> {
  const rows = await queryRows(
    db,
    sql`SELECT d.tool_a::text AS a, d.tool_b::text AS b, d.score::float8 AS score, d.reasons, d.computed_at
        FROM tool_duplicate_candidates d
        JOIN tools ta ON ta.id = d.tool_a JOIN tools tb ON tb.id = d.tool_b
        WHERE ta.status = 'active' AND ta.merged_into_id IS NULL AND tb.status = 'active' AND tb.merged_into_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM tool_duplicate_dismissals x WHERE x.tool_a = d.tool_a AND x.tool_b = d.tool_b)
        ORDER BY d.score DESC, d.tool_a
        LIMIT ${options.limit ?? 50}`,
    StoredCandidateRow,
  );
  const [last] = await queryRows(
    db,
    sql`SELECT max(computed_at) AS at FROM tool_duplicate_candidates`,
    LastComputedRow,
  );
  const candidates = await withSides(
    db,
    rows.map((r) => ({ a: r.a, b: r.b, score: r.score, reasons: r.reasons })),
  );
  return { candidates, computedAt: last?.at ? new Date(last.at).toISOString() : null };
}
