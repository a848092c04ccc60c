import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

const OkRow = z.object({ ok: z.boolean() });

/** A verified maker of the tool (maker_claims; read here, not through makers, which imports community). */
export async function isToolMaker(db: Db, userId: string, toolId: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM maker_claims WHERE tool_id = ${toolId}::uuid AND user_id = ${userId}
          AND status = 'verified') AS ok`,
    OkRow,
  );
  return row?.ok === true;
}
