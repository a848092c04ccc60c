import { sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type DealFormData, toolIdOf, values } from "./deal-form.ts";
import { IdRow } from "./deal-rows.ts";

export async function createDeal(db: Db, actor: Actor, input: DealFormData, now: Date): Promise<string> {
  const toolId = await toolIdOf(db, input.tool);
  const v = values(input, toolId, now);
  return db.transaction(async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO deals (tool_id, deal_type, description, original_price_cents, deal_price_cents, discount_percent,
            coupon_code, url, featured, starts_at, expires_at, created_at, updated_at)
          VALUES (${v.tool_id}::uuid, ${v.deal_type}, ${v.description}, ${v.original_price_cents}, ${v.deal_price_cents},
            ${v.discount_percent}, ${v.coupon_code}, ${v.url}, ${v.featured}, ${v.starts_at}::timestamptz,
            ${v.expires_at}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING id`,
      IdRow,
    );
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
