import { count, desc, eq, sql } from "drizzle-orm";
import type { AuditActor } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { importCsv } from "./import-csv.ts";
import type { ImportReport, StoredImportReport } from "./import-shapes.ts";
import { catalogImports } from "./tables.ts";

/**
 * The stored import runs (issue 21): every import that writes, from the seed, the CLI, the admin or
 * an approved submission, and the admin's dry runs, each with its per-row report. An admin's dry run
 * keeps its file until it is confirmed with a category mapping (`confirmDryRun`).
 */

export type ImportRunSummary = {
  id: number;
  source: string;
  dryRun: boolean;
  totalRows: number;
  added: number;
  duplicates: number;
  refused: number;
  warnings: number;
  actorLabel: string | null;
  createdAt: string;
  /** a dry run that can still be confirmed (its file is kept) */
  pending: boolean;
  confirmedById: number | null;
  rolledBackAt: string | null;
};

export type ImportRun = ImportRunSummary & { report: StoredImportReport };

export const IMPORT_RUNS_PAGE_SIZE = 50;

const summaryColumns = {
  id: catalogImports.id,
  source: catalogImports.source,
  dryRun: catalogImports.dryRun,
  totalRows: catalogImports.totalRows,
  added: catalogImports.added,
  duplicates: catalogImports.duplicates,
  refused: catalogImports.failed,
  warnings: catalogImports.warnings,
  actorLabel: catalogImports.actorLabel,
  createdAt: catalogImports.createdAt,
  pending: sql<boolean>`${catalogImports.pendingCsv} IS NOT NULL`,
  confirmedById: catalogImports.confirmedById,
  rolledBackAt: catalogImports.rolledBackAt,
};

function summary<T extends { createdAt: Date; rolledBackAt: Date | null }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), rolledBackAt: row.rolledBackAt?.toISOString() ?? null };
}

/** The newest runs first, a page at a time. */
export async function listImportRuns(
  db: Db,
  page = 1,
): Promise<{ runs: ImportRunSummary[]; total: number; page: number; pages: number }> {
  const [runs, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(catalogImports)
      .orderBy(desc(catalogImports.createdAt), desc(catalogImports.id))
      .limit(IMPORT_RUNS_PAGE_SIZE)
      .offset((page - 1) * IMPORT_RUNS_PAGE_SIZE),
    db.select({ n: count() }).from(catalogImports),
  ]);
  const n = total?.n ?? 0;
  return { runs: runs.map(summary), total: n, page, pages: Math.max(1, Math.ceil(n / IMPORT_RUNS_PAGE_SIZE)) };
}

/** One run with its per-row report (older runs' reports lack the newer keys: they read as empty). */
export async function getImportRun(db: Db, id: number): Promise<ImportRun | null> {
  const [row] = await db
    .select({ ...summaryColumns, report: catalogImports.report })
    .from(catalogImports)
    .where(eq(catalogImports.id, id));
  if (!row) return null;
  const r = (row.report ?? {}) as Partial<StoredImportReport>;
  return {
    ...summary(row),
    report: {
      added: r.added ?? [],
      duplicates: r.duplicates ?? [],
      errors: r.errors ?? [],
      warnings: r.warnings ?? [],
      unknownCategories: r.unknownCategories ?? [],
      mappedCategories: r.mappedCategories ?? [],
    },
  };
}

/**
 * Carries out a kept dry run with the mapping the admin confirmed (unknown name → existing category).
 * The new run is stored as its own import; the dry run links to it and drops its file, in the same
 * transaction, so a dry run is carried out at most once.
 */
export async function confirmDryRun(
  db: Db,
  id: number,
  categoryMap: Record<string, string>,
  audit: { actor: AuditActor; requestId?: string | null },
  /** an admin's run lands as drafts unless they chose to publish on import (issue 31) */
  landAs: "draft" | "active",
  now: Date,
): Promise<ImportReport> {
  const [run] = await db
    .select({ source: catalogImports.source, csv: catalogImports.pendingCsv, dryRun: catalogImports.dryRun })
    .from(catalogImports)
    .where(eq(catalogImports.id, id));
  if (!run) throw notFound("Import not found");
  if (!run.dryRun || run.csv === null) {
    throw new AppError("conflict", "This dry run was already carried out (or is not a dry run)");
  }
  return importCsv(db, run.csv, {
    now,
    source: run.source,
    audit,
    categoryMap,
    landAs,
    afterWrite: async (tx, importId) => {
      const done = await tx
        .update(catalogImports)
        .set({ pendingCsv: null, confirmedById: importId })
        .where(sql`${catalogImports.id} = ${id} AND ${catalogImports.pendingCsv} IS NOT NULL`)
        .returning({ id: catalogImports.id });
      // Two confirmations at once: the second finds the file gone and undoes its whole import.
      if (!done.length) throw new AppError("conflict", "This dry run was already carried out");
    },
  });
}
