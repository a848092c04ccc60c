import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables.ts";
import { tools } from "../catalog/tables.ts";

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

// ---------------------------------------------------------------------------------------------
