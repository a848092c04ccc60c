import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";
import { getViewer, requireRole, type Viewer } from "../modules/accounts/index.ts";
import {
  AdminToolQuery,
  adminToolStats,
  BulkImportRows,
  DismissInput,
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
  mergeTools,
  requestDuplicateRefresh,
  rowsFromJson,
  SEED_CSV,
  saveTool,
  ToolPatch,
} from "../modules/catalog/index.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices; requestId: string } };

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
  })
  .refine((v) => (v.csv === undefined) !== (v.filePath === undefined), {
    message: "Send the CSV as a file (multipart field 'file'), as text in 'csv', or a 'filePath' in the import folder",
  });
const BulkImportBody = z.union([
  BulkImportRows,
  z.object(
    { tools: BulkImportRows, dryRun: Flag.optional(), categoryMap: CategoryMap.optional() },
    { message: "Send { tools: [rows] }" },
  ),
]);
const ExportQuery = AdminToolQuery.pick({ search: true, status: true, category: true });

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
  const api = new Hono<Vars>();
  api.use("/admin/tools/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  api.use("/admin/tools", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  api.get("/admin/tools", async (c) => {
    const { services } = c.var;
    await admin(services, c.req.raw);
    const query = parseOr400(AdminToolQuery, c.req.query());
    const [page, stats] = await Promise.all([listAdminTools(services.db, query), adminToolStats(services.db)]);
    return c.json({ success: true, ...page, stats });
  });

  api.get("/admin/tools/export.csv", async (c) => {
    const { services } = c.var;
    await admin(services, c.req.raw);
    const query = parseOr400(ExportQuery, c.req.query());
    const { csv } = await exportToolsCsv(services.db, query);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header(
      "Content-Disposition",
      `attachment; filename="toolscape-tools-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    return c.body(csv);
  });

  api.post("/admin/tools", async (c) => {
    const { services } = c.var;
    const viewer = await admin(services, c.req.raw);
    const patch = parseOr400(ToolPatch, await jsonBody(c));
    const saved = await saveTool(services.db, null, patch, {
      actor: actorOf(viewer),
      requestId: c.var.requestId,
      now: services.clock.now(),
    });
    services.logger.info("tool created by admin", { toolId: saved.id });
    return c.json({ success: true, tool: await getEditableTool(services.db, saved.id), warnings: saved.warnings }, 201);
  });

  api.get("/admin/tools/:id", async (c) => {
    const { services } = c.var;
    await admin(services, c.req.raw);
    const id = await findToolId(services.db, c.req.param("id"));
    const tool = id ? await getEditableTool(services.db, id) : null;
    if (!tool) throw notFound("Tool not found");
    return c.json({ success: true, tool });
  });

  api.put("/admin/tools/:id", async (c) => {
    const { services } = c.var;
    const viewer = await admin(services, c.req.raw);
    const id = await findToolId(services.db, c.req.param("id"));
    if (!id) throw notFound("Tool not found");
    const patch = parseOr400(ToolPatch, await jsonBody(c));
    if (!Object.values(patch).some((v) => v !== undefined)) {
      throw new AppError("bad_request", "Send at least one field to change");
    }
    const saved = await saveTool(services.db, id, patch, {
      actor: actorOf(viewer),
      requestId: c.var.requestId,
      now: services.clock.now(),
    });
    if (saved.changed.length) services.logger.info("tool updated by admin", { toolId: id, fields: saved.changed });
    return c.json({
      success: true,
      tool: await getEditableTool(services.db, id),
      changed: saved.changed,
      warnings: saved.warnings,
    });
  });

  api.post("/admin/tools/import/csv", async (c) => {
    const { services } = c.var;
    const viewer = await admin(services, c.req.raw);
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    let bytes: Buffer | string;
    let dryRun = false;
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
      source = `admin:${file.name.slice(0, 100) || "upload.csv"}`;
    } else {
      const input = parseOr400(CsvImportJson, await jsonBody(c));
      dryRun = input.dryRun ?? false;
      categoryMap = input.categoryMap;
      if (input.filePath !== undefined) {
        bytes = await readImportFile(services.env.DATA_DIR, input.filePath);
        source = `admin:import/${path.basename(input.filePath)}`;
      } else bytes = input.csv ?? "";
    }
    const report = await importCsv(services.db, bytes, {
      source,
      dryRun,
      categoryMap,
      audit: { actor: actorOf(viewer), requestId: c.var.requestId },
    });
    const problem = fileProblem(report);
    if (problem) return c.json({ success: false, error: problem, report }, 400);
    if (!dryRun && report.added.length) await requestDuplicateRefresh(services.jobs);
    return c.json(importAnswer(report));
  });

  api.post("/admin/tools/import-full-csv", async (c) => {
    const { services } = c.var;
    const viewer = await admin(services, c.req.raw);
    const report = await importCsv(services.db, await readFile(SEED_CSV), {
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
  });

  api.post("/admin/tools/bulk-import", async (c) => {
    const { services } = c.var;
    const viewer = await admin(services, c.req.raw);
    const body = parseOr400(BulkImportBody, await jsonBody(c));
    const rows = Array.isArray(body) ? body : body.tools;
    const dryRun = Array.isArray(body) ? false : (body.dryRun ?? false);
    const report = await importRows(services.db, rowsFromJson(rows), {
      source: "admin:bulk-import",
      dryRun,
      categoryMap: Array.isArray(body) ? undefined : body.categoryMap,
      audit: { actor: actorOf(viewer), requestId: c.var.requestId },
    });
    const problem = fileProblem(report);
    if (problem) return c.json({ success: false, error: problem, report }, 400);
    if (!dryRun && report.added.length) await requestDuplicateRefresh(services.jobs);
    return c.json(importAnswer(report));
  });

  // Duplicate review (issue 13): candidates, merges (A's rows move to B, A's URL redirects) and dismissals.
  api.use("/admin/duplicates/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  api.get("/admin/duplicates", async (c) => {
    const { services } = c.var;
    await admin(services, c.req.raw);
    const { limit } = parseOr400(
      z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
      c.req.query(),
    );
    const [candidates, merges] = await Promise.all([
      findDuplicateCandidates(services.db, { limit }),
      listMerges(services.db),
    ]);
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, candidates, merges });
  });

  api.post("/admin/duplicates/dismiss", async (c) => {
    const { services } = c.var;
    const viewer = await admin(services, c.req.raw);
    const input = parseOr400(DismissInput, await jsonBody(c));
    await dismissDuplicate(services.db, input, { actor: actorOf(viewer), requestId: c.var.requestId });
    return c.json({ success: true });
  });

  api.post("/admin/tools/:id/merge", async (c) => {
    const { services } = c.var;
    const viewer = await admin(services, c.req.raw);
    const from = await findToolId(services.db, c.req.param("id"));
    if (!from) throw notFound("Tool not found");
    const body = parseOr400(
      z.object({ into: z.string().min(1, "Choose the tool to keep").max(200) }),
      await jsonBody(c),
    );
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
  });

  return api;
}
