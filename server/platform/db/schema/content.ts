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
import { users } from "./accounts.ts";
import { newsletterSubscribers, tools } from "./catalog.ts";
import { timestamps } from "./columns.ts";

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
