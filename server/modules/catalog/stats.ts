import { sql } from "drizzle-orm";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";

/** Figures the site shows about itself — always counted, never typed in. */
export type CatalogStats = {
  tools: number;
  categories: number;
  providers: number;
  freeToStart: number;
  openSource: number;
};

export async function catalogStats(db: Db): Promise<CatalogStats> {
  return memoByVersion(db, "catalog:stats", () => countStats(db));
}

async function countStats(db: Db): Promise<CatalogStats> {
  const [row] = await queryRows<CatalogStats>(
    db,
    sql`SELECT count(*)::int AS tools,
          count(DISTINCT category_id)::int AS categories,
          count(DISTINCT provider_id)::int AS providers,
          count(*) FILTER (WHERE pricing_model IN ('free', 'freemium', 'open_source'))::int AS "freeToStart",
          count(*) FILTER (WHERE pricing_model = 'open_source')::int AS "openSource"
        FROM tools WHERE status = 'active'`,
  );
  return row ?? { tools: 0, categories: 0, providers: 0, freeToStart: 0, openSource: 0 };
}

/** Notes for the tool-of-the-day card: real outbound clicks this week, and a fact about its category. */
export async function toolNotes(
  db: Db,
  tool: { id: string; category_id: number; category: string },
): Promise<{ trending: string | null; didYouKnow: string | null }> {
  const [row] = await queryRows<{ clicks: number; total: number; free: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM tool_events WHERE tool_id = ${tool.id}::uuid AND kind = 'click'
             AND created_at > now() - interval '7 days') AS clicks,
          (SELECT count(*)::int FROM tools WHERE category_id = ${tool.category_id} AND status = 'active') AS total,
          (SELECT count(*)::int FROM tools WHERE category_id = ${tool.category_id} AND status = 'active'
             AND pricing_model IN ('free', 'freemium', 'open_source')) AS free`,
  );
  if (!row) return { trending: null, didYouKnow: null };
  const trending =
    row.clicks > 0
      ? `Trending: ${row.clicks.toLocaleString("en-US")} ${row.clicks === 1 ? "visit" : "visits"} to its site from Toolscape this week.`
      : null;
  const didYouKnow =
    row.total > 1
      ? `Did you know? ${row.free.toLocaleString("en-US")} of the ${row.total.toLocaleString("en-US")} ${tool.category} tools in our catalogue can be started for free.`
      : null;
  return { trending, didYouKnow };
}
