import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { itemsOf, SUMMARY_SELECT, SummaryRow, type TopListDetail, toDetail } from "./top-list-rows.ts";

/** A member's own lists, public and private, with their tools (the dashboard). */
export async function listMyTopLists(db: Db, userId: string): Promise<TopListDetail[]> {
  const rows = await queryRows(
    db,
    sql`${SUMMARY_SELECT} WHERE l.user_id = ${userId} ORDER BY l.created_at, l.id`,
    SummaryRow,
  );
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
    false,
  );
  return rows.map((r) => toDetail(r, items.get(r.id) ?? [], userId));
}
