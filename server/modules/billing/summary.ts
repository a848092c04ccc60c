import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { loadEntitlements, type Tier } from "../accounts/index.ts";
import { userProfiles } from "../accounts/tables.ts";
import type { PaidTier } from "./contracts.ts";
import { lastMoneyBackRefund, moneyBackAgainFrom } from "./money-back.ts";
import { getPlan } from "./plans.ts";
import { latestSubscription, liveSubscription } from "./queries.ts";
import { quoteUpgrade } from "./quote-upgrade.ts";
import { paymentProviders } from "./registry.ts";
import { refundDeadline, toSubscriptionView } from "./subscription-view.ts";
import { accessGrants, billingEvents, creditLedger, payments } from "./tables.ts";
import type { BillingServices, BillingSummary } from "./types.ts";

/** The dashboard's billing section: plan, next charge, credit, history, refund and upgrade offers. */
export async function getBillingSummary(services: BillingServices, userId: string): Promise<BillingSummary> {
  const { db } = services;
  const now = services.clock.now();
  const [profile] = await db
    .select({ tier: userProfiles.tier, override: userProfiles.tierOverride })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  const tier: Tier = profile?.tier ?? "free";
  const live = await liveSubscription(db, userId);
  const sub = live ?? (await latestSubscription(db, userId));
  const grants = await db
    .select()
    .from(accessGrants)
    .where(and(eq(accessGrants.userId, userId), gt(accessGrants.endsAt, now)))
    .orderBy(accessGrants.startsAt);
  const ledger = await db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.at))
    .limit(50);
  const events = await db
    .select({ event: billingEvents, payment: payments })
    .from(billingEvents)
    .leftJoin(payments, eq(payments.id, billingEvents.paymentId))
    .where(eq(billingEvents.userId, userId))
    .orderBy(desc(billingEvents.at))
    .limit(100);
  let refundableUntil: Date | null = null;
  const lastRefund = await lastMoneyBackRefund(db, userId, now);
  if (live) {
    const plan = await getPlan(db, live.tier as PaidTier);
    const deadline = refundDeadline(live, plan.refundWindowDays);
    if (deadline && deadline > now && !lastRefund) refundableUntil = deadline;
  }
  const source: BillingSummary["source"] =
    tier === "free"
      ? "free"
      : live && live.tier === tier
        ? "subscription"
        : grants.some((g) => g.tier === tier && g.startsAt <= now)
          ? "grant"
          : profile?.override
            ? "override"
            : "subscription";
  const balance = ledger.length
    ? (
        await db.select({ amount: creditLedger.amountCents }).from(creditLedger).where(eq(creditLedger.userId, userId))
      ).reduce((s, r) => s + r.amount, 0)
    : 0;
  return {
    tier,
    source,
    subscription: sub ? toSubscriptionView(sub) : null,
    nextBillingAt: live?.status === "active" && !live.cancelAtPeriodEnd ? live.currentPeriodEnd : null,
    grants: grants.map((g) => ({ tier: g.tier as PaidTier, startsAt: g.startsAt, endsAt: g.endsAt, source: g.source })),
    credit: {
      balanceCents: Math.max(0, balance),
      entries: ledger.map((l) => ({ amountCents: l.amountCents, reason: l.reason, at: l.at })),
    },
    history: events.map(({ event, payment }) => ({
      id: event.id,
      type: event.type,
      at: event.at,
      detail: event.detail,
      payment: payment
        ? {
            id: payment.id,
            amountCents: payment.amountCents,
            currency: payment.currency,
            status: payment.status,
            kind: payment.kind,
          }
        : null,
    })),
    refundableUntil,
    moneyBackAgainFrom: lastRefund ? moneyBackAgainFrom(lastRefund) : null,
    upgrade: await quoteUpgrade(services, userId),
    testMode: paymentProviders(services).providers[paymentProviders(services).defaultId]?.testMode ?? true,
  };
}

/**
 * GET /api/subscriptions/user/{id}: the spec's subscription shape (null without a paid plan), for
 * the access really in force (issue 18): when the member's tier comes from a grant (a referral
 * reward) and not from a live subscription, the grant's dates and source — not the fields of an
 * older, refunded or ended order. `source` says which: subscription, grant or override.
 */
export async function subscriptionForApi(services: BillingServices, userId: string) {
  const now = services.clock.now();
  const live = await liveSubscription(services.db, userId);
  const [profile] = await services.db
    .select({ tier: userProfiles.tier, override: userProfiles.tierOverride })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  const tier = profile?.tier ?? "free";
  if (tier !== "free" && !(live && live.tier === tier)) {
    const grants = await services.db
      .select()
      .from(accessGrants)
      .where(and(eq(accessGrants.userId, userId), gt(accessGrants.endsAt, now)))
      .orderBy(accessGrants.startsAt);
    const current = grants.filter((g) => g.tier === tier);
    const inForce = current.find((g) => g.startsAt <= now);
    if (inForce) {
      // Back-to-back grants of the same tier are one stretch of access: it ends with the last.
      let endsAt = inForce.endsAt;
      for (const g of current) if (g.startsAt <= endsAt && g.endsAt > endsAt) endsAt = g.endsAt;
      const plan = await getPlan(services.db, tier as PaidTier);
      return {
        tier,
        status: "active" as const,
        source: "grant" as const,
        grant_source: inForce.source,
        plan: { tier: plan.tier, name: plan.name, amount: 0, currency: plan.currency, interval: "none" },
        startDate: inForce.startsAt.toISOString(),
        nextBilling: null,
        current_period_end: endsAt.toISOString(),
        cancel_at_period_end: false,
        grace_until: null,
        payment_id: null,
        order_id: null,
        provider: null,
      };
    }
  }
  const sub = live ?? (await latestSubscription(services.db, userId));
  if (!sub) return null;
  const [payment] = await services.db
    .select()
    .from(payments)
    .where(eq(payments.subscriptionId, sub.id))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  const plan = await getPlan(services.db, sub.tier as PaidTier);
  return {
    tier: sub.tier,
    status: sub.status,
    source: (live && profile?.override && live.tier !== tier ? "override" : "subscription") as
      | "override"
      | "subscription",
    grant_source: null,
    plan: {
      tier: plan.tier,
      name: plan.name,
      amount: plan.amountCents / 100,
      currency: plan.currency,
      interval: "month",
    },
    startDate: sub.currentPeriodStart.toISOString(),
    nextBilling: sub.status === "active" && !sub.cancelAtPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    current_period_end: sub.currentPeriodEnd.toISOString(),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    grace_until: sub.graceUntil?.toISOString() ?? null,
    payment_id: payment?.id ?? null,
    order_id: payment?.orderId ?? null,
    provider: sub.provider,
  };
}

/** GET /api/membership/comparison: the spec's rows from the entitlements data. */
export async function membershipComparison(db: Db) {
  const entitlements = await loadEntitlements(db);
  return {
    features: entitlements.comparison().map((row) => ({
      key: row.key,
      name: row.label,
      free: row.cells.free,
      standard: row.cells.standard,
      expert: row.cells.expert,
    })),
  };
}
