import { and, eq, isNull } from "drizzle-orm";
import { type Db, sql } from "../../platform/db/index.ts";
import { tools } from "../catalog/tables.ts";
import { amas } from "./gathering-tables.ts";

/** AMAs held or scheduled (not cancelled, tool listed): the /community card's figure. */
export async function countAmas(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(amas)
    .innerJoin(tools, and(eq(tools.id, amas.toolId), eq(tools.status, "active")))
    .where(isNull(amas.cancelledAt));
  return Number(row?.n ?? 0);
}
