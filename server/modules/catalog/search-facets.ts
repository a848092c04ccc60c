import { z } from "zod";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

/**
 * Every tag and category name active tools carry, as `tools.search_facets` holds them (ADR 0035):
 * a few hundred strings, read once per catalogue change (memoised by the content version), so a
 * search decides in memory whether its words name a kind of tool — no per-request query, and the
 * search sends only facets that exist.
 */
const FacetRow = z.object({ f: z.string() });

export async function searchFacetVocabulary(db: Db): Promise<ReadonlySet<string>> {
  return memoByVersion(db, "catalog:search-facets", async () => {
    const rows = await queryRows(
      db,
      sql`SELECT DISTINCT f FROM tools t, unnest(t.search_facets) AS f WHERE t.status = 'active'`,
      FacetRow,
    );
    return new Set(rows.map((r) => r.f));
  });
}
