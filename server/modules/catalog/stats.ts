import { sql } from "drizzle-orm";
import { z } from "zod";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";

/** Figures the site shows about itself — always counted, never typed in. */
export const CatalogStats = z.object({
  tools: z.number(),
  categories: z.number(),
  providers: z.number(),
  freeToStart: z.number(),
  openSource: z.number(),
});
export type CatalogStats = z.infer<typeof CatalogStats>;

const ToolNotesRow = z.object({
  rank: z.number().nullable(),
  context: z.string().nullable(),
  total: z.number(),
  free: z.number(),
});

export async function catalogStats(db: Db): Promise<CatalogStats> {
  return memoByVersion(db, "catalog:stats", () => countStats(db));
}

async function countStats(db: Db): Promise<CatalogStats> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS tools,
          count(DISTINCT category_id)::int AS categories,
          count(DISTINCT provider_id)::int AS providers,
          count(*) FILTER (WHERE pricing_model IN ('free', 'freemium', 'open_source'))::int AS "freeToStart",
          count(*) FILTER (WHERE pricing_model = 'open_source')::int AS "openSource"
        FROM tools WHERE status = 'active'`,
    CatalogStats,
  );
  return row ?? { tools: 0, categories: 0, providers: 0, freeToStart: 0, openSource: 0 };
}

/**
 * Notes for the tool-of-the-day card: its place in this week's trending ranking (the community
 * trending job's table; no note when it is not trending), and a fact about its category.
 */
export async function toolNotes(
  db: Db,
  tool: { id: string; category_id: number; category: string },
): Promise<{ trending: string | null; didYouKnow: string | null }> {
  const [row] = await queryRows(
    db,
    sql`SELECT
          (SELECT rank FROM trending_tools WHERE tool_id = ${tool.id}::uuid) AS rank,
          (SELECT context FROM trending_tools WHERE tool_id = ${tool.id}::uuid) AS context,
          (SELECT count(*)::int FROM tools WHERE category_id = ${tool.category_id} AND status = 'active') AS total,
          (SELECT count(*)::int FROM tools WHERE category_id = ${tool.category_id} AND status = 'active'
             AND pricing_model IN ('free', 'freemium', 'open_source')) AS free`,
    ToolNotesRow,
  );
  if (!row) return { trending: null, didYouKnow: null };
  const trending = row.rank && row.context ? `Trending #${row.rank} this week: ${row.context}.` : null;
  const didYouKnow =
    row.total > 1
      ? `Did you know? ${row.free.toLocaleString("en-US")} of the ${row.total.toLocaleString("en-US")} ${tool.category} tools in our catalogue can be started for free.`
      : null;
  return { trending, didYouKnow };
}
