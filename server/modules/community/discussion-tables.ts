import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tsvector } from "../../platform/db/columns.ts";
import { users } from "../accounts/tables.ts";
import { tools } from "../catalog/tables.ts";

/* Discussions (issue 35 item 1, issue 34 item 7; migration 0056, ADR 0076). */

/** A question on one board: a tool's (`tool_id` set), the general board, or the Expert members' VIP space. */
export const discussionThreads = pgTable(
  "discussion_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    board: text("board").notNull(),
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** an Expert member's question on a tool's board, marked when posted */
    priority: boolean("priority").notNull().default(false),
    status: text("status").notNull().default("published"),
    /** waits for a moderator (a new or unverified account); the reason is for moderators only */
    heldAt: timestamp("held_at", { withTimezone: true }),
    holdReason: text("hold_reason"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    acceptedReplyId: uuid("accepted_reply_id"),
    replyCount: integer("reply_count").notNull().default(0),
    openReports: integer("open_reports").notNull().default(0),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, body), 'B')`,
    ),
  },
  (t) => [
    index("discussion_threads_board_idx").on(t.board, t.toolId, t.lastActivityAt),
    index("discussion_threads_user_idx").on(t.userId),
  ],
);

export const discussionReplies = pgTable(
  "discussion_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => discussionThreads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    status: text("status").notNull().default("published"),
    heldAt: timestamp("held_at", { withTimezone: true }),
    holdReason: text("hold_reason"),
    openReports: integer("open_reports").notNull().default(0),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("discussion_replies_thread_idx").on(t.threadId, t.createdAt),
    index("discussion_replies_user_idx").on(t.userId),
  ],
);

/** Who hears of new answers by e-mail: the author at once, others by choice. */
export const discussionFollows = pgTable(
  "discussion_follows",
  {
    threadId: uuid("thread_id")
      .notNull()
      .references(() => discussionThreads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("discussion_follows_user_idx").on(t.userId)],
);

/** One report per member per thread or reply; open until a moderator decides. */
export const discussionReports = pgTable(
  "discussion_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetKind: text("target_kind").notNull(),
    targetId: uuid("target_id").notNull(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => discussionThreads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("discussion_reports_target_user_uq").on(t.targetKind, t.targetId, t.userId)],
);
