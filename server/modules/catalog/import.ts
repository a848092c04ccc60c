import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, schema, transaction } from "../../platform/db/index.ts";
import { controlCharacterIn, controlCharacterMessage } from "../../platform/text.ts";
import { createCategory, resolveCategoryKeys } from "./categories.ts";
import { type Provenance, recordNewTools } from "./facts.ts";
import {
  cleanText,
  domainKey,
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
 * The catalogue importer: the seed, the CLI and (later) the admin UI all use it.
 * Rows are validated one by one; everything valid is written in one transaction or nothing is.
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

/** A logo or preview we stored and serve ourselves (linkcheck/media.ts, logos/): not an outside URL. */
const OWN_MEDIA = /^\/media\/(?:logos|previews)\/[A-Za-z0-9._-]{1,200}(?:\?v=[A-Za-z0-9_-]{1,128})?$/;

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

export type ImportReport = {
  source: string;
  dryRun: boolean;
  importId: number | null;
  totalRows: number;
  added: ImportAdded[];
  duplicates: ImportDuplicate[];
  errors: ImportRowError[];
  warnings: ImportWarning[];
  createdCategories: string[];
};

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

/** Parses CSV bytes; invalid UTF-8 becomes U+FFFD and is then reported per row, not for the whole file. */
export function parseCsv(input: Buffer | string): { headers: string[]; rows: Record<string, string>[] } {
  const text = typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: false }).decode(input);
  const records: string[][] = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true });
  const [header, ...body] = records;
  if (!header) return { headers: [], rows: [] };
  const headers = header.map((h) => h.trim().toLowerCase());
  const rows = body.map((cells) => {
    const row: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h && row[h] === undefined) row[h] = cells[i] ?? "";
    });
    return row;
  });
  return { headers, rows };
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
    // Our CSV export escapes such cells with a leading ' (see export.ts); read them back as they were.
    const n = neutraliseFormula(unescapeExportedCell(value));
    if (n.changed) warnings.push({ row, message: `${label}: a spreadsheet formula prefix was removed` });
    return cleanText(n.value);
  };
  const text = (field: Field, max: number, label: string): string => {
    const value = clean(pick(raw, field) ?? "", label);
    if (value.length > max) errors.push(`${label} must be at most ${max} characters (got ${value.length})`);
    return value;
  };
  const list = (field: Field, label: string, itemMax: number): string[] => {
    const items = parseList(pick(raw, field))
      .map((v) => clean(v, label))
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
  const fullDescription = text("fullDescription", IMPORT_LIMITS.fullDescription, "Full description") || description;
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
    createdCategories: [],
  };
  if (rows.length > IMPORT_LIMITS.maxRows) {
    report.errors.push({
      row: 0,
      messages: [`A file may hold at most ${IMPORT_LIMITS.maxRows} rows (got ${rows.length})`],
    });
    return report;
  }

  const candidates: CandidateTool[] = [];
  rows.forEach((raw, index) => {
    const row = index + 2; // spreadsheet numbering: the header is row 1
    const { tool, errors } = validateRow(raw, row, report.warnings);
    if (tool) candidates.push(tool);
    else report.errors.push({ row, name: cleanText(pick(raw, "name") ?? "") || undefined, messages: errors });
  });

  await transaction(db, async (tx) => {
    // De-duplicate against the catalogue and within the file, by normalised name + domain.
    const existing = await queryRows<{ name_key: string; domain_key: string; slug: string }>(
      tx,
      sql`SELECT name_key, domain_key, slug FROM tools`,
    );
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
      takenSlugs.add(slug);
      seenKeys.set(key, { slug, row: c.row });
      fresh.push({ ...c, slug });
    }

    // Categories: known names and aliases resolve; an unknown name becomes a new category.
    const categoryIds = new Map<string, number>();
    for (const name of new Set(fresh.map((c) => c.categoryName))) {
      const { ids } = await resolveCategoryKeys(tx, [name]);
      if (ids[0] !== undefined) categoryIds.set(name, ids[0]);
      else {
        report.createdCategories.push(name);
        if (!report.dryRun) categoryIds.set(name, await createCategory(tx, name));
      }
    }
    report.added = fresh.map((c) => ({ row: c.row, name: c.name, slug: c.slug }));
    if (report.dryRun || !fresh.length) return;

    const providerIds = await upsertProviders(tx, fresh);
    const [imp] = await tx
      .insert(schema.catalogImports)
      .values({
        source: options.source,
        totalRows: report.totalRows,
        added: fresh.length,
        duplicates: report.duplicates.length,
        failed: report.errors.length,
        report: { duplicates: report.duplicates, errors: report.errors, warnings: report.warnings },
      })
      .returning({ id: schema.catalogImports.id });
    report.importId = imp?.id ?? null;
    const featured = new Set(options.featuredSlugs ?? []);
    const now = new Date();
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
            status: "active" as const,
            importId: report.importId,
            publishedAt: now,
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
    if (options.audit) {
      await recordAudit(tx, {
        actor: options.audit.actor,
        action: "catalog.import",
        targetType: "import",
        targetId: String(report.importId ?? "none"),
        after: {
          source: options.source,
          added: fresh.length,
          duplicates: report.duplicates.length,
          errors: report.errors.length,
        },
        requestId: options.audit.requestId,
      });
    }
  });
  return report;
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
  return importRows(db, parsed.rows, options);
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
    createdCategories: [],
  };
}
