import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type CanSee, IdRow, live, markJoin, opens, PUBLIC } from "./deal-rows.ts";

/** Whether the tool has a live deal this viewer may not open (the tool page names the plan for it). */
export async function hasLockedDeal(db: Db, toolId: string, now: Date, can: CanSee = PUBLIC): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT d.id FROM deals d JOIN tools t ON t.id = d.tool_id ${markJoin(now)}
        WHERE d.tool_id = ${toolId}::uuid AND ${live(now)} AND x.id IS NOT NULL AND NOT ${opens(can)} LIMIT 1`,
    IdRow,
  );
  return rows.length > 0;
}
