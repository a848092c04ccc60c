import { index, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { type Plan, tools } from "../catalog/tables.ts";

/**
 * Issue 33 (ADR 0070): the pricing observer's state per tool. `page_url` is the pricing page an
 * editor or maker set (else the observer finds one); the rest is the last read: the page's hash (an
 * unchanged page is not extracted again), what was extracted and how sure, and whether an editor must
 * look ("needs_review": below the confidence threshold, nothing was written as a fact).
 */
export const pricingWatch = pgTable(
  "pricing_watch",
  {
    toolId: uuid("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    pageUrl: text("page_url"),
    /** the page read last (page_url or the one found) */
    readUrl: text("read_url"),
    /** ok | needs_review | no_page | blocked | failed */
    status: text("status").notNull().default("pending"),
    snapshotHash: text("snapshot_hash"),
    confidence: real("confidence"),
    extract: jsonb("extract").$type<Plan[]>(),
    error: text("error"),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [index("pricing_watch_status_idx").on(t.status), index("pricing_watch_checked_idx").on(t.checkedAt)],
);

/** A conflict between the maker's manifest and the pricing page (issue 33, ADR 0071). */
export type ManifestConflict = {
  /** the plan's name as either source gives it */
  plan: string;
  /** "price" | "currency" | "period" | "per_seat" | "missing_on_page" | "missing_in_manifest" */
  what: string;
  maker: string | number | boolean | null;
  observed: string | number | boolean | null;
};

/**
 * Issue 33 item 3 (ADR 0071): the last reading of a tool's maker manifest, `/.well-known/ai-tool.json`
 * on its own domain. `status`: ok (valid, read for a verified maker; its plans are `maker` facts),
 * invalid (refused: `error` says why, nothing written), ignored (no verified maker of that domain),
 * none (no manifest), blocked (robots.txt), failed. `manifest` is the validated document (null unless
 * ok); `conflicts` where it disagrees with what the pricing observer read on the pricing page.
 */
export const makerManifests = pgTable(
  "maker_manifests",
  {
    toolId: uuid("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    status: text("status").notNull(),
    hash: text("hash"),
    manifest: jsonb("manifest").$type<Record<string, unknown>>(),
    error: text("error"),
    conflicts: jsonb("conflicts").$type<ManifestConflict[]>().notNull().default([]),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("maker_manifests_status_idx").on(t.status)],
);
