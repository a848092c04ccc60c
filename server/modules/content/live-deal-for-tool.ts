import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type CanSee, CardRow, cardSelect, type DealCard, live, opens, PUBLIC, toCard } from "./deal-rows.ts";

/**
 * The tool page's side card: the tool's live deal this viewer may open (featured first, then the best
 * discount). A marked deal the viewer cannot open is not offered (default: the public's view).
 */
export async function liveDealForTool(
  db: Db,
  toolId: string,
  now: Date,
  can: CanSee = PUBLIC,
): Promise<DealCard | null> {
  const [row] = await queryRows(
    db,
    sql`${cardSelect(now)} WHERE d.tool_id = ${toolId}::uuid AND ${live(now)} AND ${opens(can)}
        ORDER BY d.featured DESC, d.discount_percent DESC NULLS LAST, d.expires_at ASC LIMIT 1`,
    CardRow,
  );
  return row ? toCard(row) : null;
}
