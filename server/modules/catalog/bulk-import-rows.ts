import { z } from "zod";

/**
 * The admin API's bulk import (POST /api/admin/tools/bulk-import): JSON rows read as the CSV
 * importer reads its rows.
 */

/** JSON rows (bulk-import): objects keyed like CSV headers; lists may be arrays. */
export const BulkImportRows = z
  .array(
    z.record(
      z.string().max(100, "column names must be 100 characters or less"),
      z.union([
        z.string(),
        z.number(),
        z.boolean(),
        z.null(),
        z.array(z.union([z.string(), z.number()])).max(1_000, "lists must hold 1,000 items or less"),
      ]),
      { message: "each row must be an object of column → value" },
    ),
    { message: "tools must be an array of rows" },
  )
  .min(1, "Send at least one row")
  .max(5_000, "Send at most 5,000 rows at once (use the CSV import for more)");

/** Bulk-import rows as the importer reads CSV rows: lower-case keys, text cells (lists as JSON arrays). */
export function rowsFromJson(rows: z.output<typeof BulkImportRows>): Record<string, string>[] {
  return rows.map((row) => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(row)) {
      const k = key.trim().toLowerCase();
      if (!k || Object.hasOwn(out, k)) continue;
      out[k] = value === null ? "" : Array.isArray(value) ? JSON.stringify(value.map(String)) : String(value);
    }
    return out;
  });
}
