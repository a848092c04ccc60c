import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { deals } from "./tables.ts";

/** Counts one outbound click on a deal (inside the caller's click transaction). */
export async function countDealClick(tx: Db, dealId: string): Promise<void> {
  await tx
    .update(deals)
    .set({ clicks: sql`${deals.clicks} + 1` })
    .where(eq(deals.id, dealId));
}
