import type { Db } from "../../platform/db/index.ts";
import { checkHeaders, parseCsv } from "./import-parse.ts";
import { importRows } from "./import-rows.ts";
import type { ImportOptions, ImportReport } from "./import-shapes.ts";

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
