import { bigint, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { toolFactHistory, tools } from "../catalog/tables.ts";
import { users } from "./tables.ts";

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
