import { date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { membershipTier } from "../../platform/db/columns.ts";
import { users } from "../accounts/tables.ts";

/* ----------------------------------------------------------------------------------------------
 * Growth (issue 9): referrals and the affiliate programme. Money amounts are cents (USD).
 * ---------------------------------------------------------------------------------------------- */

export const referralInviteStatus = pgEnum("referral_invite_status", ["invited", "joined"]);
/** Issue 18 (money): a joined friend's reward waits for their confirmed e-mail, within the yearly cap */
export const referralStatus = pgEnum("referral_status", ["pending", "rewarded", "over_cap"]);
export const affiliateStatus = pgEnum("affiliate_status", ["active", "suspended"]);
/** pending during the refund window, approved after it, paid by a payout; reversed by a refund */
export const commissionStatus = pgEnum("commission_status", ["pending", "approved", "paid", "reversed"]);
/** a commission on a payment, or the negative adjustment for a refund of an already paid commission */
export const commissionKind = pgEnum("commission_kind", ["commission", "adjustment"]);
/**
 * manual: recorded for the operator to pay by hand (CSV); approved: approved on /admin/payouts, not
 * sent yet (issue 21); unknown: the provider's answer was lost (timeout, 5xx), so the payout may be paid
 * and keeps its commissions until it is sent again under the same batch id (issue 31); the others are
 * PayPal's batch states
 */
export const payoutStatus = pgEnum("payout_status", [
  "manual",
  "pending",
  "processing",
  "success",
  "denied",
  "failed",
  "approved",
  "unknown",
]);

/** A member's referral code (created the first time they open /referrals or invite someone). */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An invitation e-mailed by a member; joined when that address signs up. */
export const referralInvites = pgTable(
  "referral_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** lower-case */
    email: text("email").notNull(),
    status: referralInviteStatus("status").notNull().default("invited"),
    inviteeId: text("invitee_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("referral_invites_referrer_email_uq").on(t.referrerId, t.email),
    index("referral_invites_email_idx").on(t.email),
  ],
);

/** A member who joined through someone's link: once per invitee (the reward's exactly-once key). */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteeId: text("invitee_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteId: uuid("invite_id").references(() => referralInvites.id, { onDelete: "set null" }),
    /** the days granted (0 until rewarded, and for a referral over the yearly cap) */
    rewardDays: integer("reward_days").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    // Issue 18 (money, ADR 0024): a reward waits for the friend's confirmed e-mail address and
    // counts against the referrer's yearly cap. pending → rewarded | over_cap.
    status: referralStatus("status").notNull().default("rewarded"),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.createdAt),
    index("referrals_referrer_rewarded_idx").on(t.referrerId, t.rewardedAt),
  ],
);

export const affiliates = pgTable("affiliates", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  payoutEmail: text("payout_email").notNull(),
  status: affiliateStatus("status").notNull().default("active"),
  termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
  joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
});

/** One counted click per visitor (keyed hash of the address) per affiliate per UTC day. */
export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    visitorKey: text("visitor_key").notNull(),
    day: date("day").notNull(),
    landingPath: text("landing_path").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("affiliate_clicks_visitor_day_uq").on(t.affiliateId, t.visitorKey, t.day)],
);

/** The member an affiliate brought (signed up with a valid ts_aff cookie): one affiliate per member. */
export const affiliateAttributions = pgTable(
  "affiliate_attributions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("affiliate_attributions_affiliate_idx").on(t.affiliateId)],
);

export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    /** YYYY-MM: commissions that became payable up to the end of this month */
    period: text("period").notNull(),
    amountCents: integer("amount_cents").notNull(),
    commissionCount: integer("commission_count").notNull(),
    payoutEmail: text("payout_email").notNull(),
    status: payoutStatus("status").notNull(),
    provider: text("provider"),
    providerBatchId: text("provider_batch_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("affiliate_payouts_affiliate_idx").on(t.affiliateId, t.paidAt)],
);

/**
 * One row per payment by an attributed member (payment_id + kind unique: a payment earns once and
 * is adjusted once). Not a foreign key to billing's payments: growth only knows billing's events.
 */
export const affiliateCommissions = pgTable(
  "affiliate_commissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    kind: commissionKind("kind").notNull().default("commission"),
    paymentId: text("payment_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: membershipTier("tier").notNull(),
    paymentCents: integer("payment_cents").notNull(),
    bps: integer("bps").notNull(),
    /** negative for an adjustment */
    amountCents: integer("amount_cents").notNull(),
    status: commissionStatus("status").notNull(),
    /** end of the refund window: approved from then on */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    payoutId: uuid("payout_id").references(() => affiliatePayouts.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("affiliate_commissions_payment_kind_uq").on(t.paymentId, t.kind),
    index("affiliate_commissions_affiliate_idx").on(t.affiliateId, t.createdAt),
    index("affiliate_commissions_status_idx").on(t.status, t.availableAt),
  ],
);
