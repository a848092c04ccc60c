import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
import { membershipTier, timestamps, tsvector } from "../../platform/db/columns.ts";
import { users } from "../accounts/tables.ts";

/**
 * One schema for both engines (PGlite and PostgreSQL). Columns the search trigger maintains
 * (search_vector, search_name) are written by the database, never by application code.
 */

/** `gone`: the link checker found the site dead for good (ADR 0029); the page stays, listings drop it. */
export const toolStatus = pgEnum("tool_status", ["draft", "pending", "active", "rejected", "archived", "gone"]);
export const toolEventKind = pgEnum("tool_event_kind", ["view", "click"]);
export const pricingModel = pgEnum("pricing_model", [
  "free",
  "freemium",
  "paid",
  "subscription",
  "open_source",
  "enterprise",
  "unknown",
]);

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
    /**
     * Issue 21 (ADR 0043): a retired or merged category keeps its row (its name stays reserved, its
     * address answers 301 to `replaced_by_id`) but leaves every public list; its tools moved first.
     */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    replacedById: integer("replaced_by_id").references((): AnyPgColumn => categories.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("categories_slug_uq").on(t.slug), uniqueIndex("categories_name_uq").on(sql`lower(${t.name})`)],
);

/** Other names that resolve to a category: the spec's page keys, hero labels, import spellings. */
export const categoryAliases = pgTable("category_aliases", {
  alias: text("alias").primaryKey(), // normalised: lower-case, non-alphanumerics collapsed to '-'
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id, { onDelete: "cascade" }),
  /** a former slug (rename) or a merged category's key: /category/{alias} answers 301 to the slug (ADR 0043) */
  redirects: boolean("redirects").notNull().default(false),
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

/** Issue 33 (ADR 0070): what a plan includes, in the tool's own unit; amount null = stated as unlimited. */
export type PlanQuota = { amount: number | null; unit: string; period: "month" | "day" };
/**
 * One of a tool's plans as its source states it (ADR 0070). Null means "not stated": nothing is
 * estimated. Stored as the API shows it (snake_case), one `plans` fact per tool.
 */
export type Plan = {
  name: string;
  /** per period (per seat when per_seat); 0 for a free plan; null when not stated or "contact sales" */
  price: number | null;
  /** ISO 4217 */
  currency: string | null;
  period: "month" | "year" | "once" | null;
  per_seat: boolean;
  min_seats: number | null;
  max_seats: number | null;
  contact_sales: boolean;
  quota: PlanQuota | null;
  /** the price of `per` more units past the quota; null: not stated or none sold */
  overage: { price: number; per: number; unit: string } | null;
  /** a free plan's real limits; null: not stated */
  free_tier: { watermark: boolean | null; commercial_use: boolean | null; card_required: boolean | null } | null;
};

/**
 * Issue 33 (ADR 0072): a decision fact as its source states it — the value, the words quoted from the
 * source, the page and the day it was read. The column is null while no source states it ("not stated").
 */
export type Stated<T> = { value: T; quote: string; url: string; date: string };
/** The data-use card: each line stated with its quote, or null ("not stated"). */
export type DataUse = {
  trains_on_data: Stated<"yes" | "no" | "opt_in"> | null;
  retention: Stated<string> | null;
  opt_out: Stated<boolean> | null;
  hosted_in: Stated<string> | null;
};

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
    /** Issue 33 (ADR 0070): the tool's plans, a fact like any other; null until a source states them */
    plans: jsonb("plans").$type<Plan[]>(),
    /** Issue 33 (ADR 0072): decision facts, each with its quote, URL and date; null = not stated */
    hasApi: jsonb("has_api").$type<Stated<boolean>>(),
    /** an SPDX licence id, or "proprietary" */
    licence: jsonb("licence").$type<Stated<string>>(),
    selfHostable: jsonb("self_hostable").$type<Stated<boolean>>(),
    dataUse: jsonb("data_use").$type<DataUse>(),
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
    /**
     * Issue 36 (ADR 0075): the catalogue's default order — prominence, completeness, freshness, less
     * the quality pass's open flags — recomputed by the `catalog.quality.refresh` job (catalog/quality-scores.ts).
     */
    qualityScore: real("quality_score").notNull().default(0),
    /**
     * Issue 32, the search's vector leg (ADR 0066): the sentence embedding of the tool's searchable text
     * (catalog/tool-vectors.ts), unit length, and the key it was computed for (a hash of the embedding
     * model and that text). applyToolFacts clears the key when a searchable fact changes; the
     * `catalog.vectors` job computes what is missing. Null until then: the other legs still find it.
     */
    embedding: real("embedding").array(),
    embeddingKey: text("embedding_key"),
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
    // The vectors still owed (new tools, changed facts): what the catalog.vectors job reads.
    index("tools_embedding_owed_idx").on(t.id).where(sql`embedding_key IS NULL`),
    // The catalogue's default order (rating high-low, then name): /tools and broad searches walk it.
    // The default order (issue 36, ADR 0075): /tools and category pages walk it.
    index("tools_quality_idx").on(t.qualityScore.desc(), sql`lower(${t.name})`, t.id).where(sql`status = 'active'`),
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

/**
 * One row per import run (seed, CLI, admin, approved submissions) with its per-row report (issue 21:
 * every run is kept, even one that added nothing; /admin/imports lists them). An admin's dry run is
 * kept too, with the uploaded file, so its category mapping can be confirmed without a new upload.
 */
export const catalogImports = pgTable(
  "catalog_imports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    source: text("source").notNull(),
    totalRows: integer("total_rows").notNull(),
    added: integer("added").notNull(),
    duplicates: integer("duplicates").notNull(),
    failed: integer("failed").notNull(),
    warnings: integer("warnings").notNull().default(0),
    dryRun: boolean("dry_run").notNull().default(false),
    /** a dry run's file, kept until it is confirmed (then cleared): the mapping applies to these bytes */
    pendingCsv: text("pending_csv"),
    /** the import that carried out this dry run */
    confirmedById: integer("confirmed_by_id").references((): AnyPgColumn => catalogImports.id, {
      onDelete: "set null",
    }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label"),
    report: jsonb("report").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** when an admin rolled the whole import back (its tools archived); null: never (issue 31) */
    rolledBackAt: timestamp("rolled_back_at", { withTimezone: true }),
  },
  (t) => [index("catalog_imports_created_idx").on(t.createdAt.desc())],
);

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

// ---------------------------------------------------------------------------------------------
// Issue 20 items 5 and 6 (ranking that cannot be bought, the graveyard; ADR 0029). Columns added
// elsewhere in this file: tools.rating_score, tools.gone_at, tool_status 'gone', reviews.withdrawn_at,
// reviews.resubmitted_at, tool_link_status.failure_days/last_failure_day.
