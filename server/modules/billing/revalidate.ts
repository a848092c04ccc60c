import { and, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { getPlan, unusedValueCents } from "./plans.ts";
import { ProviderError } from "./providers/types.ts";
import { creditBalance, liveSubscription, type OrderRow, orderById } from "./queries.ts";
import { sendBillingNotice } from "./receipts.ts";
import { providerFor } from "./registry.ts";
import { paymentOrders, payments as paymentsTable } from "./tables.ts";
import { recordEvent } from "./tier.ts";
import type { BillingServices } from "./types.ts";

/**
 * ADR 0024: an order is priced when it is created and checked again when it is approved or captured,
 * against the account as it is then. Why an order no longer holds:
 * - replaced: the member started a newer checkout (creating an order voids the others);
 * - changed: the account changed since it was priced (a plan bought, upgraded, refunded or ended;
 *   the upgrade credit or tool credit it counted on is gone; the plan's price changed).
 */
export type StaleReason = "replaced" | "changed";

/** Statuses in which an order may still be paid. */
export const OPEN_ORDER_STATUSES = ["created", "approved"] as const;

/** What the buyer is told (checkout page, verify API): why, and that nothing (or a refund) moved. */
export function staleMessage(reason: StaleReason, refunded: boolean): string {
  const why =
    reason === "replaced"
      ? "This checkout was replaced by a newer one you started, so it was cancelled."
      : "Your account changed after this checkout was started (a plan was bought, upgraded, refunded or ended), so its price no longer holds and it was cancelled.";
  const money = refunded ? " The payment was refunded to you in full." : " Nothing was charged.";
  return `${why}${money} A fresh checkout shows the price as it is now.`;
}

/**
 * Re-prices `order` against the account now (call inside the member's lock for the final word).
 * Null when it still holds. The upgrade credit is re-computed for the moment the order was priced
 * (it shrinks by the hour), so an order is not stale just because the buyer took a minute to pay.
 */
export async function staleReason(db: Db, order: OrderRow): Promise<StaleReason | null> {
  if (!(OPEN_ORDER_STATUSES as readonly string[]).includes(order.status)) return "replaced";
  const live = await liveSubscription(db, order.userId);
  const plan = await getPlan(db, order.tier as "standard" | "expert");
  if (plan.amountCents !== order.listAmountCents) return "changed";
  const upgradeCreditCents = order.creditAppliedCents - order.ledgerCreditCents;
  if (order.kind === "renewal") {
    // The renewal of the subscription it was made for, still live.
    if (!live || live.id !== order.subscriptionId || live.tier !== order.tier) return "changed";
  } else if (order.kind === "upgrade") {
    if (live?.status !== "active" || live.id !== order.subscriptionId || live.tier !== "standard") {
      return "changed";
    }
    const standard = await getPlan(db, "standard");
    if (unusedValueCents(live, standard, order.createdAt) !== upgradeCreditCents) return "changed";
  } else {
    // A first plan: nothing live that it would double (an active plan) or that it should renew.
    if (upgradeCreditCents !== 0) return "changed";
    if (live?.status === "active") return "changed";
    if (live?.status === "past_due" && live.tier === order.tier) return "changed";
  }
  if (order.ledgerCreditCents > 0 && (await creditBalance(db, order.userId)) < order.ledgerCreditCents) {
    return "changed";
  }
  if (order.amountCents !== order.listAmountCents - order.creditAppliedCents) return "changed";
  return null;
}

/**
 * Voids an open order: ours first (status voided, an event), then the provider's (cancelOrder). A
 * provider that cannot cancel is logged: the order is void here whatever it says, and a capture
 * that still arrives is refunded when it is applied. Returns false when the order was not open.
 */
export async function voidOrder(
  services: BillingServices,
  order: OrderRow,
  reason: StaleReason,
  tx?: Db,
): Promise<boolean> {
  const now = services.clock.now();
  const db = tx ?? services.db;
  const [row] = await db
    .update(paymentOrders)
    .set({ status: "voided", updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, [...OPEN_ORDER_STATUSES])))
    .returning();
  if (!row) return false;
  await recordEvent(db, {
    userId: order.userId,
    type: "order_voided",
    at: now,
    detail: { orderId: order.id, tier: order.tier, kind: order.kind, reason, amountCents: order.amountCents },
  });
  if (!tx) await cancelAtProvider(services, row);
  return true;
}

export async function cancelAtProvider(services: BillingServices, order: OrderRow): Promise<void> {
  const provider = providerFor(services, order.provider);
  if (!provider || !order.providerOrderId) return;
  try {
    await provider.cancelOrder(order.providerOrderId);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    services.logger.warn("provider could not cancel a voided order", { orderId: order.id, err: error.message });
  }
}

/**
 * Voids every other open order of the member (a new checkout replaces them). Inside the caller's
 * transaction; returns the voided orders so the caller can cancel them at their providers after commit.
 */
export async function voidOtherOpenOrders(
  services: BillingServices,
  tx: Db,
  userId: string,
  keepOrderId: string,
): Promise<OrderRow[]> {
  const o = paymentOrders;
  const open = await tx
    .select()
    .from(o)
    .where(and(eq(o.userId, userId), inArray(o.status, [...OPEN_ORDER_STATUSES]), ne(o.id, keepOrderId)));
  const voided: OrderRow[] = [];
  for (const order of open) {
    // A renewal charge the jobs make is not a checkout: a new checkout does not replace it.
    if (order.idempotencyKey?.startsWith("renewal:")) continue;
    if (await voidOrder(services, order, "replaced", tx)) voided.push(order);
  }
  return voided;
}

/**
 * A payment captured for a voided order (the provider took it before or despite the void): refund
 * it through the provider and record it. Idempotent (the refund's idempotency key is the payment's);
 * a failure is left for the hourly sweep, which calls this again.
 */
export async function refundVoidedPayment(services: BillingServices, paymentId: string): Promise<boolean> {
  const { db } = services;
  const [payment] = await db.select().from(paymentsTable).where(eq(paymentsTable.id, paymentId));
  if (payment?.status !== "captured") return false;
  const order = await orderById(db, payment.orderId);
  if (order?.status !== "voided") return false;
  const provider = providerFor(services, payment.provider);
  if (!provider) return false;
  let providerRefundId: string;
  try {
    const result = await provider.refund({
      providerPaymentId: payment.providerPaymentId,
      ...(order.providerOrderId ? { providerOrderId: order.providerOrderId } : {}),
      amount: { amountCents: payment.amountCents, currency: "USD" },
      idempotencyKey: `refund-${payment.id}`,
      reason: "Checkout no longer valid: refunded automatically",
    });
    if (result.status === "failed") throw new ProviderError(payment.provider, "refund failed");
    providerRefundId = result.providerRefundId;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    services.logger.warn("refund of a voided order's payment failed; the sweep retries", {
      paymentId: payment.id,
      err: error.message,
    });
    return false;
  }
  const now = services.clock.now();
  const done = await transaction(db, async (tx) => {
    const [row] = await tx
      .update(paymentsTable)
      .set({ status: "refunded", refundedAt: now, providerRefundId })
      .where(and(eq(paymentsTable.id, payment.id), eq(paymentsTable.status, "captured")))
      .returning();
    if (!row) return false;
    await recordEvent(tx, {
      userId: payment.userId,
      type: "refunded",
      at: now,
      paymentId: payment.id,
      detail: { amountCents: payment.amountCents, currency: payment.currency, how: "voided_order", orderId: order.id },
    });
    return true;
  });
  if (done) {
    await sendBillingNotice(
      services,
      payment.userId,
      "Your Toolscape payment was refunded",
      `A payment of ${(payment.amountCents / 100).toFixed(2)} ${payment.currency} was for a checkout that no longer held (your account had changed or you had started a newer checkout), so it was refunded in full. Your plan is unchanged. Start a fresh checkout from /pricing if you still want to change plans.`,
    );
  }
  return done;
}

/** The sweep: payments still captured on voided orders (a refund that failed earlier). */
export async function refundPendingVoidedPayments(services: BillingServices): Promise<number> {
  const rows = await services.db
    .select({ id: paymentsTable.id })
    .from(paymentsTable)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentsTable.orderId))
    .where(and(eq(paymentsTable.status, "captured"), eq(paymentOrders.status, "voided")));
  let n = 0;
  for (const { id } of rows) if (await refundVoidedPayment(services, id)) n++;
  return n;
}

const VoidedOrderRow = z.object({ reason: z.string().nullable(), paid: z.boolean() });

/** Why an order was voided and whether a payment for it was (or is being) refunded: for the buyer's page. */
export async function voidedOrderInfo(db: Db, orderId: string): Promise<{ reason: StaleReason; refunded: boolean }> {
  const [row] = await queryRows(
    db,
    sql`SELECT (SELECT detail->>'reason' FROM billing_events
                 WHERE type = 'order_voided' AND detail->>'orderId' = ${orderId}
                 ORDER BY at LIMIT 1) AS reason,
               EXISTS (SELECT 1 FROM payments WHERE order_id = ${orderId}::uuid) AS paid`,
    VoidedOrderRow,
  );
  return { reason: row?.reason === "changed" ? "changed" : "replaced", refunded: row?.paid === true };
}
