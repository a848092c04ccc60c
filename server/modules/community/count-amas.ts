import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

const CountRow = z.object({ n: z.number() });

/** AMAs held or scheduled (not cancelled, tool listed): the /community card's figure. */
export async function countAmas(db: Db): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM amas a JOIN tools t ON t.id = a.tool_id AND t.status = 'active'
        WHERE a.cancelled_at IS NULL`,
    CountRow,
  );
  return Number(row?.n ?? 0);
}
