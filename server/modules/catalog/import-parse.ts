import { parse } from "csv-parse/sync";

/**
 * Reading an import file into rows (the importer's first step): the CSV parser, the export's
 * formula escape undone, and the header spellings each field answers to.
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
export type Field = keyof typeof FIELD_ALIASES;

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

export function pick(row: Record<string, string>, field: Field): string | undefined {
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
