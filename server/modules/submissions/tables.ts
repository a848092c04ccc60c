import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables.ts";
import { categories, pricingModel, tools } from "../catalog/tables.ts";

// Issue 10: tool submissions and their moderation (migration 0012).

export const submissionStatus = pgEnum("submission_status", ["pending", "approved", "rejected", "needs_revision"]);
export const makerRelation = pgEnum("maker_relation", ["founder", "employee", "user", "other"]);

/**
 * A maker's proposed tool, waiting for (or after) a moderator's decision. An approved one becomes a
 * tool through the importer (its catalog_imports row has source 'submission:{id}'), linked by tool_id.
 */
export const toolSubmissions = pgTable(
  "tool_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    url: text("url").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    providerName: text("provider_name"),
    pricingModel: pricingModel("pricing_model").notNull().default("unknown"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    logoUrl: text("logo_url"),
    makerRelation: makerRelation("maker_relation"),
    status: submissionStatus("status").notNull().default("pending"),
    /** the importer's de-duplication key: name_key|domain_key */
    dedupKey: text("dedup_key").notNull(),
    adminNotes: text("admin_notes"),
    /** the moderator's reason, shown to the maker (rejection or what to revise) */
    decisionReason: text("decision_reason"),
    /** the deciding admin (no foreign key: the decision outlives the account; the audit log has the e-mail) */
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "set null" }),
    /** times the maker sent it again after 'needs_revision' */
    revisions: integer("revisions").notNull().default(0),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open submission per tool: a second maker's copy is refused while the first is in the queue.
    uniqueIndex("tool_submissions_open_dedup_uq")
      .on(t.dedupKey)
      .where(sql`${t.status} in ('pending', 'needs_revision')`),
    index("tool_submissions_queue_idx").on(t.status, t.submittedAt),
    index("tool_submissions_user_idx").on(t.userId, t.submittedAt.desc()),
  ],
);
