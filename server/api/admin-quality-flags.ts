import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole, type Viewer } from "../modules/accounts/index.ts";
import { DecideFlagInput, decideQualityFlag, listQualityFlags, QualityFlagsQuery } from "../modules/catalog/index.ts";
import { notFound } from "../platform/errors.ts";
import type { AppServices } from "../process/context.ts";
import { adminErrors, documented, json, ok, pathParams, records, requestJson, SESSION } from "./doc.ts";
import { jsonBody, parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

function admin(services: AppServices, req: Request): Promise<Viewer> {
  return getViewer(services, req).then((v) => requireRole(v, "admin"));
}
const actorOf = (viewer: Viewer) => ({ id: viewer.user.id, label: viewer.user.email });

/** The quality pass's proposals (issue 36, ADR 0075): an editor confirms or dismisses each one. Admins only. */
export function adminQualityFlagsApi() {
  const api = new OpenAPIHono<Vars>();
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

  return api;
}
