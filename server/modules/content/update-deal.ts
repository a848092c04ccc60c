import { sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { type DealFormData, toolIdOf, values } from "./deal-form.ts";
import { lockDeal } from "./deal-rows.ts";

export async function updateDeal(db: Db, actor: Actor, id: string, input: DealFormData, now: Date): Promise<void> {
  const toolId = await toolIdOf(db, input.tool);
  const v = values(input, toolId, now);
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, id);
    await tx.execute(
      sql`UPDATE deals SET tool_id = ${v.tool_id}::uuid, deal_type = ${v.deal_type}, description = ${v.description},
            original_price_cents = ${v.original_price_cents}, deal_price_cents = ${v.deal_price_cents},
            discount_percent = ${v.discount_percent}, coupon_code = ${v.coupon_code}, url = ${v.url},
            featured = ${v.featured}, starts_at = ${v.starts_at}::timestamptz, expires_at = ${v.expires_at}::timestamptz,
            updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}::uuid`,
    );
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
