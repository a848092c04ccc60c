import { sql } from "drizzle-orm";
import {
  bigint,
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
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/tables.ts";
import { tools } from "./tables.ts";

/**
 * Issue 32 (ADR 0067): the jobs people hire AI tools for, as data. The taxonomy is written by hand
 * (server/platform/db/seed/tasks.txt) and loaded idempotently at boot; which tools do a task is
 * proposed by rules (later vectors) and kept when an editor or the committed accepted set accepts it.
 */
export const taskToolStatus = pgEnum("task_tool_status", ["proposed", "accepted", "rejected"]);
export const taskToolMethod = pgEnum("task_tool_method", ["rule", "vector", "editor"]);

export const tasks = pgTable(
  "tasks",
  {
    slug: text("slug").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** the parent group ('Video', 'Writing'…), shown as /tasks' sections */
    groupName: text("group_name").notNull(),
    /** category slugs the task belongs near: a tool there counts for more when proposed */
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    /** related task slugs, in the taxonomy's order */
    related: text("related").array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    /** where the row came from ('seed:tasks.txt') and when it was last loaded */
    source: text("source").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tasks_group_idx").on(t.groupName, t.sortOrder)],
);

/** The phrasings people type for a task ('summarise youtube videos into notes'). */
export const taskSynonyms = pgTable(
  "task_synonyms",
  {
    taskSlug: text("task_slug")
      .notNull()
      .references(() => tasks.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    phrase: text("phrase").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskSlug, t.phrase] })],
);

/**
 * A tool proposed for (or accepted on, or rejected from) a task, with how and by whom. A rule or a
 * vector only ever writes `proposed`; `accepted`/`rejected` come from an editor (actor id, never an
 * e-mail) or the committed accepted set, and a recomputation never overrides them.
 */
export const taskTools = pgTable(
  "task_tools",
  {
    taskSlug: text("task_slug")
      .notNull()
      .references(() => tasks.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    status: taskToolStatus("status").notNull().default("proposed"),
    score: real("score").notNull().default(0),
    method: taskToolMethod("method").notNull(),
    /** 'rules:v1', 'seed:task-tools-accepted.json', 'admin' */
    source: text("source").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskSlug, t.toolId] }), index("task_tools_tool_idx").on(t.toolId)],
);

/** Issue 32 item 3: every active tool's computed alternatives, with the reasons as data. */
export type AlternativeReasons = {
  /** task slugs both tools do */
  tasks: string[];
  same_category: boolean;
  /** the listing itself names it */
  named: boolean;
  cheaper: boolean;
  open_source: boolean;
  shared_tags: string[];
};

export const toolAlternatives = pgTable(
  "tool_alternatives",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    alternativeId: uuid("alternative_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
    score: real("score").notNull(),
    reasons: jsonb("reasons").$type<AlternativeReasons>().notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.alternativeId] }), index("tool_alternatives_alt_idx").on(t.alternativeId)],
);

/**
 * How far the derived rows (proposals, alternatives) have followed the catalogue: the last
 * tool_fact_history id they were recomputed after. The watch job recomputes only tools changed since.
 */
export const derivedRefreshState = pgTable("derived_refresh_state", {
  id: smallint("id").primaryKey().default(1),
  factHistorySeen: bigint("fact_history_seen", { mode: "number" }).notNull().default(0),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
});
