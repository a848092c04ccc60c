import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole, type Viewer } from "../modules/accounts/index.ts";
import {
  AdminToolQuery,
  adminToolStats,
  BulkImportRows,
  DecideFlagInput,
  DismissInput,
  decideQualityFlag,
  dismissDuplicate,
  exportToolsCsv,
  findDuplicateCandidates,
  findToolId,
  getEditableTool,
  type ImportReport,
  importCsv,
  importRows,
  listAdminTools,
  listMerges,
  listQualityFlags,
  mergeTools,
  QualityFlagsQuery,
  requestDuplicateRefresh,
  rowsFromJson,
  SEED_CSV,
  saveTool,
  ToolPatch,
} from "../modules/catalog/index.ts";
import { utcDay } from "../platform/clock.ts";
import { AppError, notFound } from "../platform/errors.ts";
import type { AppServices } from "../process/context.ts";
import { adminErrors, csv, documented, json, ok, pathParams, record, records, requestJson, SESSION } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

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
const ExportQuery = AdminToolQuery.pick({ search: true, status: true, category: true });
const DuplicatesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
const MergeBody = z.object({ into: z.string().min(1, "Choose the tool to keep").max(200) });
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

async function jsonBody(c: Context): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("bad_request", "Send a JSON body");
  });
}

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
 * The operators' catalogue API (spec §7 /api/admin/tools*): the admin table, one tool's edit,
 * CSV and JSON imports (dry run first if wanted) and the CSV export. Admins only, always.
 */
export function adminToolsApi() {
  const api = new OpenAPIHono<Vars>();
  api.use("/admin/tools/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  api.use("/admin/tools", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  documented(
    api,
    {
      method: "get",
      path: "/admin/tools",
      operationId: "adminListTools",
      summary: "The admin catalogue table",
      tags: ["Admin"],
      security: SESSION,
      request: { query: AdminToolQuery },
      responses: {
        200: json(ok({ tools: records("tools"), stats: record("counts by status") }), "A page of tools"),
        ...adminErrors(),
      },
    },
    async (c) => {
      const { services } = c.var;
      await admin(services, c.req.raw);
      const query = parseOr400(AdminToolQuery, c.req.query());
      const [page, stats] = await Promise.all([listAdminTools(services.db, query), adminToolStats(services.db)]);
      return c.json({ success: true, ...page, stats });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/tools/export.csv",
      operationId: "adminExportTools",
      summary: "The catalogue (filtered) as CSV",
      tags: ["Admin"],
      security: SESSION,
      request: { query: ExportQuery },
      responses: { 200: csv("The tools"), ...adminErrors() },
    },
    async (c) => {
      const { services } = c.var;
      await admin(services, c.req.raw);
      const query = parseOr400(ExportQuery, c.req.query());
      const { csv } = await exportToolsCsv(services.db, query);
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="toolscape-tools-${utcDay(services.clock.now())}.csv"`);
      return c.body(csv);
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/tools",
      operationId: "adminCreateTool",
      summary: "Add a tool",
      tags: ["Admin"],
      security: SESSION,
      request: { body: requestJson(ToolPatch) },
      responses: {
        201: json(ok({ tool: record("the tool as edited"), warnings: z.array(z.unknown()) }), "Added"),
        ...adminErrors(409),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await admin(services, c.req.raw);
      const patch = parseOr400(ToolPatch, await jsonBody(c));
      const saved = await saveTool(
        services,
        { ...actorOf(viewer), requestId: c.var.requestId },
        { ...patch, id: null },
      );
      services.logger.info("tool created by admin", { toolId: saved.id });
      return c.json(
        { success: true, tool: await getEditableTool(services.db, saved.id), warnings: saved.warnings },
        201,
      );
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/tools/{id}",
      operationId: "adminGetTool",
      summary: "One tool as edited",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: z.string().describe("a tool id or slug") }) },
      responses: { 200: json(ok({ tool: record("the tool as edited") }), "The tool"), ...adminErrors(404) },
    },
    async (c) => {
      const { services } = c.var;
      await admin(services, c.req.raw);
      const id = await findToolId(services.db, c.req.param("id"));
      const tool = id ? await getEditableTool(services.db, id) : null;
      if (!tool) throw notFound("Tool not found");
      return c.json({ success: true, tool });
    },
  );

  documented(
    api,
    {
      method: "put",
      path: "/admin/tools/{id}",
      operationId: "adminUpdateTool",
      summary: "Change a tool's fields (facts through the provenance log)",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: z.string().describe("a tool id or slug") }), body: requestJson(ToolPatch) },
      responses: {
        200: json(
          ok({ tool: record("the tool as edited"), changed: z.array(z.string()), warnings: z.array(z.unknown()) }),
          "Changed",
        ),
        ...adminErrors(404, 409),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await admin(services, c.req.raw);
      const id = await findToolId(services.db, c.req.param("id"));
      if (!id) throw notFound("Tool not found");
      const patch = parseOr400(ToolPatch, await jsonBody(c));
      if (!Object.values(patch).some((v) => v !== undefined)) {
        throw new AppError("bad_request", "Send at least one field to change");
      }
      const saved = await saveTool(services, { ...actorOf(viewer), requestId: c.var.requestId }, { ...patch, id });
      if (saved.changed.length) services.logger.info("tool updated by admin", { toolId: id, fields: saved.changed });
      return c.json({
        success: true,
        tool: await getEditableTool(services.db, id),
        changed: saved.changed,
        warnings: saved.warnings,
      });
    },
  );

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

  // Duplicate review (issue 13): candidates, merges (A's rows move to B, A's URL redirects) and dismissals.
  api.use("/admin/duplicates/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  documented(
    api,
    {
      method: "get",
      path: "/admin/duplicates",
      operationId: "adminDuplicates",
      summary: "Likely duplicate listings and past merges",
      tags: ["Admin"],
      security: SESSION,
      request: { query: DuplicatesQuery },
      responses: {
        200: json(ok({ candidates: records("pairs"), merges: records("merges") }), "Candidates"),
        ...adminErrors(),
      },
    },
    async (c) => {
      const { services } = c.var;
      await admin(services, c.req.raw);
      const { limit } = parseOr400(DuplicatesQuery, c.req.query());
      const [candidates, merges] = await Promise.all([
        findDuplicateCandidates(services.db, { limit }),
        listMerges(services.db),
      ]);
      c.header("Cache-Control", "private, no-store");
      return c.json({ success: true, candidates, merges });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/duplicates/dismiss",
      operationId: "adminDismissDuplicate",
      summary: "Mark a pair as not duplicates",
      tags: ["Admin"],
      security: SESSION,
      request: { body: requestJson(DismissInput) },
      responses: { 200: json(ok({}), "Dismissed"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await admin(services, c.req.raw);
      const input = parseOr400(DismissInput, await jsonBody(c));
      await dismissDuplicate(services.db, input, { actor: actorOf(viewer), requestId: c.var.requestId });
      return c.json({ success: true });
    },
  );

  // The quality pass's proposals (issue 36, ADR 0075): an editor confirms or dismisses each one.
  api.use("/admin/quality-flags/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  documented(
    api,
    {
      method: "get",
      path: "/admin/quality-flags",
      operationId: "adminQualityFlags",
      summary: "Listings the quality pass proposes to retire, rename or re-describe",
      tags: ["Admin"],
      security: SESSION,
      request: { query: QualityFlagsQuery },
      responses: { 200: json(ok({ flags: records("proposals") }), "Proposals"), ...adminErrors() },
    },
    async (c) => {
      const { services } = c.var;
      await admin(services, c.req.raw);
      const query = parseOr400(QualityFlagsQuery, c.req.query());
      c.header("Cache-Control", "private, no-store");
      return c.json({ success: true, flags: await listQualityFlags(services.db, query) });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/quality-flags/{id}",
      operationId: "adminDecideQualityFlag",
      summary: "Confirm (retire, rename, re-describe through the fact path) or dismiss a proposal",
      tags: ["Admin"],
      security: SESSION,
      request: {
        params: pathParams({ id: z.string().describe("the proposal's number") }),
        body: requestJson(DecideFlagInput),
      },
      responses: {
        200: json(ok({ status: z.string(), changed: z.array(z.string()) }), "Decided"),
        ...adminErrors(404, 409),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await admin(services, c.req.raw);
      const raw = c.req.param("id");
      if (!/^\d{1,9}$/.test(raw)) throw notFound("Quality proposal not found");
      const input = parseOr400(DecideFlagInput, await jsonBody(c));
      const decided = await decideQualityFlag(services.db, Number(raw), input, {
        actor: actorOf(viewer),
        requestId: c.var.requestId,
        now: services.clock.now(),
      });
      return c.json({ success: true, ...decided });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/tools/{id}/merge",
      operationId: "adminMergeTool",
      summary: "Merge a duplicate into the tool to keep",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: z.string().describe("a tool id or slug") }), body: requestJson(MergeBody) },
      responses: { 200: json(ok({ merge: record("what moved") }), "Merged"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = await admin(services, c.req.raw);
      const from = await findToolId(services.db, c.req.param("id"));
      if (!from) throw notFound("Tool not found");
      const body = parseOr400(MergeBody, await jsonBody(c));
      const into = await findToolId(services.db, body.into);
      if (!into) throw notFound("The tool to keep was not found");
      const report = await mergeTools(
        services.db,
        { from, into },
        {
          actor: actorOf(viewer),
          requestId: c.var.requestId,
          now: services.clock.now(),
          steps: services.toolMergeSteps,
        },
      );
      await requestDuplicateRefresh(services.jobs);
      return c.json({ success: true, merge: report });
    },
  );

  return api;
}
