import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/index.ts";

/** The tool-merge step for content rows that point at a tool (deals, beta programmes). */
export async function moveToolRows(tx: Db, fromId: string, intoId: string): Promise<{ moved: number }> {
  const deals = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE deals SET tool_id = ${intoId}::uuid WHERE tool_id = ${fromId}::uuid RETURNING id`,
  );
  const betas = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE beta_programs SET tool_id = ${intoId}::uuid WHERE tool_id = ${fromId}::uuid RETURNING id`,
  );
  return { moved: deals.length + betas.length };
}
