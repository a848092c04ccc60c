import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole, type Viewer } from "../modules/accounts/index.ts";
import {
  BulkImportRows,
  type ImportReport,
  importCsv,
  importRows,
  requestDuplicateRefresh,
  rowsFromJson,
  SEED_CSV,
} from "../modules/catalog/index.ts";
import { AppError } from "../platform/errors.ts";
import type { AppServices } from "../process/context.ts";
import { adminErrors, documented, json, ok, record, requestJson, SESSION } from "./doc.ts";
import { jsonBody, parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

/** The biggest CSV an admin may upload (the API's body limit is the same 5 MB). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_TYPE_MESSAGE = "Please select a valid CSV file";

const Flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off", ""])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");
/** An explicit mapping of unknown category names to existing categories (issue 21): the importer never creates one. */
const CategoryMap = z
  .record(
    z.string().max(80, "a mapped category name must be at most 80 characters"),
    z.string().max(80, "a mapping target must be at most 80 characters"),
  )
  .refine((m) => Object.keys(m).length <= 100, "categoryMap may hold at most 100 names");
const CsvImportJson = z
  .object({
    csv: z.string().optional(),
    filePath: z.string().max(500, "filePath must be 500 characters or less").optional(),
    dryRun: Flag.optional(),
    categoryMap: CategoryMap.optional(),
    /** publish the added tools at once instead of landing them as drafts for review (issue 31) */
    publish: Flag.optional(),
  })
  .refine((v) => (v.csv === undefined) !== (v.filePath === undefined), {
    message: "Send the CSV as a file (multipart field 'file'), as text in 'csv', or a 'filePath' in the import folder",
  });
const BulkImportBody = z.union([
  BulkImportRows,
  z.object(
    { tools: BulkImportRows, dryRun: Flag.optional(), categoryMap: CategoryMap.optional(), publish: Flag.optional() },
    { message: "Send { tools: [rows] }" },
  ),
]);
const ImportAnswer = ok({
  dryRun: z.boolean(),
  result: z.object({
    successCount: z.number().int(),
    duplicateCount: z.number().int(),
    errorCount: z.number().int(),
    warningCount: z.number().int(),
    total: z.number().int(),
    importId: z.number().int().nullable(),
  }),
  report: record("the importer's report, row by row"),
  tools: z.array(z.unknown()),
});

function admin(services: AppServices, req: Request): Promise<Viewer> {
  return getViewer(services, req).then((v) => requireRole(v, "admin"));
}
const actorOf = (viewer: Viewer) => ({ id: viewer.user.id, label: viewer.user.email });

/** The importer's report as the API's answer (spec §7: result.successCount, tools). */
export function importAnswer(report: ImportReport) {
  return {
    success: true as const,
    dryRun: report.dryRun,
    result: {
      successCount: report.added.length,
      duplicateCount: report.duplicates.length,
      errorCount: report.errors.length,
      warningCount: report.warnings.length,
      total: report.totalRows,
      importId: report.importId,
    },
    report,
    tools: report.added,
  };
}

/** A report whose only error is about the whole file (unreadable, no header, too many rows) is a 400. */
function fileProblem(report: ImportReport): string | null {
  return report.errors.find((e) => e.row === 0)?.messages[0] ?? null;
}

/**
 * `filePath` (the spec's form) reads only files inside DATA_DIR/import — never an arbitrary path:
 * the resolved real path must stay inside that folder, end in .csv and fit the size cap.
 */
async function readImportFile(dataDir: string, filePath: string): Promise<Buffer> {
  const dir = path.join(dataDir, "import");
  const refused = new AppError("bad_request", "filePath must name a .csv file inside the data/import folder");
  if (!filePath.toLowerCase().endsWith(".csv") || filePath.includes("\0")) throw refused;
  let real: string;
  let realDir: string;
  try {
    realDir = await realpath(dir);
    real = await realpath(path.resolve(dir, filePath));
  } catch {
    throw new AppError("not_found", "No such file in the data/import folder");
  }
  if (!real.startsWith(realDir + path.sep)) throw refused;
  const info = await stat(real);
  if (!info.isFile()) throw refused;
  if (info.size > CSV_MAX_BYTES) throw new AppError("payload_too_large", "The CSV file is larger than 5 MB");
  return readFile(real);
}

/**
 * The operators' catalogue imports (spec §7 /api/admin/tools/import*): a CSV (a multipart file, text
 * or a file in data/import), the bundled catalogue again, JSON rows; dry run first if wanted. Admins only.
 */
export function adminImportsApi() {
  const api = new OpenAPIHono<Vars>();
  for (const route of ["/admin/tools/import/*", "/admin/tools/import-full-csv", "/admin/tools/bulk-import"]) {
    api.use(route, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }

  documented(
    api,
    {
      method: "post",
      path: "/admin/tools/import/csv",
      operationId: "adminImportCsv",
      summary: "Import a CSV (multipart file, text or a file in data/import); dry run first if wanted",
      tags: ["Admin"],
      security: SESSION,
      request: {
        body: {
          required: true,
          content: {
            "application/json": { schema: CsvImportJson },
            "multipart/form-data": {
              schema: z.object({
                file: z.string().meta({ format: "binary" }),
                dryRun: z.string().optional(),
                publish: z.string().optional(),
              }),
            },
          },
        },
      },
      responses: { 200: json(ImportAnswer, "The import's report"), ...adminErrors(404, 413) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await admin(services, c.req.raw);
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      let bytes: Buffer | string;
      let dryRun = false;
      let publish = false;
      let categoryMap: Record<string, string> | undefined;
      let source = "admin:api";
      if (type === "multipart/form-data") {
        const form = await c.req.parseBody().catch(() => {
          throw new AppError("bad_request", "The upload could not be read (a malformed multipart body)");
        });
        const file = form.file;
        if (!(file instanceof File)) throw new AppError("bad_request", `${CSV_TYPE_MESSAGE} (multipart field 'file')`);
        if (file.type.split(";")[0]?.trim().toLowerCase() !== "text/csv")
          throw new AppError("bad_request", CSV_TYPE_MESSAGE);
        if (file.size > CSV_MAX_BYTES) throw new AppError("payload_too_large", "The CSV file is larger than 5 MB");
        bytes = Buffer.from(await file.arrayBuffer());
        dryRun = parseOr400(Flag.optional(), typeof form.dryRun === "string" ? form.dryRun : undefined) ?? false;
        publish = parseOr400(Flag.optional(), typeof form.publish === "string" ? form.publish : undefined) ?? false;
        source = `admin:${file.name.slice(0, 100) || "upload.csv"}`;
      } else {
        const input = parseOr400(CsvImportJson, await jsonBody(c));
        dryRun = input.dryRun ?? false;
        publish = input.publish ?? false;
        categoryMap = input.categoryMap;
        if (input.filePath !== undefined) {
          bytes = await readImportFile(services.env.DATA_DIR, input.filePath);
          source = `admin:import/${path.basename(input.filePath)}`;
        } else bytes = input.csv ?? "";
      }
      const report = await importCsv(services.db, bytes, {
        now: services.clock.now(),
        source,
        dryRun,
        categoryMap,
        landAs: publish ? "active" : "draft",
        audit: { actor: actorOf(viewer), requestId: c.var.requestId },
      });
      const problem = fileProblem(report);
      if (problem) return c.json({ success: false, error: problem, report }, 400);
      if (!dryRun && report.added.length) await requestDuplicateRefresh(services.jobs);
      return c.json(importAnswer(report));
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/tools/import-full-csv",
      operationId: "adminImportSeed",
      summary: "Import the bundled catalogue CSV again",
      tags: ["Admin"],
      security: SESSION,
      responses: {
        200: json(
          ok({
            result: record("successCount, errorCount, duplicateCount, total"),
            details: record("errors, duplicates, warnings"),
          }),
          "The report",
        ),
        ...adminErrors(),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await admin(services, c.req.raw);
      const report = await importCsv(services.db, await readFile(SEED_CSV), {
        now: services.clock.now(),
        source: "admin:import-full-csv",
        audit: { actor: actorOf(viewer), requestId: c.var.requestId },
      });
      if (report.added.length) await requestDuplicateRefresh(services.jobs);
      return c.json({
        success: true,
        result: {
          successCount: report.added.length,
          errorCount: report.errors.length,
          duplicateCount: report.duplicates.length,
          total: report.totalRows,
        },
        details: { errors: report.errors, duplicates: report.duplicates.length, warnings: report.warnings.length },
      });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/tools/bulk-import",
      operationId: "adminBulkImport",
      summary: "Import JSON rows",
      tags: ["Admin"],
      security: SESSION,
      request: { body: requestJson(BulkImportBody) },
      responses: { 200: json(ImportAnswer, "The import's report"), ...adminErrors() },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await admin(services, c.req.raw);
      const body = parseOr400(BulkImportBody, await jsonBody(c));
      const rows = Array.isArray(body) ? body : body.tools;
      const dryRun = Array.isArray(body) ? false : (body.dryRun ?? false);
      const report = await importRows(services.db, rowsFromJson(rows), {
        now: services.clock.now(),
        source: "admin:bulk-import",
        dryRun,
        landAs: !Array.isArray(body) && body.publish ? "active" : "draft",
        categoryMap: Array.isArray(body) ? undefined : body.categoryMap,
        audit: { actor: actorOf(viewer), requestId: c.var.requestId },
      });
      const problem = fileProblem(report);
      if (problem) return c.json({ success: false, error: problem, report }, 400);
      if (!dryRun && report.added.length) await requestDuplicateRefresh(services.jobs);
      return c.json(importAnswer(report));
    },
  );

  return api;
}
