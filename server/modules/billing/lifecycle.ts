import { and, sql as dsql, eq, gte, inArray } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { DAY_MS } from "../../platform/clock.ts";
import { type Db, queryRows, schema, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { applyCapturedOrder, expireStaleOrders } from "./apply.ts";
import type { PaidTier } from "./contracts.ts";
import { lastMoneyBackRefund, moneyBackAgainFrom } from "./money-back.ts";
import { unusedValueCents } from "./orders.ts";
import { formatMoney, getPlan, MONEY_BACK_ONCE_PER_MONTHS } from "./plans.ts";
import { ProviderError, type ProviderId, providerRefused } from "./providers/types.ts";
import { creditBalance, liveSubscription, type SubscriptionRow } from "./queries.ts";
import { sendBillingNotice, sendReceipt } from "./receipts.ts";
import { providerFor } from "./registry.ts";
import { refundPendingVoidedPayments } from "./revalidate.ts";
import { RENEW_BEFORE_MS, scheduleSubscriptionJobs } from "./schedule.ts";
import { lockMember, recomputeTier, recordEvent } from "./tier.ts";
import type { BillingServices, SubscriptionView, UpgradeQuote } from "./types.ts";

const day = (d: Date) => d.toISOString().slice(0, 10);

export function toSubscriptionView(sub: SubscriptionRow): SubscriptionView {
  return {
    id: sub.id,
    tier: sub.tier as PaidTier,
    status: sub.status,
    provider: sub.provider,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    graceUntil: sub.graceUntil,
    firstPaymentAt: sub.firstPaymentAt,
    endedAt: sub.endedAt,
  };
}

async function inTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return transaction(db, fn);
}

async function subById(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, id));
  return row ?? null;
}

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
  const ended = await inTx(services.db, async (tx) => {
    const sub = await subById(tx, subscriptionId);
    if (!sub) return null;
    await lockMember(tx, sub.userId);
    const [row] = await tx
      .update(schema.subscriptions)
      .set({ status, endedAt: now, endReason: reason, updatedAt: now })
      .where(and(eq(schema.subscriptions.id, sub.id), inArray(schema.subscriptions.status, ["active", "past_due"])))
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
    .insert(schema.paymentOrders)
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
    .from(schema.paymentOrders)
    .where(and(eq(schema.paymentOrders.userId, sub.userId), eq(schema.paymentOrders.idempotencyKey, key)));
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
      .update(schema.paymentOrders)
      .set({ providerOrderId: state.providerOrderId, updatedAt: now })
      .where(eq(schema.paymentOrders.id, order.id));
    const applied = await applyCapturedOrder(services, order.id, state);
    if (applied === "applied" || applied === "already_applied") return "renewed";
  }
  await db
    .update(schema.paymentOrders)
    .set({ status: "failed", providerOrderId: state?.providerOrderId ?? null, updatedAt: now })
    .where(and(eq(schema.paymentOrders.id, order.id), eq(schema.paymentOrders.status, "created")));
  return failRenewal(services, sub.id, state ? `charge_${state.status}` : "charge_failed");
}

async function failRenewal(services: BillingServices, subscriptionId: string, reason: string): Promise<AdvanceOutcome> {
  const now = services.clock.now();
  const changed = await inTx(services.db, async (tx) => {
    const sub = await subById(tx, subscriptionId);
    if (!sub) return null;
    await lockMember(tx, sub.userId);
    const plan = await getPlan(tx, sub.tier as PaidTier);
    const graceUntil = new Date(sub.currentPeriodEnd.getTime() + plan.graceDays * DAY_MS);
    const [row] = await tx
      .update(schema.subscriptions)
      .set({ status: "past_due", graceUntil, updatedAt: now })
      .where(and(eq(schema.subscriptions.id, sub.id), eq(schema.subscriptions.status, "active")))
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
      `The renewal payment did not go through. Your plan stays on until ${day(changed.graceUntil)}; pay again from ${siteUrl(services.env, "/pricing")} before then to keep it.`,
    );
  }
  return "renewal_failed";
}

async function requireLive(db: Db, userId: string): Promise<SubscriptionRow> {
  const sub = await liveSubscription(db, userId);
  if (!sub) throw new AppError("bad_request", "You have no paid plan");
  return sub;
}

/** Cancel at period end: no renewal; the plan stays until the period ends, then Free. */
export async function cancelAtPeriodEnd(services: BillingServices, userId: string): Promise<SubscriptionView> {
  const now = services.clock.now();
  let changed = false;
  const view = await inTx(services.db, async (tx) => {
    await lockMember(tx, userId);
    const sub = await requireLive(tx, userId);
    if (sub.status !== "active")
      throw new AppError("bad_request", "Your renewal already failed: the plan ends after the grace period");
    if (sub.cancelAtPeriodEnd) return toSubscriptionView(sub);
    const [row] = await tx
      .update(schema.subscriptions)
      .set({ cancelAtPeriodEnd: true, updatedAt: now })
      .where(eq(schema.subscriptions.id, sub.id))
      .returning();
    await recordEvent(tx, {
      userId,
      type: "cancel_requested",
      at: now,
      subscriptionId: sub.id,
      detail: { endsAt: sub.currentPeriodEnd.toISOString() },
    });
    await scheduleSubscriptionJobs(services, tx, row as SubscriptionRow);
    changed = true;
    return toSubscriptionView(row as SubscriptionRow);
  });
  // After the commit, and only when something changed (a repeat click sends nothing).
  if (changed) {
    await sendBillingNotice(
      services,
      userId,
      "Your Toolscape plan will not renew",
      `You cancelled ${view.tier === "expert" ? "Expert" : "Standard"}. You keep it until ${day(view.currentPeriodEnd)} and will not be charged again; after that your account is on the Free plan.\n\nChanged your mind? Resume before then from ${siteUrl(services.env, "/dashboard/billing")}.`,
    );
  }
  return view;
}

/** Undo a cancel before the period ends: renewals resume. */
export async function resumeSubscription(services: BillingServices, userId: string): Promise<SubscriptionView> {
  const now = services.clock.now();
  let changed = false;
  const view = await inTx(services.db, async (tx) => {
    await lockMember(tx, userId);
    const sub = await requireLive(tx, userId);
    if (!sub.cancelAtPeriodEnd) return toSubscriptionView(sub);
    if (sub.currentPeriodEnd <= now)
      throw new AppError("bad_request", "This plan has ended; choose a plan again at /pricing");
    const [row] = await tx
      .update(schema.subscriptions)
      .set({ cancelAtPeriodEnd: false, updatedAt: now })
      .where(eq(schema.subscriptions.id, sub.id))
      .returning();
    await recordEvent(tx, { userId, type: "cancel_undone", at: now, subscriptionId: sub.id });
    await scheduleSubscriptionJobs(services, tx, row as SubscriptionRow);
    changed = true;
    return toSubscriptionView(row as SubscriptionRow);
  });
  if (changed) {
    await sendBillingNotice(
      services,
      userId,
      "Your Toolscape plan will renew",
      `You resumed ${view.tier === "expert" ? "Expert" : "Standard"}: it renews on ${day(view.currentPeriodEnd)}. Manage your plan at ${siteUrl(services.env, "/dashboard/billing")}.`,
    );
  }
  return view;
}

/** Standard → Expert now: Expert's price less the unused Standard days (null if not on Standard). */
export async function quoteUpgrade(
  services: Pick<BillingServices, "db" | "clock">,
  userId: string,
): Promise<UpgradeQuote | null> {
  const sub = await liveSubscription(services.db, userId);
  if (sub?.status !== "active" || sub.tier !== "standard") return null;
  const [standard, expert] = await Promise.all([getPlan(services.db, "standard"), getPlan(services.db, "expert")]);
  const creditCents = unusedValueCents(sub, standard, services.clock.now());
  return {
    listAmountCents: expert.amountCents,
    creditCents,
    amountCents: expert.amountCents - creditCents,
    currency: "USD",
  };
}

export { lastMoneyBackRefund } from "./money-back.ts";

export function refundDeadline(sub: SubscriptionRow, refundWindowDays: number): Date | null {
  return sub.firstPaymentAt ? new Date(sub.firstPaymentAt.getTime() + refundWindowDays * DAY_MS) : null;
}

/**
 * The 30-day money-back guarantee: within 30 days of the first payment, every payment made since
 * then is refunded through its provider, the plan ends at once (status refunded) and the tier is
 * recomputed (Free unless a grant or an override says otherwise). After 30 days: a 400.
 */
export async function requestRefund(
  services: BillingServices,
  userId: string,
): Promise<{ refundedCents: number; payments: number }> {
  const { db } = services;
  const now = services.clock.now();
  const sub = await liveSubscription(db, userId);
  if (!sub) throw new AppError("bad_request", "You have no paid plan to refund");
  const plan = await getPlan(db, sub.tier as PaidTier);
  const deadline = refundDeadline(sub, plan.refundWindowDays);
  if (!deadline || deadline <= now) {
    throw new AppError(
      "bad_request",
      `Refunds are available within ${plan.refundWindowDays} days of your first payment${deadline ? ` (until ${day(deadline)})` : ""}`,
    );
  }
  const lastMoneyBack = await lastMoneyBackRefund(db, userId, now);
  if (lastMoneyBack) {
    const next = moneyBackAgainFrom(lastMoneyBack);
    throw new AppError(
      "bad_request",
      `The money-back refund is available once in any ${MONEY_BACK_ONCE_PER_MONTHS} months: you had one on ${day(lastMoneyBack)}, so the next is possible from ${day(next)}. You can still cancel, and the plan stays until the end of the period.`,
    );
  }
  const firstPaymentAt = sub.firstPaymentAt as Date;
  const toRefund = await db
    .select()
    .from(schema.payments)
    .where(
      and(
        eq(schema.payments.userId, userId),
        eq(schema.payments.status, "captured"),
        gte(schema.payments.createdAt, firstPaymentAt),
      ),
    );
  const refundIds = new Map<string, string>();
  for (const payment of toRefund) {
    const provider = providerFor(services, payment.provider);
    if (!provider) throw new AppError("unavailable", "The payment provider is not available; please contact support");
    try {
      const [order] = await db
        .select({ providerOrderId: schema.paymentOrders.providerOrderId })
        .from(schema.paymentOrders)
        .where(eq(schema.paymentOrders.id, payment.orderId));
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

/**
 * An operator refunds one captured payment of a member from the admin (issue 21), through the same
 * path as the member's money-back refund: the provider's refund with the same idempotency key
 * (`refund-{paymentId}`, so a second click, or the member's own request, is the same refund at the
 * provider), then recordRefunds, which marks the payment refunded only while it is still captured.
 * The amount is the payment's own (never a form's), so no member gets back more than they paid; a
 * payment is refunded at most once. The audit row is written in the refund's transaction.
 */
export async function refundPaymentByOperator(
  services: BillingServices,
  input: { userId: string; paymentId: string; reason: string; actor: AuditActor; requestId?: string | null },
): Promise<{ refunded: boolean; amountCents: number }> {
  const { db } = services;
  if (!isUuid(input.paymentId)) throw new AppError("not_found", "Payment not found");
  const [payment] = await db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.id, input.paymentId), eq(schema.payments.userId, input.userId)));
  if (!payment) throw new AppError("not_found", "Payment not found");
  if (payment.status !== "captured") throw new AppError("conflict", "This payment was already refunded.");
  const provider = providerFor(services, payment.provider);
  if (!provider) throw new AppError("unavailable", `The payment provider (${payment.provider}) is not configured here`);
  let refundId: string;
  try {
    const [order] = await db
      .select({ providerOrderId: schema.paymentOrders.providerOrderId })
      .from(schema.paymentOrders)
      .where(eq(schema.paymentOrders.id, payment.orderId));
    const result = await provider.refund({
      providerPaymentId: payment.providerPaymentId,
      ...(order?.providerOrderId ? { providerOrderId: order.providerOrderId } : {}),
      amount: { amountCents: payment.amountCents, currency: "USD" },
      idempotencyKey: `refund-${payment.id}`,
      reason: input.reason,
    });
    if (result.status === "failed") throw new ProviderError(payment.provider, "refund failed");
    refundId = result.providerRefundId;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    services.logger.warn("operator refund failed at the provider", { paymentId: payment.id, err: error.message });
    throw new AppError("unavailable", "The provider did not make the refund just now. Nothing changed; try again.");
  }
  const done = await recordRefunds(
    services,
    input.userId,
    new Map([[payment.id, refundId]]),
    "operator",
    (tx, changed) =>
      recordAudit(tx, {
        actor: input.actor,
        action: "payment.refund",
        targetType: "user",
        targetId: input.userId,
        before: { paymentId: payment.id, status: "captured", amountCents: payment.amountCents },
        after: {
          paymentId: payment.id,
          status: "refunded",
          refundedCents: changed.reduce((s, p) => s + p.amountCents, 0),
          providerRefundId: refundId,
        },
        reason: input.reason,
        requestId: input.requestId ?? null,
        at: services.clock.now(),
      }),
  );
  // Another click (or the provider's webhook) recorded it first: the same refund, not a second one.
  if (!done.length) throw new AppError("conflict", "This payment was already refunded.");
  return { refunded: true, amountCents: done.reduce((s, p) => s + p.amountCents, 0) };
}

/** A member's payments, newest first (the admin's page of one person). */
export type MemberPayment = {
  id: string;
  at: string;
  provider: string;
  providerPaymentId: string;
  tier: string;
  kind: string;
  amountCents: number;
  currency: string;
  status: "captured" | "refunded";
  refundedAt: string | null;
};

const MemberPaymentRow = z.object({
  id: z.string(),
  created_at: z.string(),
  provider: z.string(),
  provider_payment_id: z.string(),
  tier: z.string(),
  kind: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(["captured", "refunded"]),
  refunded_at: z.string().nullable(),
});

export async function memberPayments(db: Db, userId: string, limit = 100): Promise<MemberPayment[]> {
  const rows = await queryRows(
    db,
    sql`SELECT p.id::text AS id, p.created_at, p.provider, p.provider_payment_id, o.tier::text AS tier, p.kind,
               p.amount_cents, p.currency, p.status, p.refunded_at
          FROM payments p JOIN payment_orders o ON o.id = p.order_id
         WHERE p.user_id = ${userId} ORDER BY p.created_at DESC LIMIT ${limit}`,
    MemberPaymentRow,
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    provider: r.provider,
    providerPaymentId: r.provider_payment_id,
    tier: r.tier,
    kind: r.kind,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    status: r.status,
    refundedAt: r.refunded_at ? new Date(r.refunded_at).toISOString() : null,
  }));
}

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
  const done = await inTx(services.db, async (tx) => {
    await lockMember(tx, userId);
    const changed: (typeof schema.payments.$inferSelect)[] = [];
    for (const [paymentId, refundId] of refundIds) {
      const [row] = await tx
        .update(schema.payments)
        .set({ status: "refunded", refundedAt: now, providerRefundId: refundId })
        .where(and(eq(schema.payments.id, paymentId), eq(schema.payments.status, "captured")))
        .returning();
      if (row) changed.push(row);
    }
    if (!changed.length) return changed;
    const subIds = [...new Set(changed.map((p) => p.subscriptionId).filter((id): id is string => Boolean(id)))];
    if (subIds.length) {
      await tx
        .update(schema.subscriptions)
        .set({ status: "refunded", endedAt: now, endReason: "refunded", updatedAt: now })
        .where(
          and(inArray(schema.subscriptions.id, subIds), inArray(schema.subscriptions.status, ["active", "past_due"])),
        );
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

/**
 * The hourly sweep (and the catch-up after downtime): every subscription with something due, tiers
 * of members whose grants or overrides changed, stale orders. Safe to run at any time, repeatedly.
 */
export async function runBillingSweep(services: BillingServices): Promise<{ subscriptions: number; members: number }> {
  const now = services.clock.now();
  const s = schema.subscriptions;
  const due = await services.db
    .select({ id: s.id })
    .from(s)
    .where(
      dsql`(${s.status} = 'active' AND ${s.currentPeriodEnd} <= ${new Date(now.getTime() + RENEW_BEFORE_MS).toISOString()}::timestamptz)
        OR (${s.status} = 'past_due' AND ${s.graceUntil} <= ${now.toISOString()}::timestamptz)`,
    );
  for (const { id } of due) {
    try {
      await advanceSubscription(services, id);
    } catch (error) {
      services.logger.error("billing sweep: subscription failed", { subscriptionId: id, err: String(error) });
    }
  }
  // Grants and overrides end (or stacked grants start) without an event: recompute those members.
  const MemberIdRow = z.object({ user_id: z.string() });
  const members = await queryRows(
    services.db,
    sql`SELECT user_id FROM user_profiles WHERE tier <> 'free' OR tier_override IS NOT NULL
        UNION
        SELECT user_id FROM access_grants WHERE ends_at > ${new Date(now.getTime() - 2 * DAY_MS).toISOString()}::timestamptz`,
    MemberIdRow,
  );
  for (const { user_id } of members) {
    await inTx(services.db, async (tx) => {
      await lockMember(tx, user_id);
      await recomputeTier(tx, user_id, now);
    });
  }
  await expireStaleOrders(services);
  // Payments that arrived for voided orders and whose refund failed earlier (ADR 0024).
  await refundPendingVoidedPayments(services);
  return { subscriptions: due.length, members: members.length };
}
