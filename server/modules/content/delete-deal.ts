import { sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { lockDeal } from "./deal-rows.ts";

export async function deleteDeal(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, id);
    await tx.execute(sql`DELETE FROM deals WHERE id = ${id}::uuid`);
    await recordAudit(tx, {
      actor,
      action: "deal.delete",
      targetType: "deal",
      targetId: id,
      before,
      requestId: actor.requestId,
      at: now,
    });
  });
}
