import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { membershipTier, timestamps } from "../../platform/db/columns.ts";
import { users } from "../accounts/tables.ts";

// Billing (issue 9, migration 0009): plans, orders, payments, subscriptions, credit, grants.
// The member's tier (user_profiles.tier) is derived from these by billing's recomputeTier.
// ---------------------------------------------------------------------------------------------

/** The paid plans; every price shown or charged comes from here (seeded by the migration). */
export const plans = pgTable("plans", {
  tier: membershipTier("tier").primaryKey(),
  name: text("name").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("USD"),
  periodDays: integer("period_days").notNull().default(30),
  monthlyCreditCents: integer("monthly_credit_cents").notNull().default(0),
  /** affiliate commission in basis points (3000 = 30 %) */
  commissionBps: integer("commission_bps").notNull(),
  refundWindowDays: integer("refund_window_days").notNull().default(30),
  graceDays: integer("grace_days").notNull().default(3),
});

export type SubscriptionStatus = "active" | "past_due" | "cancelled" | "expired" | "refunded";
export type BillingProvider = "test" | "paypal" | "cashfree" | "referral" | "operator";

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: membershipTier("tier").notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    provider: text("provider").$type<BillingProvider>().notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    /** the saved method renewals charge (test provider token, PayPal vault id, Cashfree token) */
    paymentMethodToken: text("payment_method_token"),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    graceUntil: timestamp("grace_until", { withTimezone: true }),
    firstPaymentAt: timestamp("first_payment_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason"),
    ...timestamps,
  },
  (t) => [
    // At most one live subscription per member.
    uniqueIndex("subscriptions_one_live_idx").on(t.userId).where(sql`status IN ('active', 'past_due')`),
    index("subscriptions_user_idx").on(t.userId, t.createdAt),
    index("subscriptions_due_idx").on(t.status, t.currentPeriodEnd),
  ],
);

export type OrderKind = "new" | "renewal" | "upgrade";
/** voided: replaced by a newer checkout or no longer valid for the account when paid (ADR 0024) */
export type PaymentOrderStatus =
  | "created"
  | "approved"
  | "captured"
  | "declined"
  | "cancelled"
  | "failed"
  | "expired"
  | "voided";

export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: membershipTier("tier").notNull(),
    kind: text("kind").$type<OrderKind>().notNull(),
    provider: text("provider").$type<"test" | "paypal" | "cashfree">().notNull(),
    providerOrderId: text("provider_order_id"),
    /** what the member pays: the list price less credits */
    amountCents: integer("amount_cents").notNull(),
    listAmountCents: integer("list_amount_cents").notNull(),
    creditAppliedCents: integer("credit_applied_cents").notNull().default(0),
    /** of credit_applied_cents, the part spent from the credit ledger (the rest is upgrade credit) */
    ledgerCreditCents: integer("ledger_credit_cents").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    status: text("status").$type<PaymentOrderStatus>().notNull().default("created"),
    idempotencyKey: text("idempotency_key"),
    approvalUrl: text("approval_url"),
    sessionId: text("session_id"),
    /** the subscription a renewal or upgrade order belongs to */
    subscriptionId: uuid("subscription_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_orders_provider_order_idx").on(t.provider, t.providerOrderId),
    uniqueIndex("payment_orders_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("payment_orders_user_idx").on(t.userId, t.status, t.createdAt),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id),
    provider: text("provider").$type<"test" | "paypal" | "cashfree">().notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    kind: text("kind").$type<OrderKind>().notNull(),
    status: text("status").$type<"captured" | "refunded">().notNull().default("captured"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    providerRefundId: text("provider_refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // THE exactly-once key: a provider's payment is applied once, however often it is reported.
    uniqueIndex("payments_provider_payment_idx").on(t.provider, t.providerPaymentId),
    index("payments_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Every payment and state change of a member's billing: the dashboard's billing history. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id"),
    paymentId: uuid("payment_id"),
    type: text("type").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_events_user_idx").on(t.userId, t.at)],
);

/** Tool credits (Expert's $5/month) and their spending; the balance is the sum. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference").notNull(),
    paymentId: uuid("payment_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("credit_ledger_once_idx").on(t.userId, t.reason, t.reference)],
);

/** Periods of a tier given without payment (referral rewards, operator grants). */
export const accessGrants = pgTable(
  "access_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: membershipTier("tier").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    source: text("source").$type<"referral" | "operator">().notNull(),
    reference: text("reference").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("access_grants_source_reference_idx").on(t.source, t.reference),
    index("access_grants_user_idx").on(t.userId, t.endsAt),
  ],
);

/** Webhook deliveries by provider event id (replays are recognised; applying is exactly-once anyway). */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    outcome: text("outcome"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The built-in test provider's own store (a stand-in for a provider's servers; survives restarts). */
export const testProviderOrders = pgTable("test_provider_orders", {
  id: text("id").primaryKey(),
  /** our order id */
  reference: text("reference").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: text("status").$type<"created" | "captured" | "declined" | "cancelled" | "refunded">().notNull(),
  paymentId: text("payment_id"),
  paymentMethodToken: text("payment_method_token"),
  returnUrl: text("return_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Test provider: members whose saved payment method is set to fail (renewal tests, dev toggle). */
export const testPaymentMethods = pgTable("test_payment_methods", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fails: boolean("fails").notNull().default(false),
});
