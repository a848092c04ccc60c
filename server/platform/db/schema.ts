import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * One schema for both engines (PGlite and PostgreSQL). Columns the search trigger maintains
 * (search_vector, search_name) are written by the database, never by application code.
 */

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** `gone`: the link checker found the site dead for good (ADR 0029); the page stays, listings drop it. */
export const toolStatus = pgEnum("tool_status", ["draft", "pending", "active", "rejected", "archived", "gone"]);
export const membershipTier = pgEnum("membership_tier", ["free", "standard", "expert"]);
export const toolEventKind = pgEnum("tool_event_kind", ["view", "click"]);
export const newsletterStatus = pgEnum("newsletter_status", ["subscribed", "unsubscribed"]);
export const pricingModel = pgEnum("pricing_model", [
  "free",
  "freemium",
  "paid",
  "subscription",
  "open_source",
  "enterprise",
  "unknown",
]);

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    icon: text("icon").notNull().default("✨"),
    description: text("description").notNull().default(""),
    color: text("color"),
    featured: boolean("featured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(100),
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_slug_uq").on(t.slug), uniqueIndex("categories_name_uq").on(sql`lower(${t.name})`)],
);

/** Other names that resolve to a category: the spec's page keys, hero labels, import spellings. */
export const categoryAliases = pgTable("category_aliases", {
  alias: text("alias").primaryKey(), // normalised: lower-case, non-alphanumerics collapsed to '-'
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id, { onDelete: "cascade" }),
});

export const providers = pgTable(
  "providers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    websiteUrl: text("website_url"),
    ...timestamps,
  },
  (t) => [uniqueIndex("providers_slug_uq").on(t.slug)],
);

/** Tag catalogue derived from tools.tags (the truth), refreshed after imports; for browsing and suggestions. */
export const tags = pgTable(
  "tags",
  {
    slug: text("slug").primaryKey(),
    name: text("name").notNull(),
    toolCount: integer("tool_count").notNull().default(0),
  },
  (t) => [index("tags_count_idx").on(t.toolCount)],
);

export type PriceInfo = { original?: string; discounted?: string; discount?: string; dealEnds?: string };

export const tools = pgTable(
  "tools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    fullDescription: text("full_description").notNull().default(""),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    providerId: integer("provider_id").references(() => providers.id, { onDelete: "set null" }),
    websiteUrl: text("website_url").notNull(),
    /** normalised registrable domain (or host/owner/repo on shared hosts): half of the de-duplication key */
    domainKey: text("domain_key").notNull(),
    /** lower-case alphanumerics of the name: the other half */
    nameKey: text("name_key").notNull(),
    sourceUrl: text("source_url"),
    affiliateUrl: text("affiliate_url"),
    demoUrl: text("demo_url"),
    logoUrl: text("logo_url"),
    previewImageUrl: text("preview_image_url"),
    pricingModel: pricingModel("pricing_model").notNull().default("unknown"),
    pricing: jsonb("pricing").$type<PriceInfo>(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    useCases: text("use_cases").array().notNull().default(sql`'{}'::text[]`),
    pros: text("pros").array().notNull().default(sql`'{}'::text[]`),
    cons: text("cons").array().notNull().default(sql`'{}'::text[]`),
    alternatives: text("alternatives").array().notNull().default(sql`'{}'::text[]`),
    screenshots: text("screenshots").array().notNull().default(sql`'{}'::text[]`),
    // Community figures start at zero and only ever come from members' actions.
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    /**
     * Issue 20 (ranking, ADR 0029): the Bayesian average of the counted reviews with the catalogue's
     * prior (rating_prior); null while no review counts. Rating sorts order by this, never by `rating`.
     */
    ratingScore: real("rating_score"),
    upvotes: integer("upvotes").notNull().default(0),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(false),
    needsReview: boolean("needs_review").notNull().default(false),
    lastVerifiedAt: timestamp("last_verified_at", { withTimezone: true }),
    /**
     * The last real change of the tool's facts (pricing, website, category, description, features…) by
     * an admin edit, a verified correction or a maker's update; null until one happens. Cards' "Updated"
     * reads this, never created_at/updated_at (the import date).
     */
    factsChangedAt: timestamp("facts_changed_at", { withTimezone: true }),
    /** set when an admin merged this duplicate into another tool: the tool is archived and its URL redirects there */
    mergedIntoId: uuid("merged_into_id").references((): AnyPgColumn => tools.id, { onDelete: "set null" }),
    status: toolStatus("status").notNull().default("active"),
    tier: membershipTier("tier").notNull().default("free"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    metaKeywords: text("meta_keywords"),
    importId: integer("import_id").references(() => catalogImports.id, { onDelete: "set null" }),
    searchVector: tsvector("search_vector"),
    searchName: text("search_name"),
    /**
     * Search (ADR 0035), kept by the search trigger: the tool's tags and category name, lower-case
     * words joined by single spaces ('Text-To-Speech' → 'text to speech'), matched against the
     * categories an intent query maps to (synonyms.ts facets); and the English stems of its name,
     * which tell a descriptive name ('AI Music Generator') that merely restates a category query.
     */
    searchFacets: text("search_facets").array().notNull().default(sql`'{}'::text[]`),
    nameTerms: text("name_terms").array().notNull().default(sql`'{}'::text[]`),
    /**
     * How many independent curated source lists carry the tool (the seed's six datasets, the
     * steven2358 list and its mahseema fork counted once; SOURCES.md section 9): evidence of
     * prominence no maker can buy. 0 for tools that came from no list (submissions, imports).
     */
    listings: smallint("listings").notNull().default(0),
    ...timestamps,
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // --- issue 20, enrichment (ADR 0027): our editors' summary in our own words, shown beside the
    // source's text; its provenance (kind editor, date) is the `editorial_summary` fact.
    editorialSummary: text("editorial_summary"),
    /** Issue 20 (graveyard, ADR 0029): since when the tool is `gone`; null otherwise */
    goneAt: timestamp("gone_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("tools_slug_uq").on(t.slug),
    uniqueIndex("tools_dedupe_uq").on(t.nameKey, t.domainKey),
    index("tools_category_idx").on(t.categoryId),
    index("tools_status_rating_idx").on(t.status, t.rating, t.name),
    index("tools_created_idx").on(t.createdAt),
    index("tools_name_idx").on(sql`lower(${t.name})`),
    index("tools_search_idx").using("gin", t.searchVector),
    index("tools_search_name_trgm_idx").using("gin", t.searchName.op("gin_trgm_ops")),
    index("tools_tags_idx").using("gin", t.tags),
    index("tools_search_facets_idx").using("gin", t.searchFacets),
    // The catalogue's default order (rating high-low, then name): /tools and broad searches walk it.
    index("tools_browse_idx")
      .on(t.ratingScore.desc().nullsLast(), t.reviewCount.desc(), t.isFeatured.desc(), sql`lower(${t.name})`, t.id)
      .where(sql`status = 'active'`),
    // Typo-tolerant name matching on the compact name ('midjurney' → 'midjourney').
    index("tools_name_key_trgm_idx").using("gin", t.nameKey.op("gin_trgm_ops")),
    // Name equality and name prefixes (search_name LIKE 'q%'): broad searches list these first.
    index("tools_search_name_prefix_idx").on(t.searchName.op("text_pattern_ops")).where(sql`status = 'active'`),
    // The duplicate finder: descriptions copied between two listings of one product.
    index("tools_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
    index("tools_merged_into_idx").on(t.mergedIntoId),
  ],
);

/** One row per import run (seed, CLI, later the admin UI) with its report. */
export const catalogImports = pgTable("catalog_imports", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  source: text("source").notNull(),
  totalRows: integer("total_rows").notNull(),
  added: integer("added").notNull(),
  duplicates: integer("duplicates").notNull(),
  failed: integer("failed").notNull(),
  report: jsonb("report").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The tool of the day is chosen once per UTC day and remembered, so every instance shows the same one. */
export const toolOfTheDay = pgTable("tool_of_the_day", {
  day: date("day").primaryKey(),
  toolId: uuid("tool_id")
    .notNull()
    .references(() => tools.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * First-party analytics: tool views and outbound clicks. No personal data (no IP, no user agent);
 * `source` says where the click came from (card, detail, tool-of-the-day, compare).
 */
export const toolEvents = pgTable(
  "tool_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    kind: toolEventKind("kind").notNull(),
    source: text("source").notNull().default("unknown"),
    destination: text("destination"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tool_events_tool_kind_idx").on(t.toolId, t.kind, t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    status: newsletterStatus("status").notNull().default("subscribed"),
    source: text("source").notNull().default("home"),
    /** random, unguessable: the unsubscribe link carries it instead of the address */
    token: text("token").notNull(),
    /** when the confirmation mail went out for the current subscription (null: not yet — sent on the next try) */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    /** double opt-in: set when the subscriber follows the confirmation link; only confirmed addresses get mail */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("newsletter_email_uq").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_token_uq").on(t.token),
  ],
);

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

/** Fixed-window counters for rate limiting (shared by every app instance). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

// ---------------------------------------------------------------------------------------------
// Platform: durable jobs (ADR 0009) and the audit log (ADR 0010). Migration 0008.

export const jobStatus = pgEnum("job_status", ["pending", "running", "done", "failed"]);

/**
 * Background work as rows: claimed with FOR UPDATE SKIP LOCKED under a lease (`locked_until`), so
 * every instance on one PostgreSQL shares the queue and a dead instance's job is taken again.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    /** with a key, at most one pending or running job per (type, key) */
    key: text("key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatus("status").notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_type_key_active_idx").on(t.type, t.key).where(sql`${t.status} in ('pending', 'running')`),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} = 'pending'`),
    index("jobs_lease_idx").on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
  ],
);

/** Who changed what, before → after: operator and admin changes to accounts (and later billing). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** the acting user; null for the CLI and the system (no foreign key: history outlives accounts) */
    actorId: text("actor_id"),
    /** 'cli', 'system', or the acting user's e-mail (kept if the user is deleted) */
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
    requestId: text("request_id"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc()),
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.at.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------
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
/** manual: recorded for the operator to pay by hand (CSV); the others are PayPal's batch states */
export const payoutStatus = pgEnum("payout_status", ["manual", "pending", "processing", "success", "denied", "failed"]);

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

/* ----------------------------------------------------------------------------------------------
 * Admin operations (issue 10): feedback, searches with no results, tool views per day, mail
 * failures (also users.suspended_at / suspended_reason above).
 * ---------------------------------------------------------------------------------------------- */

/** Members' (or anonymous) feedback; an admin marks it verified (the badge comes with issue 11). */
export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** null: anonymous */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull().default("general"),
    message: text("message").notNull(),
    verified: boolean("verified").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: text("verified_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt.desc())],
);

/**
 * Searches that found nothing, per UTC day and normalised query: the catalogue's to-do list.
 * Counted in memory per instance and flushed with one upsert (server/modules/admin/daily-tally.ts).
 */
export const searchMisses = pgTable(
  "search_misses",
  {
    day: date("day").notNull(),
    query: text("query").notNull(),
    count: integer("count").notNull().default(0),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);

/** Tool page views per UTC day (counted in memory in front of the page cache, flushed in batches). */
export const toolViewDays = pgTable(
  "tool_view_days",
  {
    day: date("day").notNull(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.toolId] })],
);

/** Messages the mailer could not hand over (SMTP refused, outbox not writable): an admin alert. */
export const mailFailures = pgTable(
  "mail_failures",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    tag: text("tag").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    error: text("error").notNull(),
  },
  (t) => [index("mail_failures_at_idx").on(t.at.desc())],
);

// ---------------------------------------------------------------------------------------------
// Issue 10: tool submissions and their moderation (migration 0012).

export const submissionStatus = pgEnum("submission_status", ["pending", "approved", "rejected", "needs_revision"]);
export const makerRelation = pgEnum("maker_relation", ["founder", "employee", "user", "other"]);

/**
 * A maker's proposed tool, waiting for (or after) a moderator's decision. An approved one becomes a
 * tool through the importer (its catalog_imports row has source 'submission:{id}'), linked by tool_id.
 */
export const toolSubmissions = pgTable(
  "tool_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    url: text("url").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    providerName: text("provider_name"),
    pricingModel: pricingModel("pricing_model").notNull().default("unknown"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    logoUrl: text("logo_url"),
    makerRelation: makerRelation("maker_relation"),
    status: submissionStatus("status").notNull().default("pending"),
    /** the importer's de-duplication key: name_key|domain_key */
    dedupKey: text("dedup_key").notNull(),
    adminNotes: text("admin_notes"),
    /** the moderator's reason, shown to the maker (rejection or what to revise) */
    decisionReason: text("decision_reason"),
    /** the deciding admin (no foreign key: the decision outlives the account; the audit log has the e-mail) */
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "set null" }),
    /** times the maker sent it again after 'needs_revision' */
    revisions: integer("revisions").notNull().default(0),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open submission per tool: a second maker's copy is refused while the first is in the queue.
    uniqueIndex("tool_submissions_open_dedup_uq")
      .on(t.dedupKey)
      .where(sql`${t.status} in ('pending', 'needs_revision')`),
    index("tool_submissions_queue_idx").on(t.status, t.submittedAt),
    index("tool_submissions_user_idx").on(t.userId, t.submittedAt.desc()),
  ],
);

/* ----------------------------------------------------------------------------------------------
 * Catalogue truth (issue 13): the link checker's latest result per tool. Written only by the
 * link-check job; read by the tool page ('Link checked {n} days ago', 'This site may be offline'),
 * the admin review and the duplicate finder (two tools whose sites end on the same final domain).
 * ---------------------------------------------------------------------------------------------- */
export const toolLinkStatus = pgTable(
  "tool_link_status",
  {
    toolId: uuid("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** ok | redirected | broken | timeout | parked | blocked (the site refuses robots) */
    status: text("status").notNull(),
    httpStatus: integer("http_status"),
    /** where the redirects ended */
    finalUrl: text("final_url"),
    /** registrable domain of final_url (catalog normalize.domainKey) */
    finalDomainKey: text("final_domain_key"),
    error: text("error"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    /** consecutive failed checks and when the run of failures began (3 failures across >= 7 days flag it) */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Issue 20 (graveyard): distinct UTC days with a failure in the current run, and the last of them */
    failureDays: integer("failure_days").notNull().default(0),
    lastFailureDay: date("last_failure_day", { mode: "string" }),
  },
  (t) => [
    index("tool_link_status_final_domain_idx").on(t.finalDomainKey),
    index("tool_link_status_checked_idx").on(t.checkedAt),
  ],
);

/* ----------------------------------------------------------------------------------------------
 * Community (issue 11): members' top lists and the weekly trending ranking (migration 0016).
 * ---------------------------------------------------------------------------------------------- */

/** A member's curated list of tools. Private until they publish it; admins may mark it editorial. */
export const topLists = pgTable(
  "top_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** title words plus a short random suffix: stable when the title changes, unguessable for private lists */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    isPublic: boolean("is_public").notNull().default(false),
    editorial: boolean("editorial").notNull().default(false),
    /** the first time the list became public (list.published is emitted once, then) */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("top_lists_slug_uq").on(t.slug),
    index("top_lists_user_idx").on(t.userId, t.createdAt),
    index("top_lists_public_idx").on(t.isPublic, t.editorial, t.updatedAt),
  ],
);

/** The ordered tools of a list, each with the curator's optional note. One row per tool per list. */
export const topListItems = pgTable(
  "top_list_items",
  {
    listId: uuid("list_id")
      .notNull()
      .references(() => topLists.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    note: text("note"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.toolId] }), index("top_list_items_tool_idx").on(t.toolId)],
);

/**
 * The trending ranking of the last run (the hourly job replaces every row in one transaction):
 * one row per trending tool, with its strongest signal and that signal's figures in words.
 */
export const trendingTools = pgTable(
  "trending_tools",
  {
    toolId: uuid("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
    /** saves | views | clicks | reviews */
    reason: text("reason").notNull(),
    context: text("context").notNull(),
    score: real("score").notNull(),
    /** this week's and last week's count per signal, for the admin view and debugging */
    signals: jsonb("signals").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("trending_tools_rank_idx").on(t.rank)],
);

// ---- Link checker, stored logos and suggestions (issue 13; ADR "link checker") ----

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The link checker's own state (one row, id 1): a pause after the network itself looked down,
 * and the system alert the admin overview shows meanwhile.
 */
export const linkCheckState = pgTable("link_check_state", {
  id: integer("id").primaryKey(),
  pausedUntil: timestamp("paused_until", { withTimezone: true }),
  /** consecutive pauses: the back-off doubles with each */
  pauses: integer("pauses").notNull().default(0),
  alert: text("alert"),
  alertSince: timestamp("alert_since", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

/** Something an admin should look at: a site that may be offline, moved to another domain, or parked. */
export const linkReviewItems = pgTable(
  "link_review_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** offline | redirect | parked */
    kind: text("kind").notNull(),
    /** what was seen: the final URL, the failure run's start… (same detail after a dismissal: not raised again) */
    detail: text("detail").notNull(),
    /** open | archived | fixed | dismissed (by an admin) | resolved (the site recovered) */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("link_review_items_open_uq").on(t.toolId, t.kind).where(sql`status = 'open'`),
    index("link_review_items_status_idx").on(t.status, t.createdAt),
  ],
);

/** Logos and previews fetched from tools' sites, re-encoded by us (WebP) and served from /media. */
export const toolImages = pgTable(
  "tool_images",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** logo | preview */
    kind: text("kind").notNull(),
    /** pixel width of the square logo (64, 128) or of the preview (0 = the one preview) */
    size: integer("size").notNull(),
    /** sha-256 prefix of the bytes: the URL's version */
    hash: text("hash").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    /** where the original came from (shown to admins only, never rendered as an image) */
    sourceUrl: text("source_url").notNull(),
    /** sha-256 of the fetched original: an unchanged source is not re-encoded */
    sourceHash: text("source_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.kind, t.size] })],
);

/** Facts read from a tool's home page, waiting for an admin: never applied without one. */
export const toolSuggestions = pgTable(
  "tool_suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** description | pricing_model */
    field: text("field").notNull(),
    value: text("value").notNull(),
    /** the words on the page that led to it */
    evidence: text("evidence").notNull().default(""),
    sourceUrl: text("source_url").notNull(),
    /** open | accepted | dismissed */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
  },
  (t) => [
    // A value once suggested (and accepted or dismissed) is not suggested again.
    uniqueIndex("tool_suggestions_value_uq").on(t.toolId, t.field, t.value),
    index("tool_suggestions_status_idx").on(t.status, t.createdAt),
  ],
);

/** Every merge of a duplicate tool into another, with what moved (issue 13). */
export const toolMerges = pgTable(
  "tool_merges",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    fromToolId: uuid("from_tool_id").references(() => tools.id, { onDelete: "set null" }),
    intoToolId: uuid("into_tool_id").references(() => tools.id, { onDelete: "set null" }),
    /** kept as text: the history still reads after a tool is deleted */
    fromSlug: text("from_slug").notNull(),
    fromName: text("from_name").notNull(),
    intoSlug: text("into_slug").notNull(),
    intoName: text("into_name").notNull(),
    /** rows moved and dropped per step ({ saves: { moved, dropped }, … }) */
    report: jsonb("report").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tool_merges_created_idx").on(t.createdAt.desc())],
);

/** Pairs an admin said are not duplicates: the finder stops proposing them (tool_a < tool_b). */
export const toolDuplicateDismissals = pgTable(
  "tool_duplicate_dismissals",
  {
    toolA: uuid("tool_a")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    toolB: uuid("tool_b")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    dismissedBy: text("dismissed_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.toolA, t.toolB] })],
);

/* ----------------------------------------------------------------------------------------------
 * Community contributions (issue 11): corrections to a tool's facts and members' votes on them,
 * badges and points from members' activity, and the days a member was active (streak badges).
 * ---------------------------------------------------------------------------------------------- */

/** A member's proposed change to one fact of a tool; an admin verifies (applies it) or rejects it. */
export const corrections = pgTable(
  "corrections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** pricing_model | price | website | category | description | features */
    field: text("field").notNull(),
    /** the proposed value, normalised per field (features: one per line) */
    proposedValue: text("proposed_value").notNull(),
    /** the tool's value when the correction was verified (the proof of what changed) */
    previousValue: text("previous_value"),
    evidenceUrl: text("evidence_url"),
    message: text("message").notNull().default(""),
    /** open | verified | rejected */
    status: text("status").notNull().default("open"),
    /** kept equal to count(correction_votes) in the vote's transaction */
    votes: integer("votes").notNull().default(0),
    rejectReason: text("reject_reason"),
    /** the deciding admin (no foreign key: the decision outlives the account; the audit log has it) */
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("corrections_status_idx").on(t.status, t.createdAt.desc()),
    index("corrections_user_idx").on(t.userId, t.createdAt.desc()),
    index("corrections_tool_idx").on(t.toolId),
  ],
);

/** One vote per member per correction (the primary key is the rule). */
export const correctionVotes = pgTable(
  "correction_votes",
  {
    correctionId: uuid("correction_id")
      .notNull()
      .references(() => corrections.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.correctionId, t.userId] })],
);

/**
 * Every contribution that earns points, once per subject (a review, a vote, a day…): the listener of
 * services.activity writes it, so a repeated event cannot count twice. Points = sum(points).
 */
export const memberContributions = pgTable(
  "member_contributions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the activity event type (review.created, correction.verified, member.active…) */
    kind: text("kind").notNull(),
    /** what the contribution was about (review id, correction id, day…) */
    subjectId: text("subject_id").notNull(),
    points: integer("points").notNull().default(0),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.subjectId] }), index("member_contributions_at_idx").on(t.at)],
);

/** Badges earned: once per member and badge; `seen_at` null until the toast announced it. */
export const memberBadges = pgTable(
  "member_badges",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badge: text("badge").notNull(),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge] }), index("member_badges_badge_idx").on(t.badge)],
);

/** The UTC days a signed-in member opened a page (streak badges Pioneer and Dedicated). */
export const memberActiveDays = pgTable(
  "member_active_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

// ---------------------------------------------------------------------------------------------
// Community (issue 11): reviews, helpful votes, reports, polls and poll votes, company e-mail
// verification. Migration 0014. tools.rating / tools.review_count are recomputed from published
// reviews in the transaction of every change (server/modules/community/reviews.ts).

export const reviewStatus = pgEnum("review_status", ["published", "hidden"]);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    status: reviewStatus("status").notNull().default("published"),
    /** kept equal to the rows in review_votes (changed in the vote's transaction) */
    helpfulCount: integer("helpful_count").notNull().default(0),
    /** open reports (not yet decided by a moderator) */
    openReports: integer("open_reports").notNull().default(0),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** Issue 20 (ADR 0029): the author deleted the review after a moderator hid it; the row stays, hidden */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** a hidden review written again (edited or re-posted): back in the moderation queue until decided */
    resubmittedAt: timestamp("resubmitted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_tool_user_uq").on(t.toolId, t.userId),
    index("reviews_tool_created_idx").on(t.toolId, t.status, t.createdAt.desc()),
    index("reviews_user_idx").on(t.userId, t.createdAt.desc()),
    index("reviews_created_idx").on(t.createdAt),
    index("reviews_open_reports_idx").on(t.openReports),
  ],
);

export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    /** null while open; 'hidden' or 'kept' once a moderator decided */
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("review_reports_review_user_uq").on(t.reviewId, t.userId)],
);

export const pollStatus = pgEnum("poll_status", ["active", "closed"]);

export const polls = pgTable(
  "polls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    options: text("options").array().notNull(),
    status: pollStatus("status").notNull().default("active"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("polls_tool_idx").on(t.toolId, t.createdAt.desc()),
    // A tool asks one question at a time.
    uniqueIndex("polls_one_active_per_tool_uq").on(t.toolId).where(sql`status = 'active'`),
  ],
);

export const pollVotes = pgTable(
  "poll_votes",
  {
    pollId: uuid("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    /** 'user:<id>' for members, 'visitor:<cookie id>' for visitors: one vote per voter */
    voter: text("voter").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** the browser's first-party voter cookie (members too): one vote per browser across sign-in (issue 21) */
    browserId: text("browser_id"),
    optionIndex: integer("option_index").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pollId, t.voter] }),
    index("poll_votes_poll_option_idx").on(t.pollId, t.optionIndex),
    uniqueIndex("poll_votes_browser_uq").on(t.pollId, t.browserId),
  ],
);

/** Company e-mail verification links: the token is stored hashed and expires (spec §6 'Company' badge). */
export const companyEmailVerifications = pgTable(
  "company_email_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    domain: text("domain").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("company_email_verifications_token_uq").on(t.tokenHash),
    index("company_email_verifications_user_idx").on(t.userId),
  ],
);

/* ----------------------------------------------------------------------------------------------
 * Content (issue 12): deals, beta programmes and the newsletter digest log.
 * ---------------------------------------------------------------------------------------------- */
export const dealType = pgEnum("deal_type", ["discount", "coupon", "free_trial", "lifetime"]);

/**
 * A deal on a tool, managed by admins. Live while started, not ended by an admin and not expired:
 * every listing filters by the service clock, so an expired deal disappears without a job.
 * Prices are USD cents; discount_percent is computed from the two prices when both are given
 * (so it can never disagree with them) and entered by the admin only when they are not.
 */
export const deals = pgTable(
  "deals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    dealType: dealType("deal_type").notNull().default("discount"),
    description: text("description").notNull(),
    originalPriceCents: integer("original_price_cents"),
    dealPriceCents: integer("deal_price_cents"),
    discountPercent: integer("discount_percent"),
    couponCode: text("coupon_code"),
    /** the affiliate or coupon link; null: the tool's affiliate link, else its website */
    url: text("url"),
    featured: boolean("featured").notNull().default(false),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** set when an admin ends the deal early */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** outbound clicks through /go/{tool}?to=deal while this deal was the live one */
    clicks: integer("clicks").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("deals_tool_idx").on(t.toolId), index("deals_expires_idx").on(t.expiresAt)],
);

export const betaCategory = pgEnum("beta_category", [
  "language-models",
  "image-generation",
  "development",
  "audio",
  "analytics",
]);

/**
 * A beta programme: a provider's early-access cohort for a tool. spots_taken is the count of
 * applications, kept on the row so a conditional UPDATE (spots_taken < spots) can take a spot
 * atomically; the CHECK makes over-subscription impossible even for a buggy writer.
 */
export const betaPrograms = pgTable(
  "beta_programs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    description: text("description").notNull(),
    category: betaCategory("category").notNull(),
    spots: integer("spots").notNull(),
    spotsTaken: integer("spots_taken").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationWeeks: integer("duration_weeks").notNull(),
    benefits: text("benefits").array().notNull().default(sql`'{}'::text[]`),
    requirements: text("requirements").array().notNull().default(sql`'{}'::text[]`),
    featured: boolean("featured").notNull().default(false),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("beta_programs_tool_idx").on(t.toolId),
    check("beta_programs_spots_ck", sql`${t.spotsTaken} >= 0 AND ${t.spotsTaken} <= ${t.spots}`),
  ],
);

export const betaApplications = pgTable(
  "beta_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => betaPrograms.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    motivation: text("motivation").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("beta_applications_one_uq").on(t.programId, t.userId),
    index("beta_applications_user_idx").on(t.userId),
  ],
);

/**
 * One row per subscriber and digest week, claimed before the mail is sent: a retried or repeated
 * digest run never mails the same week twice (a failed send removes its claim so a retry sends it).
 */
export const newsletterDigestSends = pgTable(
  "newsletter_digest_sends",
  {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    /** ISO week, e.g. 2026-W48 */
    week: text("week").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.week] })],
);

/* ----------------------------------------------------------------------------------------------
 * Support and contact (issue 12): tickets with a thread of messages, contact-form messages, and
 * the Expert tier's API keys (only a SHA-256 of the secret is stored; the prefix identifies it).
 * ---------------------------------------------------------------------------------------------- */
export const supportTicketStatus = pgEnum("support_ticket_status", ["open", "answered", "closed"]);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the human number (TS-000123): a sequence, never reused */
    number: integer("number").notNull().generatedAlwaysAsIdentity(),
    /** the signed-in requester; visitors' tickets have none (replies reach them by e-mail) */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    category: text("category").notNull().default("general"),
    /** from the requester's support level when the ticket was opened (Expert: priority) */
    priority: boolean("priority").notNull().default(false),
    status: supportTicketStatus("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("support_tickets_number_uq").on(t.number),
    index("support_tickets_inbox_idx").on(t.status, t.priority, t.createdAt),
    index("support_tickets_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    /** requester | staff */
    author: text("author").notNull(),
    /** the staff member or the requester's account (no foreign key: the thread outlives accounts) */
    authorUserId: text("author_user_id"),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("support_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
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

/* ----------------------------------------------------------------------------------------------
 * Blog (issue 12): posts written by admins in Markdown. body_html is the sanitised rendering,
 * made once when the post is saved (server/modules/content/markdown.ts), so pages never render
 * Markdown per request and never show unsanitised HTML.
 * ---------------------------------------------------------------------------------------------- */
export const blogCategory = pgEnum("blog_category", ["Trends", "Guides", "Reviews", "Tips", "Ethics", "Business"]);
export const blogPostStatus = pgEnum("blog_post_status", ["draft", "published"]);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    bodyMd: text("body_md").notNull(),
    bodyHtml: text("body_html").notNull(),
    authorName: text("author_name").notNull(),
    category: blogCategory("category").notNull(),
    /** a path on our own site (e.g. /blog/catalogue.svg): no hot-linked third-party images */
    coverImage: text("cover_image"),
    featured: boolean("featured").notNull().default(false),
    status: blogPostStatus("status").notNull().default("draft"),
    /** minutes, from the word count at save */
    readMinutes: integer("read_minutes").notNull().default(1),
    /** set when first published; shown as the post's date */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("blog_posts_slug_uq").on(t.slug),
    index("blog_posts_public_idx").on(t.status, t.publishedAt.desc()),
  ],
);

/* ----------------------------------------------------------------------------------------------
 * Facts: provenance and history (issue 20). Every change of a tool's facts goes through
 * server/modules/catalog/facts.ts, which writes both tables in the caller's transaction.
 * ---------------------------------------------------------------------------------------------- */
/** Where a fact came from: the source dataset, the maker, a verified community correction, an editor,
 * the tool's own site read by the link checker, or an inference rule (with its confidence). */
export const factKind = pgEnum("fact_kind", ["dataset", "maker", "community", "editor", "observed", "inferred"]);

/** The provenance of each current fact of a tool: one row per (tool, field), field = the API's field name. */
export const toolFacts = pgTable(
  "tool_facts",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    kind: factKind("kind").notNull(),
    /** human-readable: the dataset's name, "Correction #12", the rule's name, "Toolscape editors" */
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    /** the source's licence (datasets, bundled icon sets) */
    licence: text("licence"),
    /** inferred facts: 0..1 */
    confidence: real("confidence"),
    /** the value as the source gave it, when a normaliser or rule changed it (e.g. "The World'S …") */
    originalValue: jsonb("original_value"),
    observedAt: timestamp("observed_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.field] })],
);

/** Every change of a fact, the import that first brought it included: old → new, kind, who, when. */
export const toolFactHistory = pgTable(
  "tool_fact_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value"),
    kind: factKind("kind").notNull(),
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tool_fact_history_tool_idx").on(t.toolId, t.createdAt.desc()),
    index("tool_fact_history_recent_idx").on(t.createdAt.desc()),
  ],
);

/* ----------------------------------------------------------------------------------------------
 * Makers (issue 20): claims of an existing listing, the maker's fact edits, right of reply.
 * ---------------------------------------------------------------------------------------------- */
/** e-mail at the tool's own registrable domain; or a token on its site (meta tag / well-known file) */
export const makerClaimMethod = pgEnum("maker_claim_method", ["email", "meta_tag", "well_known"]);
export const makerClaimStatus = pgEnum("maker_claim_status", ["pending", "verified", "revoked"]);

export const makerClaims = pgTable(
  "maker_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: makerClaimMethod("method").notNull(),
    /** the address the link went to (method email) */
    email: text("email"),
    /** the registrable domain the claim was proven for */
    domain: text("domain").notNull(),
    /** sha-256 of the e-mailed token (the raw token is never stored) */
    tokenHash: text("token_hash"),
    /** the token to publish on the site (meta/well-known): public by design */
    siteToken: text("site_token"),
    status: makerClaimStatus("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("maker_claims_tool_idx").on(t.toolId, t.status),
    index("maker_claims_user_idx").on(t.userId, t.status),
    uniqueIndex("maker_claims_token_uq").on(t.tokenHash),
  ],
);

export const makerEditStatus = pgEnum("maker_edit_status", ["pending", "approved", "rejected"]);

/** A verified maker's change of a pricing fact waits here for a moderator; other facts apply at once. */
export const makerEdits = pgTable(
  "maker_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value").notNull(),
    status: makerEditStatus("status").notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("maker_edits_status_idx").on(t.status, t.createdAt), index("maker_edits_tool_idx").on(t.toolId)],
);

/** The maker's public answer to a review (one per review). */
export const reviewReplies = pgTable("review_replies", {
  reviewId: uuid("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ----------------------------------------------------------------------------------------------
 * Change alerts (issue 20): a member who saved a tool asks to hear when its pricing or status
 * changes, at once or weekly (entitlement `change_alerts`). Sends are claimed per history row and
 * member before the mail goes out, so a retried job never mails a change twice.
 * ---------------------------------------------------------------------------------------------- */
export const changeAlertFrequency = pgEnum("change_alert_frequency", ["immediate", "weekly"]);

export const toolChangeAlerts = pgTable(
  "tool_change_alerts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    frequency: changeAlertFrequency("frequency").notNull().default("immediate"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.toolId] }), index("tool_change_alerts_tool_idx").on(t.toolId)],
);

export const toolChangeAlertSends = pgTable(
  "tool_change_alert_sends",
  {
    historyId: bigint("history_id", { mode: "number" })
      .notNull()
      .references(() => toolFactHistory.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.historyId, t.userId] })],
);
// ---------------------------------------------------------------------------------------------
// Issue 20 items 5 and 6 (ranking that cannot be bought, the graveyard; ADR 0029). Columns added
// elsewhere in this file: tools.rating_score, tools.gone_at, tool_status 'gone', reviews.withdrawn_at,
// reviews.resubmitted_at, tool_link_status.failure_days/last_failure_day.

/** The Bayesian prior of every tool's rating_score: the mean of all counted reviews (one row). */
export const ratingPrior = pgTable("rating_prior", {
  id: integer("id").primaryKey(),
  mean: real("mean").notNull(),
  reviews: integer("reviews").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});

/* ------------------------------------------------------------------------------------------------
 * Open data (issue 22, ADR 0031): the daily dump of the catalogue, kept in the database so every
 * instance on either engine serves the same files and a restart or a new instance loses nothing.
 * ---------------------------------------------------------------------------------------------- */
export const openDataDumps = pgTable(
  "open_data_dumps",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    toolCount: integer("tool_count").notNull(),
    jsonlGz: bytea("jsonl_gz").notNull(),
    csvGz: bytea("csv_gz").notNull(),
    /** sha-256 of each file (the ETag) */
    jsonlSha: text("jsonl_sha").notNull(),
    csvSha: text("csv_sha").notNull(),
    /** slug → hash of the record, to tell the next dump what changed */
    recordIndex: jsonb("record_index").notNull(),
    /** changes since the previous dump: { added: [slug], removed: [slug], changed: [slug] } */
    changes: jsonb("changes").notNull(),
  },
  (t) => [index("open_data_dumps_created_idx").on(t.createdAt.desc())],
);
