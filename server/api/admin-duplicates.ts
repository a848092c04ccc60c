import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole, type Viewer } from "../modules/accounts/index.ts";
import {
  DismissInput,
  dismissDuplicate,
  findDuplicateCandidates,
  findToolId,
  listMerges,
  mergeTools,
  requestDuplicateRefresh,
} from "../modules/catalog/index.ts";
import { notFound } from "../platform/errors.ts";
import type { AppServices } from "../process/context.ts";
import { adminErrors, documented, json, ok, pathParams, record, records, requestJson, SESSION } from "./doc.ts";
import { jsonBody, parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

const DuplicatesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
const MergeBody = z.object({ into: z.string().min(1, "Choose the tool to keep").max(200) });

function admin(services: AppServices, req: Request): Promise<Viewer> {
  return getViewer(services, req).then((v) => requireRole(v, "admin"));
}
const actorOf = (viewer: Viewer) => ({ id: viewer.user.id, label: viewer.user.email });

/**
 * Duplicate review (issue 13): candidates, merges (A's rows move to B, A's URL redirects) and
 * dismissals. Admins only, always.
 */
export function adminDuplicatesApi() {
  const api = new OpenAPIHono<Vars>();
  for (const path of ["/admin/duplicates/*", "/admin/tools/:id/merge"]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }

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
