import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { type DealFormData, dealColumns, toolIdOf, values } from "./deal-form.ts";
import { deals } from "./tables.ts";

export async function createDeal(db: Db, actor: Actor, input: DealFormData, now: Date): Promise<string> {
  const toolId = await toolIdOf(db, input.tool);
  const v = values(input, toolId, now);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deals)
      .values({ ...dealColumns(v), createdAt: now, updatedAt: now })
      .returning({ id: deals.id });
    if (!row) throw new Error("deal was not stored");
    await recordAudit(tx, {
      actor,
      action: "deal.create",
      targetType: "deal",
      targetId: row.id,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
    return row.id;
  });
}
