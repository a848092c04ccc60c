import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, transaction } from "../../../platform/db/index.ts";
import { EDITORS_FROM_LISTING_LABEL, FACT_NOTES } from "../../../platform/fact-publish.ts";
import type { FactChange, FactPatch, Provenance, StoredFactField } from "../fact-fields.ts";
import { type ApplyFactsInput, applyToolFactsBatch } from "../facts.ts";
import { PRICING_MODELS, slugify } from "../normalize.ts";
import { categories as categoriesTable, providers as providersTable, type tools as toolsTable } from "../tables.ts";
import { type Evaluation, evaluate, type LabelledExample, predict, trainLogistic } from "./classifier.ts";
import { type Editorial, type EditorialEntry, entryBasis, loadEditorial } from "./editorial.ts";
import { inferPricing } from "./pricing.ts";
import { inferProvider } from "./provider.ts";
import { repairText } from "./text-repair.ts";

/**
 * Honest enrichment of the catalogue (issue 20, ADR 0027), offline and deterministic. Every value it
 * sets is recorded through `recordFactChanges` with its kind (`editor` or `inferred`, with the rule and
 * a confidence) in the same transaction as the update. It only fills what is missing (provider, an
 * Unknown pricing model, the "Other" category) or repairs source artefacts in text, so a value a person
 * set (an editor, a maker, a verified correction) is never overwritten; running it again changes nothing.
 */

/** A category is applied only when the classifier's best class has at least this probability. */
export const CATEGORY_THRESHOLD = 0.4;
export const OTHER_CATEGORY = "Other";

export type EnrichReport = {
  tools: number;
  textRepairs: number;
  providers: number;
  pricing: number;
  categories: number;
  editor: { provider: number; pricing: number; category: number; summary: number };
  classifier: Evaluation & { threshold: number };
  otherBefore: number;
  otherAfter: number;
  ms: number;
  /** where the time went: the classifier (evaluation + training) and the provenance writes */
  phases: { classifierMs: number; factsMs: number };
};

const Row = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  full_description: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  provider_name: z.string().nullable(),
  website_url: z.string(),
  pricing_model: z.enum(PRICING_MODELS),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  editorial_summary: z.string().nullable(),
  description_kind: z.string().nullable(),
  description_source: z.string().nullable(),
  description_licence: z.string().nullable(),
  category_kind: z.string().nullable(),
});
type Row = z.infer<typeof Row>;

type Pending = {
  set: Partial<typeof toolsTable.$inferInsert>;
  changes: FactChange[];
  provider?: string;
};

export async function enrichCatalog(db: Db, options: { at: Date; editorial?: Editorial }): Promise<EnrichReport> {
  const started = performance.now();
  const at = options.at;
  const editorial = options.editorial ?? loadEditorial();
  // A site-based entry was checked on its day; a listing-based one was written then and is not verified (issue 36).
  const editor = (e: EditorialEntry): Provenance => {
    const { basis, reviewed } = entryBasis(editorial, e);
    const day = new Date(`${reviewed}T00:00:00Z`);
    return {
      kind: "editor",
      source: basis === "site" ? editorial.editor : EDITORS_FROM_LISTING_LABEL,
      sourceUrl: e.checked_at,
      observedAt: day,
      verifiedAt: basis === "site" ? day : null,
    };
  };
  const inferred = (rule: string, confidence: number): Provenance => ({ kind: "inferred", source: rule, confidence });

  const rows = await queryRows(
    db,
    sql`SELECT t.id, t.slug, t.name, t.description, t.full_description, t.category_id, c.name AS category_name,
          p.name AS provider_name, t.website_url, t.pricing_model, t.tags, t.features, t.editorial_summary,
          f.kind AS description_kind, f.source AS description_source, f.licence AS description_licence,
          cf.kind AS category_kind
        FROM tools t JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id
        LEFT JOIN tool_facts f ON f.tool_id = t.id AND f.field = 'description'
        LEFT JOIN tool_facts cf ON cf.tool_id = t.id AND cf.field = 'category'
        WHERE t.merged_into_id IS NULL ORDER BY t.slug`,
    Row,
  );
  const categories = await db.select({ id: categoriesTable.id, name: categoriesTable.name }).from(categoriesTable);
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  const pending = new Map<string, Pending>();
  const of = (id: string): Pending => {
    const found = pending.get(id);
    if (found) return found;
    const p: Pending = { set: {}, changes: [] };
    pending.set(id, p);
    return p;
  };
  const report: EnrichReport = {
    tools: rows.length,
    textRepairs: 0,
    providers: 0,
    pricing: 0,
    categories: 0,
    editor: { provider: 0, pricing: 0, category: 0, summary: 0 },
    classifier: { threshold: CATEGORY_THRESHOLD, heldOut: 0, predicted: 0, correct: 0, precision: 0, coverage: 0 },
    otherBefore: rows.filter((r) => r.category_name === OTHER_CATEGORY).length,
    otherAfter: 0,
    ms: 0,
    phases: { classifierMs: 0, factsMs: 0 },
  };

  // 1. The editors' file: missing provider and pricing model of the featured set, its category; summaries.
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  for (const e of editorial.tools) {
    const r = bySlug.get(e.slug);
    if (!r) continue;
    const p = of(r.id);
    const prov = editor(e);
    if (e.provider && !r.provider_name) {
      p.provider = e.provider;
      p.changes.push({ field: "provider", from: null, to: e.provider, provenance: prov });
      r.provider_name = e.provider;
      report.editor.provider++;
    }
    if (e.pricing_model && r.pricing_model === "unknown") {
      p.set.pricingModel = e.pricing_model;
      p.changes.push({ field: "pricing_model", from: r.pricing_model, to: e.pricing_model, provenance: prov });
      r.pricing_model = e.pricing_model;
      report.editor.pricing++;
    }
    // The sources' "Other", or a category a dataset got wrong (Runway filed under Design, Canva under Image
    // Generation): an editor's category is checked on the tool's own site, so it replaces the dataset's. A
    // category a person set since (a maker, a verified correction, an editor) is theirs and stays.
    const fromSources =
      r.category_name === OTHER_CATEGORY ||
      r.category_kind === null ||
      ["dataset", "inferred"].includes(r.category_kind);
    if (e.category && r.category_name !== e.category && fromSources && categoryId.has(e.category)) {
      p.set.categoryId = categoryId.get(e.category) as number;
      p.changes.push({ field: "category", from: r.category_name, to: e.category, provenance: prov });
      r.category_name = e.category;
      report.editor.category++;
    }
    if (e.summary && r.editorial_summary !== e.summary) {
      p.set.editorialSummary = e.summary;
      p.changes.push({ field: "editorial_summary", from: r.editorial_summary, to: e.summary, provenance: prov });
      r.editorial_summary = e.summary;
      report.editor.summary++;
    }
  }

  for (const r of rows) {
    // 2. Text repair: the source's value stays in the provenance as the original.
    for (const [field, column] of [
      ["description", "description"],
      ["full_description", "fullDescription"],
    ] as const) {
      const before = field === "description" ? r.description : r.full_description;
      const fixed = repairText(before, r.name);
      if (!fixed.rules.length) continue;
      const carried: Provenance =
        r.description_kind && r.description_source
          ? {
              kind: r.description_kind as Provenance["kind"],
              source: `${r.description_source} · repaired by the text normaliser (${fixed.rules.join(", ")})`,
              licence: r.description_licence,
            }
          : inferred(`text normaliser (${fixed.rules.join(", ")})`, 0.99);
      const p = of(r.id);
      p.set[column] = fixed.text;
      p.changes.push({ field, from: before, to: fixed.text, original: before, provenance: carried });
      if (field === "description") r.description = fixed.text;
      else r.full_description = fixed.text;
      report.textRepairs++;
    }
    // 3. Provider from the tool's own domain, repository owner or description.
    if (!r.provider_name) {
      const found = inferProvider({
        name: r.name,
        description: r.description,
        fullDescription: r.full_description,
        websiteUrl: r.website_url,
      });
      if (found) {
        const p = of(r.id);
        p.provider = found.value;
        p.changes.push({
          field: "provider",
          from: null,
          to: found.value,
          provenance: inferred(found.rule, found.confidence),
        });
        r.provider_name = found.value;
        report.providers++;
      }
    }
    // 4. Pricing model from source markers, the address, explicit price words.
    if (r.pricing_model === "unknown") {
      const found = inferPricing({
        description: r.description,
        fullDescription: r.full_description,
        websiteUrl: r.website_url,
        tags: r.tags,
        features: r.features,
      });
      if (found) {
        const p = of(r.id);
        p.set.pricingModel = found.value;
        p.changes.push({
          field: "pricing_model",
          from: r.pricing_model,
          to: found.value,
          provenance: inferred(found.rule, found.confidence),
        });
        r.pricing_model = found.value;
        report.pricing++;
      }
    }
  }

  // 5. Category for "Other" from a classifier trained on the tools that have one.
  const example = (r: Row) => ({
    id: r.slug,
    name: r.name,
    description: r.description,
    fullDescription: r.full_description,
    tags: r.tags,
  });
  // Trained on categories people or sources gave, never on its own earlier guesses (a second run is a no-op).
  const labelled: LabelledExample[] = rows
    .filter((r) => r.category_name !== OTHER_CATEGORY && r.category_kind !== "inferred")
    .map((r) => ({ ...example(r), label: r.category_name }));
  const others = rows.filter((r) => r.category_name === OTHER_CATEGORY);
  const classifier0 = performance.now();
  if (others.length && labelled.length >= 50) {
    report.classifier = { threshold: CATEGORY_THRESHOLD, ...evaluate(labelled, CATEGORY_THRESHOLD, trainLogistic) };
    const model = trainLogistic(labelled);
    const rule = `category classifier (logistic regression on ${labelled.length} categorised tools; held-out precision ${report.classifier.precision.toFixed(2)} at ≥ ${CATEGORY_THRESHOLD})`;
    for (const r of others) {
      const guess = predict(model, example(r));
      if (!guess || guess.confidence < CATEGORY_THRESHOLD || !categoryId.has(guess.label)) continue;
      const p = of(r.id);
      p.set.categoryId = categoryId.get(guess.label) as number;
      p.changes.push({
        field: "category",
        from: r.category_name,
        to: guess.label,
        provenance: inferred(rule, Math.round(guess.confidence * 100) / 100),
      });
      r.category_name = guess.label;
      report.categories++;
    }
  }
  report.phases.classifierMs = Math.round(performance.now() - classifier0);
  report.otherAfter = rows.filter((r) => r.category_name === OTHER_CATEGORY).length;

  // 6. Write: one transaction, each tool's update and its facts together.
  if (pending.size) {
    await transaction(db, async (tx) => {
      const names = new Map<string, string>();
      for (const p of pending.values()) if (p.provider) names.set(slugify(p.provider), p.provider);
      const providerRows = new Map<string, { id: number; name: string }>();
      if (names.size) {
        await tx
          .insert(providersTable)
          .values([...names].map(([slug, name]) => ({ slug, name })))
          .onConflictDoNothing();
        const all = await tx
          .select({ id: providersTable.id, slug: providersTable.slug, name: providersTable.name })
          .from(providersTable);
        for (const row of all) providerRows.set(row.slug, row);
      }
      // Through the one fact path, batched: each tool's changed facts, their per-field provenance and
      // history. Quiet: filling in what a source left out is not news (facts_changed_at stays).
      const facts0 = performance.now();
      const inputs: ApplyFactsInput[] = [];
      for (const [toolId, p] of pending) {
        if (!p.changes.length) continue;
        const set: FactPatch = {};
        if (p.set.description !== undefined) set.description = p.set.description;
        if (p.set.fullDescription !== undefined) set.fullDescription = p.set.fullDescription;
        if (p.set.pricingModel !== undefined) set.pricingModel = p.set.pricingModel as FactPatch["pricingModel"];
        if (p.set.categoryId !== undefined) set.categoryId = p.set.categoryId;
        if (p.provider) {
          // An existing provider row keeps its spelling ("Langchain").
          const row = providerRows.get(slugify(p.provider));
          if (row) set.providerId = row.id;
        }
        const fields: NonNullable<ApplyFactsInput["fields"]> = {};
        const originals: NonNullable<ApplyFactsInput["originals"]> = {};
        const record: FactChange[] = [];
        for (const c of p.changes) {
          if (c.field === "editorial_summary") {
            record.push(c);
            continue;
          }
          const field = c.field as StoredFactField;
          if (c.provenance) fields[field] = c.provenance;
          if (c.original !== undefined && !(field in originals)) originals[field] = c.original;
        }
        inputs.push({
          toolId,
          set,
          also: p.set.editorialSummary !== undefined ? { editorialSummary: p.set.editorialSummary } : undefined,
          fields,
          originals,
          record,
          provenance: inferred("enrichment", 0),
          note: FACT_NOTES.enrichment,
          quiet: true,
          at,
        });
      }
      await applyToolFactsBatch(tx, inputs);
      report.phases.factsMs = Math.round(performance.now() - facts0);
    });
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
