import { z } from "zod";
import { QUALITY_WEIGHTS } from "../../server/modules/catalog/quality-scores.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";

/**
 * The tools a reader meets first on a freshly seeded site (issue 36: "the most-viewed tools"): the
 * default order of /tools, the quality order (catalog/tools.ts `quality`, ADR 0075, /how-we-rank). A new
 * catalogue has no views, so this is the order that decides what is seen. The editors' summary's own
 * weight is taken out of the score, so the list does not depend on which summaries exist (adding one
 * would otherwise lift its tool into the list it is measured against).
 */
export async function topToolSlugs(db: Db, n = 200): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`SELECT t.slug FROM tools t WHERE t.status = 'active'
        ORDER BY t.quality_score
          - CASE WHEN coalesce(t.editorial_summary, '') <> ''
              THEN ${QUALITY_WEIGHTS.completeness.editorialSummary}::float8 ELSE 0 END DESC,
          lower(t.name) ASC, t.id
        LIMIT ${n}`,
    z.object({ slug: z.string() }),
  );
  return rows.map((r) => r.slug);
}
