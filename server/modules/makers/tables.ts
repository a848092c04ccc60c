import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables.ts";
import { tools } from "../catalog/tables.ts";
import { reviews } from "../community/tables.ts";
import type { MakerEditField } from "./shared.ts";

/* ----------------------------------------------------------------------------------------------
 * Makers (issue 20): claims of an existing listing, the maker's fact edits, right of reply.
 * ---------------------------------------------------------------------------------------------- */
/** e-mail at the tool's own registrable domain; or a token on its site (meta tag / well-known file) */
export const makerClaimMethod = pgEnum("maker_claim_method", ["email", "meta_tag", "well_known"]);
export const makerClaimStatus = pgEnum("maker_claim_status", ["pending", "verified", "revoked"]);

export const makerClaims = pgTable(
  "maker_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: makerClaimMethod("method").notNull(),
    /** the address the link went to (method email) */
    email: text("email"),
    /** the registrable domain the claim was proven for */
    domain: text("domain").notNull(),
    /** sha-256 of the e-mailed token (the raw token is never stored) */
    tokenHash: text("token_hash"),
    /** the token to publish on the site (meta/well-known): public by design */
    siteToken: text("site_token"),
    status: makerClaimStatus("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("maker_claims_tool_idx").on(t.toolId, t.status),
    index("maker_claims_user_idx").on(t.userId, t.status),
    uniqueIndex("maker_claims_token_uq").on(t.tokenHash),
  ],
);

export const makerEditStatus = pgEnum("maker_edit_status", ["pending", "approved", "rejected"]);

/** A verified maker's change of a pricing fact waits here for a moderator; other facts apply at once. */
export const makerEdits = pgTable(
  "maker_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    field: text("field").$type<MakerEditField>().notNull(),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value").notNull(),
    status: makerEditStatus("status").notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("maker_edits_status_idx").on(t.status, t.createdAt), index("maker_edits_tool_idx").on(t.toolId)],
);

/** The maker's public answer to a review (one per review). */
export const reviewReplies = pgTable("review_replies", {
  reviewId: uuid("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
