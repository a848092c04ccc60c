import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole, type Viewer } from "../modules/accounts/index.ts";
import {
  AdminToolQuery,
  adminToolStats,
  exportToolsCsv,
  findToolId,
  getEditableTool,
  listAdminTools,
  saveTool,
  ToolPatch,
} from "../modules/catalog/index.ts";
import { utcDay } from "../platform/clock.ts";
import { AppError, notFound } from "../platform/errors.ts";
import type { AppServices } from "../process/context.ts";
import { adminErrors, csv, documented, json, ok, pathParams, record, records, requestJson, SESSION } from "./doc.ts";
import { jsonBody, parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

const ExportQuery = AdminToolQuery.pick({ search: true, status: true, category: true });

function admin(services: AppServices, req: Request): Promise<Viewer> {
  return getViewer(services, req).then((v) => requireRole(v, "admin"));
}
const actorOf = (viewer: Viewer) => ({ id: viewer.user.id, label: viewer.user.email });

/**
 * The operators' catalogue API (spec §7 /api/admin/tools*): the admin table, one tool's edit and the
 * CSV export. Admins only, always. Imports are in admin-imports.ts, duplicates and merges in
 * admin-duplicates.ts, the quality pass's proposals in admin-quality-flags.ts.
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

  return api;
}
