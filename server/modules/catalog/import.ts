import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, schema, transaction } from "../../platform/db/index.ts";
import { controlCharacterIn, controlCharacterMessage } from "../../platform/text.ts";
import { lookupCategoryKeys } from "./categories.ts";
import { type CategorySuggestion, suggestCategories } from "./category-admin.ts";
import { aliasKey } from "./category-definitions.ts";
import { type Provenance, recordNewTools } from "./facts.ts";
import {
  cleanText,
  domainKey,
  HTML_TAG,
  nameKey,
  neutraliseFormula,
  type PricingModel,
  parseHttpUrl,
  parseList,
  parsePricingModel,
  slugify,
} from "./normalize.ts";
import { seedProvenance } from "./seed-sources.ts";
import { refreshTagCatalogue } from "./tags.ts";

/**
 * The catalogue importer: the seed, the CLI, the admin UI and approved submissions all use it.
 * Rows are validated one by one; everything valid is written in one transaction or nothing is, and
 * every run that writes (and an admin's dry run) keeps its per-row report in `catalog_imports`
 * (/admin/imports). It never creates a category (issue 21, ADR 0043): a row naming one no category
 * answers to is refused with the closest names, unless the run maps that name explicitly.
 */

/** Accepted spellings of each field, first non-empty match wins (headers compared case-insensitively). */
const FIELD_ALIASES = {
  name: ["name", "tool_name", "title"],
  slug: ["slug"],
  description: ["one_line_description", "description", "short_description", "tagline", "summary"],
  fullDescription: ["full_description", "long_description", "details"],
  category: ["category_name", "category", "category_id"],
  url: ["official_url", "website_url", "url", "website", "link", "homepage"],
  provider: ["provider_name", "provider", "company_name", "company", "vendor"],
  pricing: ["pricing_model", "pricing", "price_model"],
  tags: ["tags", "tag", "keywords"],
  features: ["features", "key_features"],
  useCases: ["use_cases", "usecases", "use_case"],
  pros: ["pros"],
  cons: ["cons"],
  alternatives: ["alternatives"],
  screenshots: ["screenshots", "screenshot_urls"],
  logoUrl: ["logo_url", "logo"],
  demoUrl: ["demo_url", "demo"],
  affiliateUrl: ["affiliate_url"],
  sourceUrl: ["source_url", "github_url", "repository"],
} as const;
type Field = keyof typeof FIELD_ALIASES;

/** Bidi embeddings, overrides and isolates: the characters that can make a name read backwards. */
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;

/** A logo or preview we stored and serve ourselves (linkcheck/media.ts, logos/): not an outside URL. */
const OWN_MEDIA = /^\/media\/(?:logos|previews)\/[A-Za-z0-9._-]{1,200}(?:\?v=[A-Za-z0-9_-]{1,128})?$/;

const ExistingKeyRow = z.object({ name_key: z.string(), domain_key: z.string(), slug: z.string() });

export const IMPORT_LIMITS = {
  maxRows: 20_000,
  name: 120,
  slug: 80,
  description: 1_000,
  fullDescription: 10_000,
  url: 2_048,
  listItems: 40,
  listItem: 300,
  tag: 60,
  category: 80,
  provider: 120,
} as const;

export type ImportRowError = { row: number; name?: string; messages: string[] };
export type ImportDuplicate = { row: number; name: string; url: string; existing: string; reason: string };
export type ImportAdded = { row: number; name: string; slug: string };
export type ImportWarning = { row: number; message: string };

/** A category name no category answers to, the rows that used it and the closest existing ones. */
export type UnknownCategory = { name: string; rows: number[]; suggestions: CategorySuggestion[] };
/** A name the run mapped explicitly (the admin confirmed it in the dry run, or the CLI's --map). */
export type MappedCategory = { name: string; to: CategorySuggestion; rows: number };

export type ImportReport = {
  source: string;
  dryRun: boolean;
  /** the stored run (`catalog_imports`): real imports always, an admin's dry run too */
  importId: number | null;
  totalRows: number;
  added: ImportAdded[];
  duplicates: ImportDuplicate[];
  errors: ImportRowError[];
  warnings: ImportWarning[];
  unknownCategories: UnknownCategory[];
  mappedCategories: MappedCategory[];
};

/** What `catalog_imports.report` holds: the per-row report without the counts kept in columns. */
export type StoredImportReport = Pick<
  ImportReport,
  "added" | "duplicates" | "errors" | "warnings" | "unknownCategories" | "mappedCategories"
>;

export type CandidateTool = {
  row: number;
  name: string;
  slug: string;
  description: string;
  fullDescription: string;
  categoryName: string;
  websiteUrl: string;
  domainKey: string;
  nameKey: string;
  providerName: string | null;
  pricingModel: PricingModel;
  tags: string[];
  features: string[];
  useCases: string[];
  pros: string[];
  cons: string[];
  alternatives: string[];
  screenshots: string[];
  logoUrl: string | null;
  demoUrl: string | null;
  affiliateUrl: string | null;
  sourceUrl: string | null;
};

export type ImportOptions = {
  source: string;
  /** the import's time (services.clock.now(), or the seed's start): the added tools' dates and history */
  now: Date;
  dryRun?: boolean;
  /** slugs to flag as featured if they are added (the seed's editorial set) */
  featuredSlugs?: string[];
  /** an operator's import (admin UI/API): one audit row in the import's transaction when it adds tools */
  audit?: { actor: AuditActor; requestId?: string | null };
  /**
   * Where the added tools' facts come from (issue 20). Default: the seed file's own datasets (per row,
   * from server/platform/db/seed/SOURCES.md) for the seed CSV, else kind `dataset` named after the import.
   */
  provenance?: (slug: string, at: Date) => Provenance;
  /** the member behind the import (an approved submission's maker), for the history rows */
  actorUserId?: string | null;
  /**
   * Explicit category mapping: an unknown category name (as written in the file) → the key (slug, id
   * or name) of an existing category. Only names listed here are mapped; the rest are refused.
   */
  categoryMap?: Record<string, string>;
  /** keep a dry run in `catalog_imports` with these bytes, so its mapping can be confirmed later */
  keepDryRun?: { csv: string };
  /** runs inside the import's transaction once its row is written (a confirmed dry run links to it) */
  afterWrite?: (tx: Db, importId: number) => Promise<void>;
  /** per row (by index): header columns the row has no cell for; such rows are refused */
  missingColumns?: (string[] | undefined)[];
  /**
   * How the added tools land (issue 31): `active` publishes them (the seed, the CLI, approved
   * submissions); an admin's upload passes `draft` unless the operator chose "publish on import",
   * so nothing from a file goes live before a person has looked at it.
   */
  landAs?: "draft" | "active";
};

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

/** The bytes as text; invalid UTF-8 becomes U+FFFD and is then reported per row. */
export function csvText(input: Buffer | string): string {
  return typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: false }).decode(input);
}

/**
 * Parses CSV bytes. `missing` names, per row, the header columns the row has no cell for (a short
 * row): the importer refuses such a row rather than reading the gap as empty values.
 */
export function parseCsv(input: Buffer | string): {
  headers: string[];
  rows: Record<string, string>[];
  missing: (string[] | undefined)[];
} {
  const records: string[][] = parse(csvText(input), { relax_column_count: true, skip_empty_lines: true, bom: true });
  const [header, ...body] = records;
  if (!header) return { headers: [], rows: [], missing: [] };
  const headers = header.map((h) => h.trim().toLowerCase());
  const missing: (string[] | undefined)[] = [];
  const rows = body.map((cells, index) => {
    const row: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h && row[h] === undefined) row[h] = cells[i] ?? "";
    });
    if (cells.length < headers.length) missing[index] = headers.slice(cells.length).filter(Boolean);
    return row;
  });
  return { headers, rows, missing };
}

/** Undoes the export's formula escape: a ' before = + - @ tab or CR. */
export function unescapeExportedCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function pick(row: Record<string, string>, field: Field): string | undefined {
  for (const alias of FIELD_ALIASES[field]) {
    const v = row[alias];
    if (v !== undefined && v.trim() !== "") return v;
  }
  return undefined;
}

/** Checks the header can be imported at all (a name and a URL column) before any row is read. */
export function checkHeaders(headers: string[]): string | null {
  const has = (field: Field) => FIELD_ALIASES[field].some((a) => headers.includes(a));
  const missing = (["name", "url"] as const).filter((f) => !has(f));
  if (!missing.length) return null;
  return `The CSV needs a header row with ${missing.map((f) => FIELD_ALIASES[f].join(" or ")).join(" and ")} columns.`;
}

/** Validates and normalises one row (importer field names); the admin dialogs reuse it for their fields. */
export function validateRow(
  raw: Record<string, string>,
  row: number,
  warnings: ImportWarning[],
): { tool?: CandidateTool; errors: string[] } {
  const errors: string[] = [];
  const clean = (value: string, label: string): string => {
    if (value.includes("\uFFFD")) errors.push(`${label} is not valid UTF-8 text`);
    const control = controlCharacterIn(value, { multiline: true });
    if (control) errors.push(controlCharacterMessage(label, control));
    const bidi = BIDI_OVERRIDE.exec(value);
    if (bidi) {
      // Removed by cleanText like every bidi control, but said out loud: it can disguise a name.
      warnings.push({
        row,
        message: `${label} contained a right-to-left override (U+${(bidi[0].codePointAt(0) ?? 0).toString(16).toUpperCase()}): it was removed, check the text reads as meant`,
      });
    }
    // Our CSV export escapes such cells with a leading ' (see export.ts); read them back as they were.
    const n = neutraliseFormula(unescapeExportedCell(value));
    if (n.kind === "formula") {
      // Stripping the prefix left the formula's text live (HYPERLINK(…), cmd|…): the row is refused.
      errors.push(
        `Row ${row}: ${label} looks like a spreadsheet formula ('${value.trim().slice(0, 40)}'): remove the formula`,
      );
    } else if (n.kind === "text") {
      warnings.push({
        row,
        message: `${label} starts with '${n.value.charAt(0)}': kept as text (not a formula; exports escape it)`,
      });
    }
    return cleanText(n.value);
  };
  const noHtml = (value: string, label: string): string => {
    const tag = HTML_TAG.exec(value);
    if (tag) errors.push(`${label} cannot contain HTML (found '${tag[0].slice(0, 40)}')`);
    return value;
  };
  const text = (field: Field, max: number, label: string, html = false): string => {
    const value = clean(pick(raw, field) ?? "", label);
    if (value.length > max) errors.push(`${label} must be at most ${max} characters (got ${value.length})`);
    return html ? value : noHtml(value, label);
  };
  const list = (field: Field, label: string, itemMax: number): string[] => {
    const items = parseList(pick(raw, field))
      .map((v) => noHtml(clean(v, label), label))
      .filter(Boolean);
    if (items.length > IMPORT_LIMITS.listItems) {
      warnings.push({ row, message: `${label}: only the first ${IMPORT_LIMITS.listItems} items were kept` });
    }
    const kept = items.slice(0, IMPORT_LIMITS.listItems);
    if (kept.some((v) => v.length > itemMax)) errors.push(`${label}: each item must be at most ${itemMax} characters`);
    return kept;
  };
  const optionalUrl = (field: Field, label: string): string | null => {
    const value = pick(raw, field)?.trim();
    if (!value) return null;
    // Our own stored images (the link checker's and the bundled logos, served from /media) round-trip
    // through an edit or an export unchanged.
    if (OWN_MEDIA.test(value)) return value;
    const url = value.length <= IMPORT_LIMITS.url ? parseHttpUrl(value) : null;
    if (!url) {
      errors.push(`${label} must be an http(s) URL`);
      return null;
    }
    return url.toString();
  };

  const name = text("name", IMPORT_LIMITS.name, "Name");
  if (!name) errors.push("Tool name is required");
  else if (!nameKey(name)) errors.push("Name must contain at least one letter or digit");
  const urlRaw = (pick(raw, "url") ?? "").trim();
  const url = urlRaw && urlRaw.length <= IMPORT_LIMITS.url ? parseHttpUrl(urlRaw) : null;
  if (!url) errors.push(urlRaw ? `Valid URL is required (got '${urlRaw.slice(0, 80)}')` : "Valid URL is required");
  const description = text("description", IMPORT_LIMITS.description, "Description");
  // The long text may quote markup (it is always shown as text); names and short fields may not.
  const fullDescription =
    text("fullDescription", IMPORT_LIMITS.fullDescription, "Full description", true) || description;
  const categoryName = text("category", IMPORT_LIMITS.category, "Category") || "Other";
  const providerName = text("provider", IMPORT_LIMITS.provider, "Provider") || null;
  const pricingRaw = pick(raw, "pricing");
  let pricingModel = parsePricingModel(pricingRaw);
  if (!pricingModel) {
    warnings.push({
      row,
      message: `Pricing model '${cleanText(pricingRaw ?? "")}' is not recognised; stored as Unknown`,
    });
    pricingModel = "unknown";
  }
  const screenshots = list("screenshots", "Screenshots", IMPORT_LIMITS.url).filter((s) => {
    const ok = parseHttpUrl(s) !== null;
    if (!ok) warnings.push({ row, message: `Screenshot '${s.slice(0, 60)}' is not an http(s) URL and was skipped` });
    return ok;
  });
  const tool: CandidateTool = {
    row,
    name,
    slug: slugify(cleanText(pick(raw, "slug") ?? "") || name, IMPORT_LIMITS.slug),
    description,
    fullDescription,
    categoryName,
    websiteUrl: url?.toString() ?? "",
    domainKey: url ? domainKey(url.toString()) : "",
    nameKey: nameKey(name),
    providerName,
    pricingModel,
    tags: list("tags", "Tags", IMPORT_LIMITS.tag),
    features: list("features", "Features", IMPORT_LIMITS.listItem),
    useCases: list("useCases", "Use cases", IMPORT_LIMITS.listItem),
    pros: list("pros", "Pros", IMPORT_LIMITS.listItem),
    cons: list("cons", "Cons", IMPORT_LIMITS.listItem),
    alternatives: list("alternatives", "Alternatives", IMPORT_LIMITS.name),
    screenshots,
    logoUrl: optionalUrl("logoUrl", "Logo URL"),
    demoUrl: optionalUrl("demoUrl", "Demo URL"),
    affiliateUrl: optionalUrl("affiliateUrl", "Affiliate URL"),
    sourceUrl: optionalUrl("sourceUrl", "Source URL"),
  };
  return errors.length ? { errors } : { tool, errors };
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
          .insert(schema.tools)
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
          .returning({ id: schema.tools.id, slug: schema.tools.slug });
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

/** Writes the run's row in `catalog_imports` (counts in columns, the per-row report as JSON). */
async function storeRun(tx: Db, report: ImportReport, options: ImportOptions, pendingCsv: string | null) {
  const stored: StoredImportReport = {
    added: report.added,
    duplicates: report.duplicates,
    errors: report.errors,
    warnings: report.warnings,
    unknownCategories: report.unknownCategories,
    mappedCategories: report.mappedCategories,
  };
  const [row] = await tx
    .insert(schema.catalogImports)
    .values({
      source: options.source,
      totalRows: report.totalRows,
      added: report.added.length,
      duplicates: report.duplicates.length,
      failed: report.errors.length,
      warnings: report.warnings.length,
      dryRun: report.dryRun,
      pendingCsv,
      actorUserId: options.audit?.actor.id ?? options.actorUserId ?? null,
      actorLabel: options.audit?.actor.label ?? null,
      report: stored,
    })
    .returning({ id: schema.catalogImports.id });
  if (!row) throw new Error("catalog_imports insert returned nothing");
  return row.id;
}

async function upsertProviders(tx: Db, fresh: CandidateTool[]): Promise<Map<string, number>> {
  const names = new Map<string, string>();
  for (const c of fresh) if (c.providerName) names.set(slugify(c.providerName), c.providerName);
  if (!names.size) return new Map();
  await tx
    .insert(schema.providers)
    .values([...names].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: schema.providers.id, slug: schema.providers.slug }).from(schema.providers);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Parses a CSV file's bytes and imports it; a file without usable headers is one clear error. */
export async function importCsv(db: Db, input: Buffer | string, options: ImportOptions): Promise<ImportReport> {
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(input);
  } catch (err) {
    return failedReport(options, `The file could not be read as CSV: ${(err as Error).message}`);
  }
  const headerProblem = checkHeaders(parsed.headers);
  if (headerProblem) return failedReport(options, headerProblem);
  // A NUL byte cannot be stored (a dry run keeps its file) and has no place in text: the whole file
  // is refused the same way for a dry run and a real import, naming the row.
  const nulRow = parsed.rows.findIndex((r) => Object.values(r).some((v) => v.includes("\u0000")));
  if (nulRow >= 0 || parsed.headers.some((h) => h.includes("\u0000"))) {
    return failedReport(
      options,
      `The file contains a NUL byte on row ${nulRow >= 0 ? nulRow + 2 : 1}: save it again as plain UTF-8 text`,
    );
  }
  return importRows(db, parsed.rows, { ...options, missingColumns: parsed.missing });
}

function failedReport(options: ImportOptions, message: string): ImportReport {
  return {
    source: options.source,
    dryRun: options.dryRun ?? false,
    importId: null,
    totalRows: 0,
    added: [],
    duplicates: [],
    errors: [{ row: 0, messages: [message] }],
    warnings: [],
    unknownCategories: [],
    mappedCategories: [],
  };
}
