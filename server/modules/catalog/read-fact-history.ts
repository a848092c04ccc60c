import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { publicFactNote, publicFactSource } from "../../platform/fact-publish.ts";
import { FACT_FIELDS, type FactField, type FactKind } from "./fact-fields.ts";
import { toolFactHistory, toolFacts } from "./tables.ts";

/** A tool's fact provenance and history as the public reads them (written by facts.ts). */
export type FactProvenance = {
  kind: FactKind;
  source: string;
  source_url: string | null;
  licence: string | null;
  confidence: number | null;
  observed_at: string;
  verified_at: string | null;
};

/** `{<field>: {kind, source, observed_at, verified_at, …}}` for one tool, as the API shows it (fact-publish.ts). */
export async function getProvenance(db: Db, toolId: string): Promise<Partial<Record<FactField, FactProvenance>>> {
  const rows = await db.select().from(toolFacts).where(eq(toolFacts.toolId, toolId));
  const out: Partial<Record<FactField, FactProvenance>> = {};
  for (const r of rows) {
    if (!(FACT_FIELDS as readonly string[]).includes(r.field)) continue;
    out[r.field as FactField] = {
      kind: r.kind,
      source: publicFactSource(r.kind, r.source),
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

/** The tool's fact history, newest first, as the public reads it (no actor; fact-publish.ts). */
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
    source: publicFactSource(r.kind, r.source),
    source_url: r.sourceUrl,
    note: publicFactNote(r.kind, r.note),
    at: r.createdAt.toISOString(),
  }));
}
