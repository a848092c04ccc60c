import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { CountRow } from "./story-rows.ts";

export async function countStories(db: Db): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM success_stories WHERE status = 'published'`,
    CountRow,
  );
  return Number(row?.n ?? 0);
}
