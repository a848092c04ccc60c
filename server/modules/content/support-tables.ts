import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables.ts";

/* ----------------------------------------------------------------------------------------------
 * Support and contact (issue 12): tickets with a thread of messages, contact-form messages, and
 * the Expert tier's API keys (only a SHA-256 of the secret is stored; the prefix identifies it).
 * ---------------------------------------------------------------------------------------------- */
export const supportTicketStatus = pgEnum("support_ticket_status", ["open", "answered", "closed"]);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the human number (TS-000123): a sequence, never reused */
    number: integer("number").notNull().generatedAlwaysAsIdentity(),
    /** the signed-in requester; visitors' tickets have none (replies reach them by e-mail) */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    category: text("category").notNull().default("general"),
    /** from the requester's support level when the ticket was opened (Expert: priority) */
    priority: boolean("priority").notNull().default(false),
    status: supportTicketStatus("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("support_tickets_number_uq").on(t.number),
    index("support_tickets_inbox_idx").on(t.status, t.priority, t.createdAt),
    index("support_tickets_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    /** requester | staff */
    author: text("author").notNull(),
    /** the staff member or the requester's account (no foreign key: the thread outlives accounts) */
    authorUserId: text("author_user_id"),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("support_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);
