import { bigint, boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { toolFactHistory, tools } from "./catalog.ts";

/* ----------------------------------------------------------------------------------------------
 * Change alerts (issue 20): a member who saved a tool asks to hear when its pricing or status
 * changes, at once or weekly (entitlement `change_alerts`). Sends are claimed per history row and
 * member before the mail goes out, so a retried job never mails a change twice.
 * ---------------------------------------------------------------------------------------------- */
export const changeAlertFrequency = pgEnum("change_alert_frequency", ["immediate", "weekly"]);

export const toolChangeAlerts = pgTable(
  "tool_change_alerts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    frequency: changeAlertFrequency("frequency").notNull().default("immediate"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.toolId] }), index("tool_change_alerts_tool_idx").on(t.toolId)],
);

export const toolChangeAlertSends = pgTable(
  "tool_change_alert_sends",
  {
    historyId: bigint("history_id", { mode: "number" })
      .notNull()
      .references(() => toolFactHistory.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.historyId, t.userId] })],
);

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
