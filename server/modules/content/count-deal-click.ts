import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";

/** Counts one outbound click on a deal (inside the caller's click transaction). */
export async function countDealClick(tx: Db, dealId: string): Promise<void> {
  await tx.execute(sql`UPDATE deals SET clicks = clicks + 1 WHERE id = ${dealId}::uuid`);
}
