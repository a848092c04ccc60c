import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tools } from "./tables.ts";

/**
 * The quality pass's proposals (issue 36, ADR 0075; catalog/quality-rules.ts): a listing that looks like
 * spam or not AI (retire), a name its own domain and description spell otherwise (rename), a page
 * title standing in for a description (describe). Nothing changes until an editor confirms one; then
 * the change goes through the fact path. One row per tool and rule; a dismissed row stays dismissed.
 */
export const toolQualityFlags = pgTable(
  "tool_quality_flags",
  {
    id: serial("id").primaryKey(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    rule: text("rule").notNull(),
    action: text("action").$type<"retire" | "rename" | "describe">().notNull(),
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    /** the proposed new name or description (rename, describe) */
    proposed: text("proposed"),
    status: text("status").$type<"open" | "confirmed" | "dismissed">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
  },
  (t) => [
    uniqueIndex("tool_quality_flags_tool_rule_uq").on(t.toolId, t.rule),
    index("tool_quality_flags_open_idx").on(t.toolId).where(sql`status = 'open'`),
  ],
);

/**
 * Probable duplicate pairs (issue 21), precomputed by the `catalog.duplicates.refresh` job so
 * /admin/duplicates reads a table instead of scoring the catalogue per request (tool_a < tool_b).
 * The page still drops pairs whose tools left the live catalogue or were dismissed since the run.
 */
export const toolDuplicateCandidates = pgTable(
  "tool_duplicate_candidates",
  {
    toolA: uuid("tool_a")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    toolB: uuid("tool_b")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** 0–1: how sure the finder is */
    score: real("score").notNull(),
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.toolA, t.toolB] }), index("tool_duplicate_candidates_score_idx").on(t.score.desc())],
);

/** Pairs an admin said are not duplicates: the finder stops proposing them (tool_a < tool_b). */
export const toolDuplicateDismissals = pgTable(
  "tool_duplicate_dismissals",
  {
    toolA: uuid("tool_a")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    toolB: uuid("tool_b")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    dismissedBy: text("dismissed_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.toolA, t.toolB] })],
);

/** Every merge of a duplicate tool into another, with what moved (issue 13). */
export const toolMerges = pgTable(
  "tool_merges",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    fromToolId: uuid("from_tool_id").references(() => tools.id, { onDelete: "set null" }),
    intoToolId: uuid("into_tool_id").references(() => tools.id, { onDelete: "set null" }),
    /** kept as text: the history still reads after a tool is deleted */
    fromSlug: text("from_slug").notNull(),
    fromName: text("from_name").notNull(),
    intoSlug: text("into_slug").notNull(),
    intoName: text("into_name").notNull(),
    /** rows moved and dropped per step ({ saves: { moved, dropped }, … }) */
    report: jsonb("report").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tool_merges_created_idx").on(t.createdAt.desc())],
);
