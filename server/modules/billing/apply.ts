import { and, eq, inArray, lt } from "drizzle-orm";
import { DAY_MS } from "../../platform/clock.ts";
import { transaction } from "../../platform/db/index.ts";
import type { PaidTier, PaymentAppliedEvent } from "./contracts.ts";
import { getPlan } from "./plans.ts";
import type { OrderState, ProviderId } from "./providers/types.ts";
import { liveSubscription, orderById, type SubscriptionRow } from "./queries.ts";
import { sendReceipt } from "./receipts.ts";
import { OPEN_ORDER_STATUSES, refundVoidedPayment, staleReason } from "./revalidate.ts";
import { scheduleSubscriptionJobs } from "./schedule.ts";
import { creditLedger, paymentOrders, payments, subscriptions } from "./tables.ts";
import { lockMember, recomputeTier, recordEvent } from "./tier.ts";
import type { BillingServices } from "./types.ts";

/** voided: the order no longer held when its payment arrived (ADR 0024): the payment is refunded. */
export type ApplyOutcome = "applied" | "already_applied" | "refused" | "voided";

/**
 * Applies a captured order, exactly once: the payment row's UNIQUE (provider, provider_payment_id)
 * decides, inside one transaction with everything the payment changes (order, subscription, credit,
 * events, the tier, the hooks, the jobs). Callbacks, verify calls and webhooks all end here, in any
 * order and any number of times. `state` must have been re-read from the provider.
 */
export async function applyCapturedOrder(
  services: BillingServices,
  orderId: string,
  state: OrderState,
): Promise<ApplyOutcome> {
  const { db, logger } = services;
  const order = await orderById(db, orderId);
  if (!order) throw new Error(`applyCapturedOrder: no order ${orderId}`);
  const now = services.clock.now();
  const paid = state.amount;
  const mismatch =
    state.status !== "captured" ||
    !state.providerPaymentId ||
    !paid ||
    paid.amountCents !== order.amountCents ||
    paid.currency !== order.currency ||
    (state.reference !== null && state.reference !== order.id) ||
    state.providerOrderId !== order.providerOrderId;
  if (mismatch) {
    logger.warn("payment refused: does not match the order", {
      orderId: order.id,
      provider: order.provider,
      expected: { amountCents: order.amountCents, currency: order.currency },
      reported: {
        status: state.status,
        amount: paid,
        reference: state.reference,
        providerOrderId: state.providerOrderId,
      },
    });
    await transaction(db, async (tx) => {
      await recordEvent(tx, {
        userId: order.userId,
        type: "amount_mismatch",
        at: now,
        detail: {
          orderId: order.id,
          expectedCents: order.amountCents,
          reportedCents: paid?.amountCents ?? null,
          reportedCurrency: paid?.currency ?? null,
          providerPaymentId: state.providerPaymentId,
        },
      });
    });
    return "refused";
  }
  const providerPaymentId = state.providerPaymentId as string;

  const result = await transaction(db, async (tx) => {
    await lockMember(tx, order.userId);
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: order.userId,
        orderId: order.id,
        provider: order.provider,
        providerPaymentId,
        amountCents: paid.amountCents,
        currency: paid.currency,
        kind: order.kind,
        status: "captured",
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!payment) return null;
    const [fresh] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    if (fresh?.status === "captured") {
      // A second, different capture of one order cannot be applied twice: keep it for an operator.
      logger.error("second payment for one order", { orderId: order.id, providerPaymentId });
      await recordEvent(tx, { userId: order.userId, type: "duplicate_payment", at: now, paymentId: payment.id });
      return null;
    }
    // Checked again now, under the member's lock, against the account as it is (ADR 0024): a
    // payment for an order that no longer holds changes nothing and is refunded after commit.
    const stale = fresh ? await staleReason(tx, fresh) : "replaced";
    if (stale) {
      const voided = await tx
        .update(paymentOrders)
        .set({ status: "voided", updatedAt: now })
        .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, [...OPEN_ORDER_STATUSES])))
        .returning({ id: paymentOrders.id });
      if (voided.length) {
        await recordEvent(tx, {
          userId: order.userId,
          type: "order_voided",
          at: now,
          detail: {
            orderId: order.id,
            tier: order.tier,
            kind: order.kind,
            reason: stale,
            amountCents: order.amountCents,
          },
        });
      }
      await recordEvent(tx, {
        userId: order.userId,
        type: "payment_on_voided_order",
        at: now,
        paymentId: payment.id,
        detail: { orderId: order.id, amountCents: paid.amountCents, reason: stale },
      });
      logger.warn("payment for a voided order: refunding it", {
        orderId: order.id,
        paymentId: payment.id,
        reason: stale,
      });
      return { voidedPaymentId: payment.id, paymentId: null };
    }
    await tx.update(paymentOrders).set({ status: "captured", updatedAt: now }).where(eq(paymentOrders.id, order.id));

    const tier = order.tier as PaidTier;
    const plan = await getPlan(tx, tier);
    const period = plan.periodDays * DAY_MS;
    const live = await liveSubscription(tx, order.userId);
    let sub: SubscriptionRow;
    if (order.kind === "renewal" && live && live.tier === tier) {
      // The new period follows the old one (a late payment in grace does not lose the grace days).
      const start = live.currentPeriodEnd;
      const [renewed] = await tx
        .update(subscriptions)
        .set({
          status: "active",
          graceUntil: null,
          currentPeriodStart: start,
          currentPeriodEnd: new Date(start.getTime() + period),
          paymentMethodToken: state.paymentMethodToken ?? live.paymentMethodToken,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, live.id))
        .returning();
      sub = renewed as SubscriptionRow;
    } else {
      let firstPaymentAt = now;
      if (live) {
        // An upgrade keeps the money-back window of the first payment; anything else replaces it.
        if (order.kind === "upgrade" && live.firstPaymentAt) firstPaymentAt = live.firstPaymentAt;
        await tx
          .update(subscriptions)
          .set({
            status: "cancelled",
            endedAt: now,
            endReason: order.kind === "upgrade" ? "upgraded" : "replaced",
            updatedAt: now,
          })
          .where(eq(subscriptions.id, live.id));
      }
      const [created] = await tx
        .insert(subscriptions)
        .values({
          userId: order.userId,
          tier,
          status: "active",
          provider: order.provider,
          paymentMethodToken: state.paymentMethodToken ?? null,
          currentPeriodStart: now,
          currentPeriodEnd: new Date(now.getTime() + period),
          // An upgrade never turns renewal back on behind the member's back: a cancellation at
          // period end carries over to the new plan (the checkout says so; resume undoes it).
          cancelAtPeriodEnd: order.kind === "upgrade" && live ? live.cancelAtPeriodEnd : false,
          firstPaymentAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      sub = created as SubscriptionRow;
      if (order.kind === "upgrade" && live) {
        await recordEvent(tx, {
          userId: order.userId,
          type: "upgraded",
          at: now,
          subscriptionId: sub.id,
          paymentId: payment.id,
          detail: { from: live.tier, to: tier, creditCents: order.creditAppliedCents - order.ledgerCreditCents },
        });
      }
    }
    await tx.update(payments).set({ subscriptionId: sub.id }).where(eq(payments.id, payment.id));

    if (order.ledgerCreditCents > 0) {
      await tx
        .insert(creditLedger)
        .values({
          userId: order.userId,
          amountCents: -order.ledgerCreditCents,
          reason: "spent",
          reference: order.id,
          paymentId: payment.id,
          at: now,
        })
        .onConflictDoNothing();
      await recordEvent(tx, {
        userId: order.userId,
        type: "credit_applied",
        at: now,
        paymentId: payment.id,
        detail: { amountCents: order.ledgerCreditCents },
      });
    }
    if (plan.monthlyCreditCents > 0) {
      await tx
        .insert(creditLedger)
        .values({
          userId: order.userId,
          amountCents: plan.monthlyCreditCents,
          reason: "monthly_tool_credit",
          reference: payment.id,
          paymentId: payment.id,
          at: now,
        })
        .onConflictDoNothing();
      await recordEvent(tx, {
        userId: order.userId,
        type: "credit_granted",
        at: now,
        paymentId: payment.id,
        detail: { amountCents: plan.monthlyCreditCents },
      });
    }
    await recordEvent(tx, {
      userId: order.userId,
      type: "payment_applied",
      at: now,
      subscriptionId: sub.id,
      paymentId: payment.id,
      detail: {
        orderId: order.id,
        tier,
        kind: order.kind,
        amountCents: paid.amountCents,
        currency: paid.currency,
        provider: order.provider,
        periodEnd: sub.currentPeriodEnd.toISOString(),
      },
    });
    await recomputeTier(tx, order.userId, now);
    const event: PaymentAppliedEvent = {
      paymentId: payment.id,
      userId: order.userId,
      tier,
      kind: order.kind,
      amount: { amountCents: paid.amountCents, currency: "USD" },
      provider: order.provider as ProviderId,
      at: now,
      firstPaymentAt: sub.firstPaymentAt ?? now,
    };
    for (const hooks of services.billingHooks ?? []) await hooks.paymentApplied?.(tx, event);
    await scheduleSubscriptionJobs(services, tx, sub);
    return { voidedPaymentId: null, paymentId: payment.id };
  });
  if (!result) return "already_applied";
  if (result.voidedPaymentId) {
    await refundVoidedPayment(services, result.voidedPaymentId);
    return "voided";
  }
  if (result.paymentId)
    await sendReceipt(services, { kind: "payment", userId: order.userId, paymentId: result.paymentId });
  return "applied";
}

/** Orders nobody finished within a week are marked expired (the sweep). */
export async function expireStaleOrders(services: BillingServices): Promise<number> {
  const cutoff = new Date(services.clock.now().getTime() - 7 * DAY_MS);
  const rows = await services.db
    .update(paymentOrders)
    .set({ status: "expired", updatedAt: services.clock.now() })
    .where(and(inArray(paymentOrders.status, ["created", "approved"]), lt(paymentOrders.createdAt, cutoff)))
    .returning({ id: paymentOrders.id });
  return rows.length;
}
