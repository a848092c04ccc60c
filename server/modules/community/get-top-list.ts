import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { UUID } from "../../platform/ids.ts";
import { itemsOf, SUMMARY_SELECT, SummaryRow, type TopListDetail, toDetail } from "./top-list-rows.ts";

const SLUG = /^[a-z0-9-]{1,120}$/;

/**
 * One list by slug (or id). A private list exists only for its owner: anyone else gets null (404),
 * the same answer as for a list that does not exist, so private titles cannot be probed.
 */
export async function getTopList(db: Db, slugOrId: string, viewerId: string | null): Promise<TopListDetail | null> {
  const key = slugOrId.trim().toLowerCase();
  if (!SLUG.test(key)) return null;
  const [row] = await queryRows(
    db,
    sql`${SUMMARY_SELECT} WHERE ${UUID.test(key) ? sql`l.id = ${key}::uuid` : sql`l.slug = ${key}`} LIMIT 1`,
    SummaryRow,
  );
  if (!row) return null;
  const owner = viewerId !== null && row.user_id === viewerId;
  if (!row.is_public && !owner) return null;
  const items = await itemsOf(db, [row.id], !owner);
  return toDetail(row, items.get(row.id) ?? [], viewerId);
}
