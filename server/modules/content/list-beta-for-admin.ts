import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type BetaCard, Row, SELECT, toCard } from "./beta-rows.ts";

/** Every programme for the admin page (including inactive and past ones), newest first. */
export async function listBetaForAdmin(db: Db, now: Date): Promise<BetaCard[]> {
  const rows = await queryRows(db, sql`${SELECT(null)} ORDER BY b.created_at DESC, b.id LIMIT 500`, Row);
  return rows.map((r) => toCard(r, now));
}
