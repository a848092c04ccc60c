import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { lockDeal } from "./deal-rows.ts";
import { deals } from "./tables.ts";

export async function deleteDeal(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, id);
    await tx.delete(deals).where(eq(deals.id, id));
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
