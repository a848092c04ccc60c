import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { toolFactHistory, toolFacts } from "../../platform/db/schema.ts";

/**
 * The one path for a change of a tool's facts (issue 20). Whoever changes a fact — the importer, an
 * admin edit, a verified correction, a maker's edit, an accepted link-check suggestion, an inference
 * rule, an editor — calls `recordFactChanges` in the same transaction as the update of `tools`, so the
 * provenance of the current value (`tool_facts`) and the history (`tool_fact_history`) can never drift
 * from the value itself. Field names are the public API's (`GET /api/tools/{slug}` → `provenance`).
 */
export const FACT_FIELDS = [
  "name",
  "description",
  "full_description",
  "category",
  "pricing_model",
  "pricing",
  "provider",
  "website_url",
  "logo_url",
  "features",
  "use_cases",
  "is_open_source",
  "has_api",
  "status",
  "editorial_summary",
] as const;
export type FactField = (typeof FACT_FIELDS)[number];

export const FACT_KINDS = ["dataset", "maker", "community", "editor", "observed", "inferred"] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export type Provenance = {
  kind: FactKind;
  /** human-readable source: the dataset's name, "Correction #12", the inference rule, "Toolscape editors" */
  source: string;
  sourceUrl?: string | null;
  licence?: string | null;
  /** inferred facts only, 0..1 */
  confidence?: number | null;
  /** when the fact was observed at its source (defaults to `at`) */
  observedAt?: Date;
  /** when a person (admin, editor, verified maker) last confirmed it; null for unverified kinds */
  verifiedAt?: Date | null;
};

export type FactChange = {
  field: FactField;
  /** the value before (null when new): stored in history as JSON */
  from: unknown;
  /** the value after, as the API shows it */
  to: unknown;
  /** the value as the source gave it, when a normaliser or rule changed it */
  original?: unknown;
  /** a per-change provenance overriding the call's (e.g. one inferred field in an import) */
  provenance?: Provenance;
};

export type RecordFactsInput = {
  toolId: string;
  changes: FactChange[];
  provenance: Provenance;
  actorUserId?: string | null;
  note?: string | null;
  at: Date;
};

const json = (v: unknown) => (v === undefined ? null : v);

/** Writes provenance and history for the changed facts. Unchanged values only refresh their provenance. */
export async function recordFactChanges(tx: Db, input: RecordFactsInput): Promise<void> {
  for (const change of input.changes) {
    const p = change.provenance ?? input.provenance;
    const observedAt = p.observedAt ?? input.at;
    const changed = JSON.stringify(json(change.from)) !== JSON.stringify(json(change.to));
    if (changed) {
      await tx.insert(toolFactHistory).values({
        toolId: input.toolId,
        field: change.field,
        oldValue: json(change.from),
        newValue: json(change.to),
        kind: p.kind,
        source: p.source,
        sourceUrl: p.sourceUrl ?? null,
        actorUserId: input.actorUserId ?? null,
        note: input.note ?? null,
        createdAt: input.at,
      });
    }
    const values = {
      kind: p.kind,
      source: p.source,
      sourceUrl: p.sourceUrl ?? null,
      licence: p.licence ?? null,
      confidence: p.confidence ?? null,
      originalValue: change.original === undefined ? null : change.original,
      observedAt,
      verifiedAt: p.verifiedAt ?? null,
    };
    await tx
      .insert(toolFacts)
      .values({ toolId: input.toolId, field: change.field, ...values })
      .onConflictDoUpdate({ target: [toolFacts.toolId, toolFacts.field], set: values });
  }
}

export type FactProvenance = {
  kind: FactKind;
  source: string;
  source_url: string | null;
  licence: string | null;
  confidence: number | null;
  observed_at: string;
  verified_at: string | null;
};

/** `{<field>: {kind, source, observed_at, verified_at, …}}` for one tool, as the API shows it. */
export async function getProvenance(db: Db, toolId: string): Promise<Partial<Record<FactField, FactProvenance>>> {
  const rows = await db.select().from(toolFacts).where(eq(toolFacts.toolId, toolId));
  const out: Partial<Record<FactField, FactProvenance>> = {};
  for (const r of rows) {
    if (!(FACT_FIELDS as readonly string[]).includes(r.field)) continue;
    out[r.field as FactField] = {
      kind: r.kind,
      source: r.source,
      source_url: r.sourceUrl,
      licence: r.licence,
      confidence: r.confidence,
      observed_at: r.observedAt.toISOString(),
      verified_at: r.verifiedAt ? r.verifiedAt.toISOString() : null,
    };
  }
  return out;
}

export type FactHistoryEntry = {
  id: number;
  field: FactField;
  old_value: unknown;
  new_value: unknown;
  kind: FactKind;
  source: string;
  source_url: string | null;
  note: string | null;
  at: string;
};

/** The tool's fact history, newest first. */
export async function getFactHistory(db: Db, toolId: string, limit = 200): Promise<FactHistoryEntry[]> {
  const rows = await db
    .select()
    .from(toolFactHistory)
    .where(eq(toolFactHistory.toolId, toolId))
    .orderBy(desc(toolFactHistory.createdAt), desc(toolFactHistory.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    field: r.field as FactField,
    old_value: r.oldValue,
    new_value: r.newValue,
    kind: r.kind,
    source: r.source,
    source_url: r.sourceUrl,
    note: r.note,
    at: r.createdAt.toISOString(),
  }));
}
