import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { users } from "../accounts/tables.ts";
import { tools } from "../catalog/tables.ts";

export const newsletterStatus = pgEnum("newsletter_status", ["subscribed", "unsubscribed"]);

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

/**
 * Exclusive listings and early access (issue 34 item 6, ADR 0083): an editor's decision that a tool
 * or a deal is for Expert members only (`exclusive`) or for them first (`early_access` until
 * `public_from`). The open row (ended_at null) is in force; ended rows are the history. For a tool the
 * row also moves tools.tier (the gate every serializer reads) and keeps the tier to return to.
 */
export const listingAccess = pgTable(
  "listing_access",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "cascade" }),
    dealId: uuid("deal_id").references(() => deals.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["exclusive", "early_access"] }).notNull(),
    publicFrom: timestamp("public_from", { withTimezone: true }),
    tierBefore: membershipTier("tier_before"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedBy: text("ended_by").references(() => users.id, { onDelete: "set null" }),
    endReason: text("end_reason", { enum: ["window", "editor"] }),
  },
  (t) => [
    uniqueIndex("listing_access_tool_open").on(t.toolId).where(sql`ended_at IS NULL AND tool_id IS NOT NULL`),
    uniqueIndex("listing_access_deal_open").on(t.dealId).where(sql`ended_at IS NULL AND deal_id IS NOT NULL`),
    index("listing_access_created_idx").on(t.createdAt),
    check("listing_access_one_target", sql`(tool_id IS NULL) <> (deal_id IS NULL)`),
    check("listing_access_kind", sql`kind IN ('exclusive', 'early_access')`),
    check("listing_access_window", sql`(kind = 'early_access') = (public_from IS NOT NULL)`),
    check("listing_access_tier_before", sql`(tool_id IS NULL) = (tier_before IS NULL)`),
    check(
      "listing_access_end",
      sql`(ended_at IS NULL) = (end_reason IS NULL) AND (end_reason IS NULL OR end_reason IN ('window', 'editor'))`,
    ),
  ],
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
