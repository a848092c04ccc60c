import { and, eq, inArray } from "drizzle-orm";
import { type Db, sql, transaction } from "../../platform/db/index.ts";
import { sendReceipt } from "./receipts.ts";
import { payments as paymentsTable, subscriptions } from "./tables.ts";
import { lockMember, recomputeTier, recordEvent } from "./tier.ts";
import type { BillingServices } from "./types.ts";

/**
 * Marks payments refunded (once each), ends the subscription they paid for, reverses the credit
 * they granted or spent, tells the hooks (commissions) and recomputes the tier: one transaction.
 */
export async function recordRefunds(
  services: BillingServices,
  userId: string,
  refundIds: Map<string, string | null>,
  how: "requested" | "provider" | "operator",
  /** runs in the refund's transaction when at least one payment changed (the operator's audit row) */
  alsoInTx?: (tx: Db, changed: { id: string; amountCents: number }[]) => Promise<void>,
): Promise<{ id: string; amountCents: number }[]> {
  if (!refundIds.size) return [];
  const now = services.clock.now();
  const done = await transaction(services.db, async (tx) => {
    await lockMember(tx, userId);
    const changed: (typeof paymentsTable.$inferSelect)[] = [];
    for (const [paymentId, refundId] of refundIds) {
      const [row] = await tx
        .update(paymentsTable)
        .set({ status: "refunded", refundedAt: now, providerRefundId: refundId })
        .where(and(eq(paymentsTable.id, paymentId), eq(paymentsTable.status, "captured")))
        .returning();
      if (row) changed.push(row);
    }
    if (!changed.length) return changed;
    const subIds = [...new Set(changed.map((p) => p.subscriptionId).filter((id): id is string => Boolean(id)))];
    if (subIds.length) {
      await tx
        .update(subscriptions)
        .set({ status: "refunded", endedAt: now, endReason: "refunded", updatedAt: now })
        .where(and(inArray(subscriptions.id, subIds), inArray(subscriptions.status, ["active", "past_due"])));
    }
    // Credit given or spent with a refunded payment is reversed.
    await tx.execute(
      sql`INSERT INTO credit_ledger (user_id, amount_cents, reason, reference, payment_id, at)
          SELECT user_id, -amount_cents, 'refund_reversal', id::text, payment_id, ${now.toISOString()}::timestamptz
          FROM credit_ledger
          WHERE user_id = ${userId} AND reason <> 'refund_reversal'
            AND payment_id IN (${sql.join(
              changed.map((p) => sql`${p.id}::uuid`),
              sql`, `,
            )})
          ON CONFLICT DO NOTHING`,
    );
    for (const payment of changed) {
      await recordEvent(tx, {
        userId,
        type: "refunded",
        at: now,
        subscriptionId: payment.subscriptionId,
        paymentId: payment.id,
        detail: { amountCents: payment.amountCents, currency: payment.currency, how },
      });
      for (const hooks of services.billingHooks ?? []) {
        await hooks.paymentRefunded?.(tx, {
          paymentId: payment.id,
          userId,
          amount: { amountCents: payment.amountCents, currency: "USD" },
          at: now,
        });
      }
    }
    await recomputeTier(tx, userId, now);
    if (alsoInTx) await alsoInTx(tx, changed);
    return changed;
  });
  for (const payment of done) await sendReceipt(services, { kind: "refund", userId, paymentId: payment.id });
  return done;
}
