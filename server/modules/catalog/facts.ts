import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import {
  FACT_COLUMNS,
  type FactChange,
  type FactColumn,
  type FactPatch,
  factValuesOf,
  hasFactValue,
  type NamedRow,
  type Provenance,
  STORED_FACT_FIELDS,
  type StoredFactField,
  stableJson,
} from "./fact-fields.ts";
import { categories, providers, toolFactHistory, toolFacts, tools } from "./tables.ts";

/**
 * The one path for a change of a tool's facts (issue 20). Whoever changes a fact — the importer, an
 * admin edit, a verified correction, a maker's edit, an accepted link-check suggestion, an inference
 * rule, an editor — calls `recordFactChanges` in the same transaction as the update of `tools`, so the
 * provenance of the current value (`tool_facts`) and the history (`tool_fact_history`) can never drift
 * from the value itself. Field names are the public API's (`GET /api/tools/{slug}` → `provenance`).
 */

export type RecordFactsInput = {
  toolId: string;
  changes: FactChange[];
  provenance: Provenance;
  actorUserId?: string | null;
  note?: string | null;
  at: Date;
};

const json = (v: unknown) => (v === undefined ? null : v);

type FactRow = typeof toolFacts.$inferInsert;
type HistoryRow = typeof toolFactHistory.$inferInsert;

/** A fact's provenance row: where its current value came from, observed when. */
function factRow(toolId: string, field: string, p: Provenance, at: Date, original: unknown = null): FactRow {
  return {
    toolId,
    field,
    kind: p.kind,
    source: p.source,
    sourceUrl: p.sourceUrl ?? null,
    licence: p.licence ?? null,
    confidence: p.confidence ?? null,
    originalValue: original,
    observedAt: p.observedAt ?? at,
    verifiedAt: p.verifiedAt ?? null,
  };
}

/** A fact's history row: its value before and after, who changed it and why. */
function historyRow(
  toolId: string,
  field: string,
  change: { from: unknown; to: unknown },
  p: Provenance,
  by: { actorUserId?: string | null; note?: string | null; at: Date },
): HistoryRow {
  return {
    toolId,
    field,
    oldValue: change.from,
    newValue: change.to,
    kind: p.kind,
    source: p.source,
    sourceUrl: p.sourceUrl ?? null,
    actorUserId: by.actorUserId ?? null,
    note: by.note ?? null,
    createdAt: by.at,
  };
}

/** Writes provenance and history for the changed facts. Unchanged values only refresh their provenance. */
export async function recordFactChanges(tx: Db, input: RecordFactsInput): Promise<void> {
  await recordFactChangesBatch(tx, [input]);
}

/** Rows per statement: 10 columns each, well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

/**
 * recordFactChanges for many tools: the same rows, in as few statements as their number allows (the
 * enrichment of the seeded catalogue wrote 1,168 changes as 2,336 statements). The history keeps the
 * order of the changes; a field changed twice keeps the provenance of its last change, as one statement
 * per change did.
 */
async function recordFactChangesBatch(tx: Db, inputs: RecordFactsInput[]): Promise<void> {
  const history: HistoryRow[] = [];
  const facts = new Map<string, FactRow>();
  for (const input of inputs) {
    for (const change of input.changes) {
      const p = change.provenance ?? input.provenance;
      const from = json(change.from);
      const to = json(change.to);
      if (JSON.stringify(from) !== JSON.stringify(to)) {
        history.push(historyRow(input.toolId, change.field, { from, to }, p, input));
      }
      const key = `${input.toolId} ${change.field}`;
      facts.delete(key);
      facts.set(key, factRow(input.toolId, change.field, p, input.at, json(change.original)));
    }
  }
  for (let i = 0; i < history.length; i += ROWS_PER_INSERT) {
    await tx.insert(toolFactHistory).values(history.slice(i, i + ROWS_PER_INSERT));
  }
  const rows = [...facts.values()];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await tx
      .insert(toolFacts)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflictDoUpdate({
        target: [toolFacts.toolId, toolFacts.field],
        set: {
          kind: sql`excluded.kind`,
          source: sql`excluded.source`,
          sourceUrl: sql`excluded.source_url`,
          licence: sql`excluded.licence`,
          confidence: sql`excluded.confidence`,
          originalValue: sql`excluded.original_value`,
          observedAt: sql`excluded.observed_at`,
          verifiedAt: sql`excluded.verified_at`,
        },
      });
  }
}

/* ----------------------------------------------------------------------------------------------
 * The higher-level path: change a tool's facts and record them in one call (issue 20). Code outside
 * this file never sets a fact column of `tools` itself (tests/unit/fact-writes.test.ts scans for it).
 * ---------------------------------------------------------------------------------------------- */

type ToolRow = typeof tools.$inferSelect;
type ToolInsert = typeof tools.$inferInsert;

/** A change of these moves facts_changed_at (the cards' "Updated"); status and the stored logo do not. */
const UPDATE_LABEL_FIELDS = new Set<StoredFactField>([
  "name",
  "description",
  "full_description",
  "category",
  "pricing_model",
  "pricing",
  "plans",
  "provider",
  "website_url",
  "features",
  "use_cases",
  "has_api",
  "licence",
  "self_hostable",
  "data_use",
]);

async function namedRows(tx: Db, ids: string[]): Promise<Map<string, NamedRow & { slug: string }>> {
  const out = new Map<string, NamedRow & { slug: string }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await tx
      .select({
        id: tools.id,
        slug: tools.slug,
        name: tools.name,
        description: tools.description,
        fullDescription: tools.fullDescription,
        categoryId: tools.categoryId,
        pricingModel: tools.pricingModel,
        pricing: tools.pricing,
        plans: tools.plans,
        providerId: tools.providerId,
        websiteUrl: tools.websiteUrl,
        logoUrl: tools.logoUrl,
        features: tools.features,
        useCases: tools.useCases,
        hasApi: tools.hasApi,
        licence: tools.licence,
        selfHostable: tools.selfHostable,
        dataUse: tools.dataUse,
        status: tools.status,
        categoryName: categories.name,
        providerName: providers.name,
      })
      .from(tools)
      .leftJoin(categories, eq(categories.id, tools.categoryId))
      .leftJoin(providers, eq(providers.id, tools.providerId))
      .where(inArray(tools.id, ids.slice(i, i + 1000)));
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

export type NewToolFacts = {
  toolId: string;
  provenance: Provenance;
  /** per-field provenance (e.g. one inferred field of an imported row) */
  fields?: Partial<Record<StoredFactField, Provenance>>;
};

/**
 * Records the facts of newly created tools (import, admin create, approved submission): a provenance
 * row and a first history entry (null → value) for every fact that has a value. Batched: the seed
 * records ~25,000 of each in a few statements.
 */
export async function recordNewTools(
  tx: Db,
  items: NewToolFacts[],
  options: { at: Date; actorUserId?: string | null; note?: string | null },
): Promise<void> {
  if (!items.length) return;
  const rows = await namedRows(
    tx,
    items.map((i) => i.toolId),
  );
  const facts: FactRow[] = [];
  const history: HistoryRow[] = [];
  for (const item of items) {
    const row = rows.get(item.toolId);
    if (!row) continue;
    const values = factValuesOf(row);
    for (const field of STORED_FACT_FIELDS) {
      const value = values[field];
      if (!hasFactValue(value)) continue;
      const p = item.fields?.[field] ?? item.provenance;
      facts.push(factRow(item.toolId, field, p, options.at));
      history.push(historyRow(item.toolId, field, { from: null, to: value }, p, options));
    }
  }
  for (let i = 0; i < facts.length; i += 1000) {
    await tx
      .insert(toolFacts)
      .values(facts.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  for (let i = 0; i < history.length; i += 1000) {
    await tx.insert(toolFactHistory).values(history.slice(i, i + 1000));
  }
}

export type ApplyFactsInput = {
  toolId: string;
  /** the new values of fact columns; a value equal to the stored one changes and records nothing */
  set: FactPatch;
  /** other columns to write in the same UPDATE (name_key, is_verified, last_verified_at, …): never facts */
  also?: Partial<Omit<ToolInsert, FactColumn | "id">>;
  provenance: Provenance;
  fields?: Partial<Record<StoredFactField, Provenance>>;
  /** the value as its source gave it, per field, when a normaliser or rule changed it */
  originals?: Partial<Record<StoredFactField, unknown>>;
  /** changes of facts that are not fact columns (the editors' summary, written through `also`) */
  record?: FactChange[];
  /** apply only when the stored value of a field is this one (e.g. status still "active"); else nothing */
  expect?: FactPatch;
  /**
   * not news: facts_changed_at (the cards' "Updated") and updated_at stay as they are — the seed's
   * enrichment and bundled logos fill in what a source left out, nothing a reader should see as new
   */
  quiet?: boolean;
  actorUserId?: string | null;
  note?: string | null;
  at: Date;
};

/**
 * Changes a tool's facts: compares with the stored row, updates `tools` (the changed facts, `also`,
 * facts_changed_at when a fact a reader sees changed, updated_at) and records provenance and history,
 * all in the caller's transaction. Returns the API names of the fields that changed. The one writer of
 * a fact column of `tools` (tests/unit/fact-writes.test.ts).
 */
export async function applyToolFacts(tx: Db, input: ApplyFactsInput): Promise<StoredFactField[]> {
  const [changed] = await applyToolFactsBatch(tx, [input]);
  if (!changed) throw new Error(`applyToolFacts: tool ${input.toolId} not found`);
  return changed.fields;
}

export type AppliedFacts = { toolId: string; fields: StoredFactField[]; skipped?: "expectation" };

/**
 * applyToolFacts for many tools in one transaction (enrichment, bundled logos): the rows are locked and
 * read in batches of 1,000, then each changed tool gets one UPDATE and its history. A tool that does not
 * exist is left out of the answer.
 */
export async function applyToolFactsBatch(tx: Db, inputs: ApplyFactsInput[]): Promise<AppliedFacts[]> {
  const ids = [...new Set(inputs.map((i) => i.toolId))];
  const current = new Map<string, ToolRow>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await tx
      .select()
      .from(tools)
      .where(inArray(tools.id, ids.slice(i, i + 1000)))
      .for("update");
    for (const r of rows) current.set(r.id, r);
  }
  type Planned = { input: ApplyFactsInput; update: Record<string, unknown>; changed: StoredFactField[] };
  const planned: Planned[] = [];
  const out: AppliedFacts[] = [];
  for (const input of inputs) {
    const row = current.get(input.toolId);
    if (!row) continue;
    const mismatch = Object.entries(input.expect ?? {}).some(
      ([column, value]) => stableJson(row[column as FactColumn]) !== stableJson(value),
    );
    if (mismatch) {
      out.push({ toolId: input.toolId, fields: [], skipped: "expectation" });
      continue;
    }
    const update: Record<string, unknown> = {};
    const changed: StoredFactField[] = [];
    for (const field of STORED_FACT_FIELDS) {
      const column = FACT_COLUMNS[field];
      if (!(column in input.set)) continue;
      const next = (input.set as Record<string, unknown>)[column];
      if (next === undefined) continue;
      if (stableJson(row[column]) === stableJson(next)) continue;
      update[column] = next;
      changed.push(field);
    }
    planned.push({ input, update, changed });
    out.push({ toolId: input.toolId, fields: changed });
  }
  const touched = planned.filter((p) => p.changed.length || p.input.record?.length).map((p) => p.input.toolId);
  const before = await namedRows(tx, touched);
  for (const { input, update, changed } of planned) {
    const also = { ...(input.also ?? {}) } as Record<string, unknown>;
    const recorded = input.record?.length ?? 0;
    if (!changed.length && !recorded) {
      if (Object.keys(also).length) await tx.update(tools).set(also).where(eq(tools.id, input.toolId));
      continue;
    }
    if (!input.quiet) {
      if (changed.some((f) => UPDATE_LABEL_FIELDS.has(f)) && also.factsChangedAt === undefined) {
        also.factsChangedAt = input.at;
      }
      if (also.updatedAt === undefined) also.updatedAt = input.at;
    }
    if (!Object.keys(update).length && !Object.keys(also).length) continue;
    await tx
      .update(tools)
      .set({ ...update, ...also })
      .where(eq(tools.id, input.toolId));
  }
  const after = await namedRows(tx, touched);
  const records: RecordFactsInput[] = [];
  for (const { input, changed } of planned) {
    if (!changed.length && !input.record?.length) continue;
    const from = factValuesOf(before.get(input.toolId) as NamedRow);
    const to = factValuesOf(after.get(input.toolId) as NamedRow);
    records.push({
      toolId: input.toolId,
      changes: [
        ...changed.map((field) => ({
          field,
          from: from[field],
          to: to[field],
          original: input.originals?.[field],
          provenance: input.fields?.[field],
        })),
        ...(input.record ?? []),
      ],
      provenance: input.provenance,
      actorUserId: input.actorUserId,
      note: input.note,
      at: input.at,
    });
  }
  await recordFactChangesBatch(tx, records);
  return out;
}
