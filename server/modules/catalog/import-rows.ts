import { sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { lookupCategoryKeys } from "./categories.ts";
import { suggestCategories } from "./category-admin.ts";
import { aliasKey } from "./category-definitions.ts";
import type { Provenance } from "./fact-fields.ts";
import { recordNewTools } from "./facts.ts";
import { pick } from "./import-parse.ts";
import { type CandidateTool, IMPORT_LIMITS, type ImportOptions, type ImportReport } from "./import-shapes.ts";
import { validateRow } from "./import-validate-row.ts";
import { cleanText, slugify } from "./normalize.ts";
import { seedProvenance } from "./seed-sources.ts";
import { storeRun } from "./store-import-run.ts";
import { providers, tools as toolsTable } from "./tables.ts";
import { refreshTagCatalogue } from "./tags.ts";

/**
 * The catalogue importer: the seed, the CLI, the admin UI and approved submissions all use it.
 * Rows are validated one by one; everything valid is written in one transaction or nothing is, and
 * every run that writes (and an admin's dry run) keeps its per-row report in `catalog_imports`
 * (/admin/imports). It never creates a category (issue 21, ADR 0043): a row naming one no category
 * answers to is refused with the closest names, unless the run maps that name explicitly.
 *
 * One step per file: import-parse.ts reads a file into rows, import-validate-row.ts checks and
 * normalises one row, this file writes a run's valid rows (store-import-run.ts keeps the run),
 * import-csv.ts reads and imports a CSV file; import-shapes.ts holds the types they share.
 */

const ExistingKeyRow = z.object({ name_key: z.string(), domain_key: z.string(), slug: z.string() });

const SEED_SOURCES = new Set(["seed:ai-tools.csv", "admin:import-full-csv"]);

function defaultProvenance(options: ImportOptions, importId: number | null): (slug: string, at: Date) => Provenance {
  if (SEED_SOURCES.has(options.source)) return seedProvenance;
  return (_slug, at) => ({
    kind: "dataset",
    source: `Catalogue import #${importId ?? "?"} (${options.source.slice(0, 120)})`,
    observedAt: at,
    verifiedAt: null,
  });
}

/** Imports parsed rows. Valid new rows are added in one transaction; the report lists every row's fate. */
export async function importRows(
  db: Db,
  rows: Record<string, string>[],
  options: ImportOptions,
): Promise<ImportReport> {
  const report: ImportReport = {
    source: options.source,
    dryRun: options.dryRun ?? false,
    importId: null,
    totalRows: rows.length,
    added: [],
    duplicates: [],
    errors: [],
    warnings: [],
    unknownCategories: [],
    mappedCategories: [],
  };
  if (rows.length > IMPORT_LIMITS.maxRows) {
    report.errors.push({
      row: 0,
      messages: [`A file may hold at most ${IMPORT_LIMITS.maxRows} rows (got ${rows.length})`],
    });
    return report;
  }

  let candidates: CandidateTool[] = [];
  rows.forEach((raw, index) => {
    const row = index + 2; // spreadsheet numbering: the header is row 1
    const missing = options.missingColumns?.[index];
    const { tool, errors } = validateRow(raw, row, report.warnings);
    if (missing?.length) {
      errors.unshift(
        `Row ${row} has no cell for ${missing.length === 1 ? "column" : "columns"} ${missing.map((m) => `'${m}'`).join(", ")}`,
      );
    }
    if (tool && !errors.length) candidates.push(tool);
    else report.errors.push({ row, name: cleanText(pick(raw, "name") ?? "") || undefined, messages: errors });
  });

  await transaction(db, async (tx) => {
    // Categories: names, slugs and aliases resolve (a retired one to the category its tools went to);
    // a name the run maps explicitly goes where the mapping says; any other name refuses its rows.
    const categoryIds = new Map<string, number>();
    const names = [...new Set(candidates.map((c) => c.categoryName))];
    const known = await lookupCategoryKeys(tx, names);
    const mapping = new Map(Object.entries(options.categoryMap ?? {}).map(([from, to]) => [aliasKey(from), to]));
    const mappedTo = await lookupCategoryKeys(tx, [...new Set(mapping.values())]);
    const refused = new Map<string, string>();
    for (const name of names) {
      const hit = known.get(name);
      if (hit) {
        categoryIds.set(name, hit.id);
        if (hit.retiredName) {
          for (const c of candidates.filter((x) => x.categoryName === name)) {
            report.warnings.push({
              row: c.row,
              message: `Category '${name}' is retired: the tool goes to ${hit.name}, where its tools moved`,
            });
          }
        }
        continue;
      }
      const rowsOf = candidates.filter((c) => c.categoryName === name);
      const target = mapping.has(aliasKey(name)) ? mappedTo.get(mapping.get(aliasKey(name)) ?? "") : undefined;
      if (target) {
        categoryIds.set(name, target.id);
        report.mappedCategories.push({ name, to: { slug: target.slug, name: target.name }, rows: rowsOf.length });
        continue;
      }
      const suggestions = await suggestCategories(tx, name);
      report.unknownCategories.push({ name, rows: rowsOf.map((c) => c.row), suggestions });
      refused.set(
        name,
        `Category '${name}' does not exist${
          suggestions.length ? `; closest: ${suggestions.map((x) => x.name).join(", ")}` : ""
        }. Imports never create categories: map it to an existing one, or create it at /admin/categories first`,
      );
    }
    if (refused.size) {
      for (const c of candidates) {
        const message = refused.get(c.categoryName);
        if (message) report.errors.push({ row: c.row, name: c.name, messages: [message] });
      }
      candidates = candidates.filter((c) => !refused.has(c.categoryName));
      report.errors.sort((x, y) => x.row - y.row);
    }

    // De-duplicate against the catalogue and within the file, by normalised name + domain.
    const existing = await queryRows(tx, sql`SELECT name_key, domain_key, slug FROM tools`, ExistingKeyRow);
    const seenKeys = new Map(existing.map((e) => [`${e.name_key}|${e.domain_key}`, { slug: e.slug, row: 0 }]));
    const takenSlugs = new Set(existing.map((e) => e.slug));
    const fresh: CandidateTool[] = [];
    for (const c of candidates) {
      const key = `${c.nameKey}|${c.domainKey}`;
      const match = seenKeys.get(key);
      if (match) {
        report.duplicates.push({
          row: c.row,
          name: c.name,
          url: c.websiteUrl,
          existing: match.slug,
          reason: match.row
            ? `same name and domain as row ${match.row} of this file`
            : "same name and domain as a tool already in the catalogue",
        });
        continue;
      }
      let slug = c.slug;
      for (let n = 2; takenSlugs.has(slug); n++) slug = `${c.slug.slice(0, IMPORT_LIMITS.slug - 6)}-${n}`;
      if (slug !== c.slug) {
        // The address the file asked for (or the name gave) is another tool's: say so, not silently.
        report.warnings.push({
          row: c.row,
          message: `Slug '${c.slug}' belongs to another tool: this one was renamed '${slug}'`,
        });
      }
      takenSlugs.add(slug);
      seenKeys.set(key, { slug, row: c.row });
      fresh.push({ ...c, slug });
    }
    report.added = fresh.map((c) => ({ row: c.row, name: c.name, slug: c.slug }));
    if (report.dryRun) {
      if (options.keepDryRun) report.importId = await storeRun(tx, report, options, options.keepDryRun.csv);
      return;
    }

    report.importId = await storeRun(tx, report, options, null);
    const now = options.now;
    if (fresh.length) {
      const providerIds = await upsertProviders(tx, fresh);
      const featured = new Set(options.featuredSlugs ?? []);
      const inserted: { id: string; slug: string }[] = [];
      for (let i = 0; i < fresh.length; i += 500) {
        const batch = await tx
          .insert(toolsTable)
          .values(
            fresh.slice(i, i + 500).map((c) => ({
              slug: c.slug,
              name: c.name,
              description: c.description,
              fullDescription: c.fullDescription,
              categoryId: categoryIds.get(c.categoryName) as number,
              providerId: c.providerName ? (providerIds.get(slugify(c.providerName)) ?? null) : null,
              websiteUrl: c.websiteUrl,
              domainKey: c.domainKey,
              nameKey: c.nameKey,
              sourceUrl: c.sourceUrl,
              affiliateUrl: c.affiliateUrl,
              demoUrl: c.demoUrl,
              logoUrl: c.logoUrl,
              pricingModel: c.pricingModel,
              tags: c.tags,
              features: c.features,
              useCases: c.useCases,
              pros: c.pros,
              cons: c.cons,
              alternatives: c.alternatives,
              screenshots: c.screenshots,
              isFeatured: featured.has(c.slug),
              status: options.landAs ?? "active",
              importId: report.importId,
              publishedAt: (options.landAs ?? "active") === "active" ? now : null,
            })),
          )
          .returning({ id: toolsTable.id, slug: toolsTable.slug });
        inserted.push(...batch);
      }
      // The import that first brought each tool is the first entry of its history (issue 20).
      const provenanceOf = options.provenance ?? defaultProvenance(options, report.importId);
      await recordNewTools(
        tx,
        inserted.map((t) => ({ toolId: t.id, provenance: provenanceOf(t.slug, now) })),
        { at: now, actorUserId: options.actorUserId ?? null },
      );
      await refreshTagCatalogue(tx);
    }
    if (options.audit) {
      await recordAudit(tx, {
        actor: options.audit.actor,
        action: "catalog.import",
        targetType: "import",
        targetId: String(report.importId),
        after: {
          source: options.source,
          added: fresh.length,
          landed_as: options.landAs ?? "active",
          duplicates: report.duplicates.length,
          errors: report.errors.length,
          ...(report.mappedCategories.length
            ? { mapped_categories: report.mappedCategories.map((m) => `${m.name} → ${m.to.name}`) }
            : {}),
        },
        requestId: options.audit.requestId,
      });
    }
    if (options.afterWrite) await options.afterWrite(tx, report.importId);
  });
  return report;
}

async function upsertProviders(tx: Db, fresh: CandidateTool[]): Promise<Map<string, number>> {
  const names = new Map<string, string>();
  for (const c of fresh) if (c.providerName) names.set(slugify(c.providerName), c.providerName);
  if (!names.size) return new Map();
  await tx
    .insert(providers)
    .values([...names].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: providers.id, slug: providers.slug }).from(providers);
  return new Map(rows.map((r) => [r.slug, r.id]));
}
