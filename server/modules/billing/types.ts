import type { Actor } from "../../platform/audit.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail.ts";
import type { Tier } from "../accounts/index.ts";
import type { BillingHooks, PaidTier } from "./contracts.ts";
import type { ProviderId } from "./providers/types.ts";

/**
 * What billing needs from the app's services (AppServices satisfies it). `jobs` is the durable
 * runner (ADR 0009); without it (scripts, early tests) time-driven work runs from `runBillingSweep`.
 */
export type BillingServices = {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  env: Env;
  jobs?: Jobs;
  billingHooks?: BillingHooks[];
};

/**
 * Who asks, for billing's member use cases (`(services, actor, input)`): the signed-in member from the
 * edge, with the contact a provider's order carries and whether an admin asks (verify reads any order).
 */
export type BillingActor = Actor & { email: string; name: string; admin: boolean };

export type Plan = {
  tier: PaidTier;
  name: string;
  amountCents: number;
  currency: "USD";
  periodDays: number;
  monthlyCreditCents: number;
  commissionBps: number;
  refundWindowDays: number;
  graceDays: number;
};

export type OrderKind = "new" | "renewal" | "upgrade";

/** The price of a checkout for this member now (list price less upgrade credit and tool credits). */
export type CheckoutQuote = {
  tier: PaidTier;
  kind: OrderKind;
  currency: "USD";
  listAmountCents: number;
  /** unused days of a Standard period, when upgrading to Expert */
  upgradeCreditCents: number;
  /** tool credits (Expert's monthly $5) spent on this payment */
  ledgerCreditCents: number;
  creditAppliedCents: number;
  amountCents: number;
  /** an upgrade of a plan cancelled at period end: the new plan keeps the cancellation (no renewal) */
  keepsCancellation: boolean;
};

export type CheckoutOrder = {
  orderId: string;
  provider: ProviderId;
  testMode: boolean;
  /** where to send the buyer (the provider's approval page); null for Cashfree (use sessionId) */
  url: string | null;
  sessionId: string | null;
  amountCents: number;
  currency: "USD";
  kind: OrderKind;
  tier: PaidTier;
  /** true when an earlier pending order (same key, or same tier) was returned */
  reused: boolean;
};

export type VerifyOutcome = {
  /** applied: this call applied it; already_applied: an earlier call or webhook did */
  status: "applied" | "already_applied" | "pending" | "declined" | "cancelled" | "failed" | "refused" | "voided";
  tier: Tier;
  orderId: string;
  error?: string;
  /** voided: why the order no longer held (ADR 0024), whether its payment was refunded, its plan */
  stale?: { reason: "replaced" | "changed"; refunded: boolean; tier: PaidTier };
};

export type TestDecision = "approve" | "decline" | "cancel";

/** The test provider's approval page (rendered by the pages at /payment/test/{id}). */
export type TestProviderOrderView = {
  providerOrderId: string;
  orderId: string;
  userId: string;
  tier: PaidTier;
  planName: string;
  amountCents: number;
  currency: string;
  status: "created" | "captured" | "declined" | "cancelled" | "refunded";
  returnUrl: string;
  cancelUrl: string;
};

export type SubscriptionView = {
  id: string;
  tier: PaidTier;
  status: "active" | "past_due" | "cancelled" | "expired" | "refunded";
  provider: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  graceUntil: Date | null;
  firstPaymentAt: Date | null;
  endedAt: Date | null;
};

export type BillingHistoryEntry = {
  id: string;
  type: string;
  at: Date;
  detail: Record<string, unknown>;
  payment: { id: string; amountCents: number; currency: string; status: string; kind: string } | null;
};

export type UpgradeQuote = { listAmountCents: number; creditCents: number; amountCents: number; currency: "USD" };

/** Everything the dashboard's billing section shows. */
export type BillingSummary = {
  tier: Tier;
  /** where the tier comes from */
  source: "subscription" | "grant" | "override" | "free";
  subscription: SubscriptionView | null;
  /** the next charge (null when cancelling at period end, or none) */
  nextBillingAt: Date | null;
  grants: { tier: PaidTier; startsAt: Date; endsAt: Date; source: string }[];
  credit: { balanceCents: number; entries: { amountCents: number; reason: string; at: Date }[] };
  history: BillingHistoryEntry[];
  /** a self-serve refund is possible until this time (null: not eligible) */
  refundableUntil: Date | null;
  /** the member had a refund in the last year: the money-back refund is possible again from this day */
  moneyBackAgainFrom: Date | null;
  /** Standard → Expert now, with the unused days credited (null unless on an active Standard period) */
  upgrade: UpgradeQuote | null;
  testMode: boolean;
};
