import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type AdminToolQuery, adminToolFilters } from "./list-admin-tools.ts";

/**
 * CSV export of the admin table's filtered list: every field of a tool. The first columns carry
 * the importer's own header names, so an export imports again (and, into the same catalogue,
 * adds nothing: every row is a duplicate). UTF-8 with a BOM so Excel reads it as UTF-8 (the
 * importer skips the BOM), CRLF line ends, every cell quoted.
 */

export const EXPORT_MAX_ROWS = 50_000;

/** The export's columns vary with COLUMNS; each cell is formatted by cellText, whatever its type. */
const ExportRow = z.record(z.string(), z.unknown());

const COLUMNS = [
  ["name", "t.name"],
  ["slug", "t.slug"],
  ["one_line_description", "t.description"],
  ["full_description", "t.full_description"],
  ["category_name", "c.name"],
  ["official_url", "t.website_url"],
  ["provider_name", "p.name"],
  ["pricing_model", "t.pricing_model"],
  ["tags", "t.tags"],
  ["features", "t.features"],
  ["use_cases", "t.use_cases"],
  ["pros", "t.pros"],
  ["cons", "t.cons"],
  ["alternatives", "t.alternatives"],
  ["screenshots", "t.screenshots"],
  ["logo_url", "t.logo_url"],
  ["demo_url", "t.demo_url"],
  ["affiliate_url", "t.affiliate_url"],
  ["source_url", "t.source_url"],
  // Beyond here the importer does not read the columns (a new tool starts active, free, unrated).
  ["preview_image_url", "t.preview_image_url"],
  ["pricing_original", "t.pricing->>'original'"],
  ["pricing_discounted", "t.pricing->>'discounted'"],
  ["pricing_discount", "t.pricing->>'discount'"],
  ["pricing_deal_ends", "t.pricing->>'dealEnds'"],
  ["status", "t.status"],
  ["tier", "t.tier"],
  ["is_featured", "t.is_featured"],
  ["is_verified", "t.is_verified"],
  ["needs_review", "t.needs_review"],
  ["meta_title", "t.meta_title"],
  ["meta_description", "t.meta_description"],
  ["meta_keywords", "t.meta_keywords"],
  ["rating", "t.rating"],
  ["review_count", "t.review_count"],
  ["upvotes", "t.upvotes"],
  ["views", "t.views"],
  ["clicks", "t.clicks"],
  ["id", "t.id"],
  ["created_at", "t.created_at"],
  ["updated_at", "t.updated_at"],
  ["published_at", "t.published_at"],
] as const;

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab / CR before one) as a formula: such
 * cells get a leading ' (the importer removes it again, see unescapeExportedCell).
 */
export function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A list cell as the importer reads it: '; '-separated, or a JSON array when an item holds a separator. */
function listCell(items: string[]): string {
  if (!items.length) return "";
  return items.some((i) => /[;|]/.test(i) || i.startsWith("[")) ? JSON.stringify(items) : items.join("; ");
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return listCell(value.map(String));
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

/** The CSV text (BOM included) of every tool the filters select, newest first. */
export async function exportToolsCsv(
  db: Db,
  query: Pick<AdminToolQuery, "search" | "status" | "category">,
): Promise<{ csv: string; rows: number }> {
  const where = await adminToolFilters(db, query);
  const select = sql.raw(COLUMNS.map(([name, expr]) => `${expr} AS "${name}"`).join(", "));
  const rows = await queryRows(
    db,
    sql`SELECT ${select}
        FROM tools t JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id
        WHERE ${where}
        ORDER BY t.created_at DESC, lower(t.name), t.id
        LIMIT ${EXPORT_MAX_ROWS}`,
    ExportRow,
  );
  const lines = [COLUMNS.map(([name]) => quote(name)).join(",")];
  for (const row of rows) {
    lines.push(COLUMNS.map(([name]) => quote(formulaSafe(cellText(row[name])))).join(","));
  }
  return { csv: `\uFEFF${lines.join("\r\n")}\r\n`, rows: rows.length };
}
