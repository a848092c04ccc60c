import { eq } from "drizzle-orm";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { topLists } from "./tables.ts";
import { itemsOf, SUMMARY_SELECT, SummaryRow, type TopListSummary, toSummary } from "./top-list-rows.ts";

/** Public lists for /top-lists and the API: editorial first, then the most recently updated. */
export async function listPublicTopLists(
  db: Db,
  options: { limit: number; offset: number },
): Promise<{ items: TopListSummary[]; total: number }> {
  const limit = Math.max(1, Math.min(100, Math.trunc(options.limit) || 20));
  const offset = Math.max(0, Math.trunc(options.offset) || 0);
  const [rows, [count]] = await Promise.all([
    queryRows(
      db,
      sql`${SUMMARY_SELECT} WHERE l.is_public
          ORDER BY l.editorial DESC, l.updated_at DESC, l.id LIMIT ${limit} OFFSET ${offset}`,
      SummaryRow,
    ),
    db.select({ n: sql<number>`count(*)::int` }).from(topLists).where(eq(topLists.isPublic, true)),
  ]);
  return { items: rows.map(toSummary), total: count?.n ?? 0 };
}

/** The names of the live tools of some lists, in list order (the spec's `tools` of a top list). */
export async function toolNamesOf(db: Db, listIds: string[]): Promise<Map<string, string[]>> {
  const items = await itemsOf(db, listIds, true);
  return new Map([...items].map(([id, tools]) => [id, tools.map((t) => t.name)]));
}
