import { and, eq } from "drizzle-orm";
import { type Db, sql } from "../../platform/db/index.ts";
import { makerClaims } from "../makers/tables.ts";

/** A verified maker of the tool (maker_claims; read here, not through makers, which imports community). */
export async function isToolMaker(db: Db, userId: string, toolId: string): Promise<boolean> {
  const m = makerClaims;
  const [row] = await db
    .select({ ok: sql<boolean>`true` })
    .from(m)
    .where(and(eq(m.toolId, toolId), eq(m.userId, userId), eq(m.status, "verified")))
    .limit(1);
  return row?.ok === true;
}
