import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { membershipTier, timestamps } from "../../platform/db/columns.ts";
import { tools } from "../catalog/tables.ts";

/* ------------------------------------------------------------------------------------------------
 * Accounts (better-auth on our own tables). JS property names are better-auth's field names (the
 * adapter addresses columns by them); SQL names are snake_case like the rest of the schema.
 * ---------------------------------------------------------------------------------------------- */

export const userRole = pgEnum("user_role", ["member", "admin"]);
export const verificationType = pgEnum("verification_type", ["linkedin", "company_email"]);
export const savedToolKind = pgEnum("saved_tool_kind", ["saved", "favorite"]);
/** flag: allowed or not; limit: a number (null = unlimited); text: a label per tier (support level). */
export const featureKind = pgEnum("feature_kind", ["flag", "limit", "text"]);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** always stored lower-case (better-auth normalises; our CLI does too) */
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** avatar URL */
    image: text("image"),
    role: userRole("role").notNull().default("member"),
    username: text("username"),
    bio: text("bio"),
    /** set by an operator: a suspended member cannot sign in and has no sessions (migration 0011) */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedReason: text("suspended_reason"),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email), uniqueIndex("users_username_uq").on(sql`lower(${t.username})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.token), index("sessions_user_idx").on(t.userId)],
);

/** Sign-in methods of a user: 'credential' (hashed password) or an OAuth provider (google, github). */
export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: text("provider_id").notNull(),
    accountId: text("account_id").notNull(),
    password: text("password"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    ...timestamps,
  },
  (t) => [
    index("auth_accounts_user_idx").on(t.userId),
    index("auth_accounts_provider_idx").on(t.providerId, t.accountId),
  ],
);

/** One-time values: password-reset tokens, OAuth state. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * The spec's profile row: the member's tier (server-side truth) and usage. A trigger creates it
 * with every user, so every member has one.
 */
export const userProfiles = pgTable("user_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tier: membershipTier("tier").notNull().default("free"),
  /** distinct tools viewed on the UTC day `last_reset` */
  dailyUsage: integer("daily_usage").notNull().default(0),
  lastReset: date("last_reset").notNull().default(sql`(now() AT TIME ZONE 'utc')::date`),
  isVerified: boolean("is_verified").notNull().default(false),
  verificationType: verificationType("verification_type"),
  /** the account-wide appearance setting (a Standard/Expert perk) */
  darkMode: boolean("dark_mode").notNull().default(false),
  /** an operator's tier (admin API, `npm run user`); billing's derived tier never goes below it */
  tierOverride: membershipTier("tier_override"),
  /** null = until an operator clears it */
  tierOverrideUntil: timestamp("tier_override_until", { withTimezone: true }),
  ...timestamps,
});

/** What a tier may do, as data: one row per capability (the spec's feature table, caps, limits). */
export const features = pgTable("features", {
  key: text("key").primaryKey(),
  label: text("label").notNull(),
  description: text("description").notNull().default(""),
  kind: featureKind("kind").notNull().default("flag"),
  /** shown in the plan comparison table and the dashboard's feature list */
  listed: boolean("listed").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(100),
});

export const entitlements = pgTable(
  "entitlements",
  {
    featureKey: text("feature_key")
      .notNull()
      .references(() => features.key, { onDelete: "cascade", onUpdate: "cascade" }),
    tier: membershipTier("tier").notNull(),
    allowed: boolean("allowed").notNull(),
    /** for limits: the number; null with allowed = unlimited */
    limitValue: integer("limit_value"),
    /** for text features: what the tier gets (e.g. the support level) */
    textValue: text("text_value"),
  },
  (t) => [primaryKey({ columns: [t.featureKey, t.tier] })],
);

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** the /search query string, without the leading '?' */
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("saved_searches_user_idx").on(t.userId, t.createdAt)],
);

/** Saved tools and favourites of a member (visitors keep theirs in local storage). */
export const savedTools = pgTable(
  "saved_tools",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    kind: savedToolKind("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.toolId, t.kind] }),
    index("saved_tools_user_idx").on(t.userId, t.kind),
    // Saves per tool: the search's popularity prior counts them (ADR 0015).
    index("saved_tools_tool_idx").on(t.toolId),
  ],
);

/** Distinct tools viewed per subject ('user:<id>' or 'visitor:<cookie id>') per UTC day. */
export const dailyToolViews = pgTable(
  "daily_tool_views",
  {
    subject: text("subject").notNull(),
    day: date("day").notNull(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.day, t.toolId] }), index("daily_tool_views_day_idx").on(t.day)],
);

// ---------------------------------------------------------------------------------------------

/** A member's named filter sets (issue 34 item 1, advanced filters): the /tools query they stand for. */
export const filterSets = pgTable(
  "filter_sets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** the /tools query string, without the leading '?' */
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("filter_sets_user_name_uq").on(t.userId, sql`lower(${t.name})`)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** the first characters of the key (tsk_ + 8), shown in the dashboard to tell keys apart */
    prefix: text("prefix").notNull(),
    /** hex SHA-256 of the whole key: the key has 256 random bits, so no slow hash is needed */
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_hash_uq").on(t.keyHash), index("api_keys_user_idx").on(t.userId, t.createdAt)],
);
