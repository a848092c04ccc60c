import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables.ts";

/**
 * Issue 34 item 4 (ADR 0080): an Expert member's weekly e-mail of new tools that fit their signals,
 * opt-in. `last_week` (ISO week) is claimed before the mail goes out, so a retried job sends once.
 */
export const recommendationMail = pgTable("recommendation_mail", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  weekly: boolean("weekly").notNull().default(false),
  lastWeek: text("last_week"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
