import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { type DealFormData, dealColumns, toolIdOf, values } from "./deal-form.ts";
import { lockDeal } from "./deal-rows.ts";
import { deals } from "./tables.ts";

export async function updateDeal(db: Db, actor: Actor, id: string, input: DealFormData, now: Date): Promise<void> {
  const toolId = await toolIdOf(db, input.tool);
  const v = values(input, toolId, now);
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, id);
    await tx
      .update(deals)
      .set({ ...dealColumns(v), updatedAt: now })
      .where(eq(deals.id, id));
    await recordAudit(tx, {
      actor,
      action: "deal.update",
      targetType: "deal",
      targetId: id,
      before,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
  });
}
