import type { Db } from "../../platform/db/index.ts";
import type { ImportOptions, ImportReport, StoredImportReport } from "./import-shapes.ts";
import { catalogImports } from "./tables.ts";

/** Writes the run's row in `catalog_imports` (counts in columns, the per-row report as JSON). */
export async function storeRun(tx: Db, report: ImportReport, options: ImportOptions, pendingCsv: string | null) {
  const stored: StoredImportReport = {
    added: report.added,
    duplicates: report.duplicates,
    errors: report.errors,
    warnings: report.warnings,
    unknownCategories: report.unknownCategories,
    mappedCategories: report.mappedCategories,
  };
  const [row] = await tx
    .insert(catalogImports)
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
    .returning({ id: catalogImports.id });
  if (!row) throw new Error("catalog_imports insert returned nothing");
  return row.id;
}
