import { and, eq, inArray } from "drizzle-orm";
import { DAY_MS, utcDay } from "../../platform/clock.ts";
import { transaction } from "../../platform/db/index.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { applyCapturedOrder } from "./apply.ts";
import type { PaidTier } from "./contracts.ts";
import { formatMoney, getPlan } from "./plans.ts";
import { type ProviderId, providerRefused } from "./providers/types.ts";
import { creditBalance, type SubscriptionRow } from "./queries.ts";
import { sendBillingNotice } from "./receipts.ts";
import { providerFor } from "./registry.ts";
import { RENEW_BEFORE_MS, scheduleSubscriptionJobs } from "./schedule.ts";
import { subById } from "./subscription-view.ts";
import { paymentOrders, subscriptions } from "./tables.ts";
import { lockMember, recomputeTier, recordEvent } from "./tier.ts";
import type { BillingServices } from "./types.ts";

export type AdvanceOutcome =
  | "none"
  | "not_due"
  | "renewed"
  | "renewal_failed"
  /** the provider's answer was unclear: the order stays open, to be settled by our reference or retried */
  | "renewal_unknown"
  | "cancelled"
  | "expired";

/**
 * Does whatever is due for one subscription at services.clock.now(): the renewal charge a day
 * before the period ends, the end of a cancelled period, the end of grace. Idempotent: the jobs,
 * the hourly sweep and tests may all call it.
 */
export async function advanceSubscription(services: BillingServices, subscriptionId: string): Promise<AdvanceOutcome> {
  const now = services.clock.now();
  const sub = await subById(services.db, subscriptionId);
  if (!sub) return "none";
  if (sub.status === "active") {
    const due = sub.cancelAtPeriodEnd
      ? sub.currentPeriodEnd <= now
      : sub.currentPeriodEnd.getTime() - RENEW_BEFORE_MS <= now.getTime();
    if (!due) {
      // The moment moved (a grant extended the period): make sure a job waits for the new one.
      await scheduleSubscriptionJobs(services, services.db, sub);
      return "not_due";
    }
    return sub.cancelAtPeriodEnd
      ? endSubscription(services, sub.id, "cancelled", "period_ended")
      : renewSubscription(services, sub);
  }
  if (sub.status === "past_due" && sub.graceUntil && sub.graceUntil <= now) {
    return endSubscription(services, sub.id, "expired", "grace_ended");
  }
  return "none";
}

async function endSubscription(
  services: BillingServices,
  subscriptionId: string,
  status: "cancelled" | "expired",
  reason: string,
): Promise<AdvanceOutcome> {
  const now = services.clock.now();
  const ended = await transaction(services.db, async (tx) => {
    const sub = await subById(tx, subscriptionId);
    if (!sub) return null;
    await lockMember(tx, sub.userId);
    const [row] = await tx
      .update(subscriptions)
      .set({ status, endedAt: now, endReason: reason, updatedAt: now })
      .where(and(eq(subscriptions.id, sub.id), inArray(subscriptions.status, ["active", "past_due"])))
      .returning();
    if (!row) return null;
    await recordEvent(tx, {
      userId: sub.userId,
      type: status === "expired" ? "expired" : "cancelled",
      at: now,
      subscriptionId: sub.id,
      detail: { reason, tier: sub.tier },
    });
    await recomputeTier(tx, sub.userId, now);
    return row;
  });
  if (!ended) return "none";
  if (status === "expired") {
    await sendBillingNotice(
      services,
      ended.userId,
      "Your Toolscape plan has ended",
      `We could not renew your plan and the grace period is over, so your account is on the Free plan now. You can choose a plan again any time at ${siteUrl(services.env, "/pricing")}.`,
    );
  }
  return status;
}

/** Charges the saved payment method for the next period (a renewal order, once per period). */
async function renewSubscription(services: BillingServices, sub: SubscriptionRow): Promise<AdvanceOutcome> {
  const { db } = services;
  const now = services.clock.now();
  const tier = sub.tier as PaidTier;
  const plan = await getPlan(db, tier);
  const balance = await creditBalance(db, sub.userId);
  const ledgerCreditCents = Math.max(0, Math.min(balance, plan.amountCents - 100));
  const key = `renewal:${sub.id}:${sub.currentPeriodEnd.toISOString()}`;
  await db
    .insert(paymentOrders)
    .values({
      userId: sub.userId,
      tier,
      kind: "renewal",
      provider: sub.provider as ProviderId,
      amountCents: plan.amountCents - ledgerCreditCents,
      listAmountCents: plan.amountCents,
      creditAppliedCents: ledgerCreditCents,
      ledgerCreditCents,
      currency: "USD",
      status: "created",
      idempotencyKey: key,
      subscriptionId: sub.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, sub.userId), eq(paymentOrders.idempotencyKey, key)));
  if (!order || order.status === "captured") return "renewed";
  if (order.status !== "created") return failRenewal(services, sub.id, "charge_failed");

  const provider = providerFor(services, sub.provider);
  if (!provider?.chargeSaved || !sub.paymentMethodToken) return failRenewal(services, sub.id, "no_saved_method");
  let state: Awaited<ReturnType<NonNullable<typeof provider.chargeSaved>>>;
  try {
    state = await provider.chargeSaved({
      orderId: order.id,
      paymentMethodToken: sub.paymentMethodToken,
      amount: { amountCents: order.amountCents, currency: "USD" },
      description: `Toolscape ${plan.name} renewal (${formatMoney(order.amountCents)})`,
      idempotencyKey: `renewal-${order.id}`,
    });
  } catch (error) {
    if (!providerRefused(error)) {
      // An unclear answer (timeout, lost connection, 5xx): the charge may have gone through. The order
      // stays open under our id, so a capture webhook matched by our reference settles it, and the
      // next try (the hourly sweep) charges under the same idempotency key, which the provider
      // answers with the first charge instead of a second one. Only at the period's end does grace
      // start, still leaving the order open.
      services.logger.warn("renewal charge: unclear answer from the provider", {
        subscriptionId: sub.id,
        orderId: order.id,
        err: error instanceof Error ? error.message : String(error),
      });
      if (sub.currentPeriodEnd > now) return "renewal_unknown";
      return failRenewal(services, sub.id, "charge_unknown");
    }
    services.logger.warn("renewal charge refused", { subscriptionId: sub.id, err: (error as Error).message });
    state = null;
  }
  if (state?.status === "captured") {
    await db
      .update(paymentOrders)
      .set({ providerOrderId: state.providerOrderId, updatedAt: now })
      .where(eq(paymentOrders.id, order.id));
    const applied = await applyCapturedOrder(services, order.id, state);
    if (applied === "applied" || applied === "already_applied") return "renewed";
  }
  await db
    .update(paymentOrders)
    .set({ status: "failed", providerOrderId: state?.providerOrderId ?? null, updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, "created")));
  return failRenewal(services, sub.id, state ? `charge_${state.status}` : "charge_failed");
}

async function failRenewal(services: BillingServices, subscriptionId: string, reason: string): Promise<AdvanceOutcome> {
  const now = services.clock.now();
  const changed = await transaction(services.db, async (tx) => {
    const sub = await subById(tx, subscriptionId);
    if (!sub) return null;
    await lockMember(tx, sub.userId);
    const plan = await getPlan(tx, sub.tier as PaidTier);
    const graceUntil = new Date(sub.currentPeriodEnd.getTime() + plan.graceDays * DAY_MS);
    const [row] = await tx
      .update(subscriptions)
      .set({ status: "past_due", graceUntil, updatedAt: now })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, "active")))
      .returning();
    if (!row) return null;
    await recordEvent(tx, {
      userId: sub.userId,
      type: "renewal_failed",
      at: now,
      subscriptionId: sub.id,
      detail: { reason },
    });
    await recordEvent(tx, {
      userId: sub.userId,
      type: "grace_started",
      at: now,
      subscriptionId: sub.id,
      detail: { graceUntil: graceUntil.toISOString() },
    });
    await recomputeTier(tx, sub.userId, now);
    await scheduleSubscriptionJobs(services, tx, row);
    return row;
  });
  if (changed?.graceUntil) {
    await sendBillingNotice(
      services,
      changed.userId,
      "We could not renew your Toolscape plan",
      `The renewal payment did not go through. Your plan stays on until ${utcDay(changed.graceUntil)}; pay again from ${siteUrl(services.env, "/pricing")} before then to keep it.`,
    );
  }
  return "renewal_failed";
}
