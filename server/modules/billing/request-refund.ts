import { and, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { utcDay } from "../../platform/clock.ts";
import { AppError } from "../../platform/errors.ts";
import type { PaidTier } from "./contracts.ts";
import { lastMoneyBackRefund, moneyBackAgainFrom } from "./money-back.ts";
import { getPlan, MONEY_BACK_ONCE_PER_MONTHS } from "./plans.ts";
import { ProviderError } from "./providers/types.ts";
import { liveSubscription } from "./queries.ts";
import { recordRefunds } from "./record-refunds.ts";
import { providerFor } from "./registry.ts";
import { refundDeadline } from "./subscription-view.ts";
import { paymentOrders, payments as paymentsTable } from "./tables.ts";
import type { BillingActor, BillingServices } from "./types.ts";

/** Nothing to fill in: every payment of the member's live plan is refunded. */
export const RequestRefundInput = z.object({});
export type RequestRefundInput = z.infer<typeof RequestRefundInput>;

/**
 * The 30-day money-back guarantee: within 30 days of the first payment, every payment made since
 * then is refunded through its provider, the plan ends at once (status refunded) and the tier is
 * recomputed (Free unless a grant or an override says otherwise). After 30 days: a 400.
 */
export async function requestRefund(
  services: BillingServices,
  actor: BillingActor,
  _input: RequestRefundInput,
): Promise<{ refundedCents: number; payments: number }> {
  const userId = actor.id;
  const { db } = services;
  const now = services.clock.now();
  const sub = await liveSubscription(db, userId);
  if (!sub) throw new AppError("bad_request", "You have no paid plan to refund");
  const plan = await getPlan(db, sub.tier as PaidTier);
  const deadline = refundDeadline(sub, plan.refundWindowDays);
  if (!deadline || deadline <= now) {
    throw new AppError(
      "bad_request",
      `Refunds are available within ${plan.refundWindowDays} days of your first payment${deadline ? ` (until ${utcDay(deadline)})` : ""}`,
    );
  }
  const lastMoneyBack = await lastMoneyBackRefund(db, userId, now);
  if (lastMoneyBack) {
    const next = moneyBackAgainFrom(lastMoneyBack);
    throw new AppError(
      "bad_request",
      `The money-back refund is available once in any ${MONEY_BACK_ONCE_PER_MONTHS} months: you had one on ${utcDay(lastMoneyBack)}, so the next is possible from ${utcDay(next)}. You can still cancel, and the plan stays until the end of the period.`,
    );
  }
  const firstPaymentAt = sub.firstPaymentAt as Date;
  const toRefund = await db
    .select()
    .from(paymentsTable)
    .where(
      and(
        eq(paymentsTable.userId, userId),
        eq(paymentsTable.status, "captured"),
        gte(paymentsTable.createdAt, firstPaymentAt),
      ),
    );
  const refundIds = new Map<string, string>();
  for (const payment of toRefund) {
    const provider = providerFor(services, payment.provider);
    if (!provider) throw new AppError("unavailable", "The payment provider is not available; please contact support");
    try {
      const [order] = await db
        .select({ providerOrderId: paymentOrders.providerOrderId })
        .from(paymentOrders)
        .where(eq(paymentOrders.id, payment.orderId));
      const result = await provider.refund({
        providerPaymentId: payment.providerPaymentId,
        ...(order?.providerOrderId ? { providerOrderId: order.providerOrderId } : {}),
        amount: { amountCents: payment.amountCents, currency: "USD" },
        idempotencyKey: `refund-${payment.id}`,
        reason: "30-day money-back guarantee",
      });
      if (result.status === "failed") throw new ProviderError(payment.provider, "refund failed");
      refundIds.set(payment.id, result.providerRefundId);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      services.logger.warn("refund failed at the provider", { paymentId: payment.id, err: error.message });
      throw new AppError("unavailable", "The refund could not be made just now. Please try again.");
    }
  }
  const done = await recordRefunds(services, userId, refundIds, "requested");
  return { refundedCents: done.reduce((s, p) => s + p.amountCents, 0), payments: done.length };
}
