import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { itemsOf, SUMMARY_SELECT, SummaryRow } from "./top-list-rows.ts";

/** The public lists of one member, as the public profile shows them (title and tool names). */
export async function listPublicTopListsByUser(
  db: Db,
  userId: string,
): Promise<{ title: string; slug: string; tools: string[] }[]> {
  const rows = await queryRows(
    db,
    sql`${SUMMARY_SELECT} WHERE l.user_id = ${userId} AND l.is_public ORDER BY l.editorial DESC, l.updated_at DESC`,
    SummaryRow,
  );
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
    true,
  );
  return rows.map((r) => ({ title: r.title, slug: r.slug, tools: (items.get(r.id) ?? []).map((t) => t.name) }));
}
