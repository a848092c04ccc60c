import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea } from "../../platform/db/columns.ts";
import { tools } from "../catalog/tables.ts";

/* ----------------------------------------------------------------------------------------------
 * Catalogue truth (issue 13): the link checker's latest result per tool. Written only by the
 * link-check job; read by the tool page ('Link checked {n} days ago', 'This site may be offline'),
 * the admin review and the duplicate finder (two tools whose sites end on the same final domain).
 * ---------------------------------------------------------------------------------------------- */
export const toolLinkStatus = pgTable(
  "tool_link_status",
  {
    toolId: uuid("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** ok | redirected | broken | timeout | parked | blocked (the site refuses robots) */
    status: text("status").notNull(),
    httpStatus: integer("http_status"),
    /** where the redirects ended */
    finalUrl: text("final_url"),
    /** registrable domain of final_url (catalog normalize.domainKey) */
    finalDomainKey: text("final_domain_key"),
    error: text("error"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    /** consecutive failed checks and when the run of failures began (3 failures across >= 7 days flag it) */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Issue 20 (graveyard): distinct UTC days with a failure in the current run, and the last of them */
    failureDays: integer("failure_days").notNull().default(0),
    lastFailureDay: date("last_failure_day", { mode: "string" }),
  },
  (t) => [
    index("tool_link_status_final_domain_idx").on(t.finalDomainKey),
    index("tool_link_status_checked_idx").on(t.checkedAt),
  ],
);

// ---- Link checker, stored logos and suggestions (issue 13; ADR "link checker") ----

/**
 * The link checker's own state (one row, id 1): a pause after the network itself looked down,
 * and the system alert the admin overview shows meanwhile.
 */
export const linkCheckState = pgTable("link_check_state", {
  id: integer("id").primaryKey(),
  pausedUntil: timestamp("paused_until", { withTimezone: true }),
  /** consecutive pauses: the back-off doubles with each */
  pauses: integer("pauses").notNull().default(0),
  alert: text("alert"),
  alertSince: timestamp("alert_since", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

/** Something an admin should look at: a site that may be offline, moved to another domain, or parked. */
export const linkReviewItems = pgTable(
  "link_review_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** offline | redirect | parked */
    kind: text("kind").notNull(),
    /** what was seen: the final URL, the failure run's start… (same detail after a dismissal: not raised again) */
    detail: text("detail").notNull(),
    /** open | archived | fixed | dismissed (by an admin) | resolved (the site recovered) */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("link_review_items_open_uq").on(t.toolId, t.kind).where(sql`status = 'open'`),
    index("link_review_items_status_idx").on(t.status, t.createdAt),
  ],
);

/** Logos and previews fetched from tools' sites, re-encoded by us (WebP) and served from /media. */
export const toolImages = pgTable(
  "tool_images",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** logo | preview */
    kind: text("kind").notNull(),
    /** pixel width of the square logo (64, 128) or of the preview (0 = the one preview) */
    size: integer("size").notNull(),
    /** sha-256 prefix of the bytes: the URL's version */
    hash: text("hash").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    /** where the original came from (shown to admins only, never rendered as an image) */
    sourceUrl: text("source_url").notNull(),
    /** sha-256 of the fetched original: an unchanged source is not re-encoded */
    sourceHash: text("source_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.kind, t.size] })],
);

/** Facts read from a tool's home page, waiting for an admin: never applied without one. */
export const toolSuggestions = pgTable(
  "tool_suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** description | pricing_model */
    field: text("field").notNull(),
    value: text("value").notNull(),
    /** the words on the page that led to it */
    evidence: text("evidence").notNull().default(""),
    sourceUrl: text("source_url").notNull(),
    /** open | accepted | dismissed */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
  },
  (t) => [
    // A value once suggested (and accepted or dismissed) is not suggested again.
    uniqueIndex("tool_suggestions_value_uq").on(t.toolId, t.field, t.value),
    index("tool_suggestions_status_idx").on(t.status, t.createdAt),
  ],
);
