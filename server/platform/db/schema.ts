import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
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

export const toolStatus = pgEnum("tool_status", ["draft", "pending", "active", "rejected", "archived"]);
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
    upvotes: integer("upvotes").notNull().default(0),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(false),
    needsReview: boolean("needs_review").notNull().default(false),
    lastVerifiedAt: timestamp("last_verified_at", { withTimezone: true }),
    status: toolStatus("status").notNull().default("active"),
    tier: membershipTier("tier").notNull().default("free"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    metaKeywords: text("meta_keywords"),
    importId: integer("import_id").references(() => catalogImports.id, { onDelete: "set null" }),
    searchVector: tsvector("search_vector"),
    searchName: text("search_name"),
    ...timestamps,
    publishedAt: timestamp("published_at", { withTimezone: true }),
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
    // The catalogue's default order (rating high-low, then name): /tools and broad searches walk it.
    index("tools_browse_idx")
      .on(t.rating.desc(), t.reviewCount.desc(), t.isFeatured.desc(), sql`lower(${t.name})`, t.id)
      .where(sql`status = 'active'`),
    // Typo-tolerant name matching on the compact name ('midjurney' → 'midjourney').
    index("tools_name_key_trgm_idx").using("gin", t.nameKey.op("gin_trgm_ops")),
    // Name equality and name prefixes (search_name LIKE 'q%'): broad searches list these first.
    index("tools_search_name_prefix_idx").on(t.searchName.op("text_pattern_ops")).where(sql`status = 'active'`),
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
  (t) => [primaryKey({ columns: [t.userId, t.toolId, t.kind] }), index("saved_tools_user_idx").on(t.userId, t.kind)],
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
// Issue 10: tool submissions and their moderation. Migration 0011.

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
