import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables.ts";
import { tools } from "../catalog/tables.ts";

/* ----------------------------------------------------------------------------------------------
 * Community (issue 35 items 2 and 3, migration 0057, ADR 0077): makers' AMAs and success stories.
 * ---------------------------------------------------------------------------------------------- */

/** An "ask me anything" for one tool, hosted by its verified maker or an editor. */
export const amas = pgTable(
  "amas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    hostUserId: text("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("amas_starts_idx").on(t.startsAt), index("amas_tool_idx").on(t.toolId)],
);

/** A member's question; the host answers it (a hidden one is not shown). */
export const amaQuestions = pgTable(
  "ama_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    amaId: uuid("ama_id")
      .notNull()
      .references(() => amas.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    answer: text("answer"),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ama_questions_ama_idx").on(t.amaId)],
);

/** One upvote per member and question. */
export const amaQuestionVotes = pgTable(
  "ama_question_votes",
  {
    questionId: uuid("question_id")
      .notNull()
      .references(() => amaQuestions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "ama_question_votes_pk", columns: [t.questionId, t.userId] })],
);

/** Members who asked to be reminded (askers are reminded too); `reminded_at` makes the reminder once. */
export const amaFollowers = pgTable(
  "ama_followers",
  {
    amaId: uuid("ama_id")
      .notNull()
      .references(() => amas.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "ama_followers_pk", columns: [t.amaId, t.userId] })],
);

/** A member's story of a result got with one or more tools: pending → published | rejected. */
export const successStories = pgTable(
  "success_stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    problem: text("problem").notNull(),
    outcome: text("outcome").notNull(),
    numbers: text("numbers"),
    status: text("status").notNull().default("pending"),
    rejectReason: text("reject_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** the one reply of a verified maker of one of the story's tools */
    reply: text("reply"),
    replyUserId: text("reply_user_id").references(() => users.id, { onDelete: "set null" }),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("success_stories_status_idx").on(t.status, t.createdAt)],
);

/** The tools a story is about (one or more). */
export const successStoryTools = pgTable(
  "success_story_tools",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => successStories.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "success_story_tools_pk", columns: [t.storyId, t.toolId] }),
    index("success_story_tools_tool_idx").on(t.toolId),
  ],
);
