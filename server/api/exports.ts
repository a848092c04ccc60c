import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer } from "../modules/accounts/index.ts";
import {
  BULK_FORMATS,
  buildReport,
  bulkExport,
  MEMBER_EXPORTS,
  memberCsv,
  ReportParams,
  reportCsv,
} from "../modules/exports/index.ts";
import { csv, documented, memberErrors, pathParams, SESSION } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

const What = z.enum(MEMBER_EXPORTS, { message: "Export lists, saved-searches or search" });
const BulkQuery = z.object({
  format: z.enum(BULK_FORMATS, { message: "format must be jsonl or csv" }).default("jsonl"),
});
const attachment = (filename: string) => `attachment; filename="${filename}"`;

/**
 * Exports (issue 34): a member's own lists, saved searches and search results as CSV (Standard and
 * Expert: `export_basic_reports`), and the catalogue in bulk (Expert: `bulk_export`, streamed and
 * counted per day). The entitlement table decides; a tier below gets 403 with the plan that has it.
 */
export function exportsApi() {
  const api = new OpenAPIHono<Vars>();
  api.use("/exports/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  documented(
    api,
    {
      method: "get",
      path: "/exports/catalogue",
      operationId: "bulkExport",
      summary: "The whole catalogue with plans, alternatives and licences, streamed (Expert; 10 a day)",
      tags: ["Exports"],
      security: SESSION,
      request: { query: BulkQuery },
      responses: {
        200: {
          description: "JSON Lines (one tool a line) or CSV; every record carries its licence and attribution",
          content: { "application/x-ndjson": { schema: z.string() }, "text/csv": { schema: z.string() } },
        },
        ...memberErrors(403),
      },
    },
    async (c) => {
      const { services } = c.var;
      const { format } = parseOr400(BulkQuery, c.req.query());
      const viewer = await getViewer(services, c.req.raw);
      const file = await bulkExport(services, viewer, format, services.clock.now());
      c.header("Content-Type", file.contentType);
      c.header("Content-Disposition", attachment(file.filename));
      c.header("Link", `<${file.licence}>; rel="license"`);
      return c.body(file.body);
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/exports/{what}",
      operationId: "memberExport",
      summary: "Your lists, saved searches or a search's results as CSV (Standard and Expert)",
      description:
        "`search` takes the query parameters of /search (q, category, pricing, rating, tags) and exports the results Load More would show.",
      tags: ["Exports"],
      security: SESSION,
      request: { params: pathParams({ what: What }) },
      responses: { 200: csv("UTF-8 with a byte-order mark"), ...memberErrors(403) },
    },
    async (c) => {
      const { services } = c.var;
      const what = parseOr400(What, c.req.param("what"));
      const viewer = await getViewer(services, c.req.raw);
      const search = new URL(c.req.url).searchParams;
      const file = await memberCsv(services, viewer, what, search, services.clock.now());
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", attachment(file.filename));
      return c.body(file.csv);
    },
  );
  api.use("/reports/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  documented(
    api,
    {
      method: "get",
      path: "/reports/{scope}/{slug}",
      operationId: "downloadReport",
      summary: "A category's or task's report as CSV: tools, plans and prices, price changes, new and gone (Expert)",
      tags: ["Exports"],
      security: SESSION,
      request: {
        params: pathParams({ scope: ReportParams.shape.scope, slug: ReportParams.shape.slug }),
        query: ReportParams.pick({ days: true }),
      },
      responses: { 200: csv("One row per tool or event; the section column says which"), ...memberErrors(403, 404) },
    },
    async (c) => {
      const { services } = c.var;
      const params = parseOr400(ReportParams, { ...c.req.query(), ...c.req.param() });
      const viewer = await getViewer(services, c.req.raw);
      const file = reportCsv(await buildReport(services, viewer, params, services.clock.now()));
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", attachment(file.filename));
      return c.body(file.csv);
    },
  );
  return api;
}
