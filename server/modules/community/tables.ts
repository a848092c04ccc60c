import { sql } from "drizzle-orm";
import {
  boolean,
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
import { users } from "../accounts/tables.ts";
import { tools } from "../catalog/tables.ts";

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
    /** the private share link's token (custom collections, ADR 0082); null when not shared */
    shareToken: text("share_token"),
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("top_lists_slug_uq").on(t.slug),
    uniqueIndex("top_lists_share_token_uq").on(t.shareToken),
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

/** Members an Expert owner invited to edit a list with them (ADR 0082). */
export const topListCollaborators = pgTable(
  "top_list_collaborators",
  {
    listId: uuid("list_id")
      .notNull()
      .references(() => topLists.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.userId] }), index("top_list_collaborators_user_idx").on(t.userId)],
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
// reviews in the transaction of every change (server/modules/community/tool-rating.ts).

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
    /**
     * Issue 35 (ADR 0069): held for a moderator by the burst or related-accounts rule; it does not
     * count and is not listed until a moderator keeps it. `holdReason` is shown to moderators only.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    holdReason: text("hold_reason"),
    /** the author says they use the tool at work: self-declared, and labelled so */
    usesAtWork: boolean("uses_at_work").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_tool_user_uq").on(t.toolId, t.userId),
    index("reviews_held_idx").on(t.heldAt),
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

/** The Bayesian prior of every tool's rating_score: the mean of all counted reviews (one row). */
export const ratingPrior = pgTable("rating_prior", {
  id: integer("id").primaryKey(),
  mean: real("mean").notNull(),
  reviews: integer("reviews").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});
