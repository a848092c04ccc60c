import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireUser } from "../modules/accounts/index.ts";
import { PageStateQuery, personalParts } from "../modules/personal/index.ts";
import { documented, json, memberErrors, SESSION } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

/**
 * GET /api/me/page-state?path=…: the signed-in member's own parts of a shared page (ADR 0032), the
 * one personal request a cached member page makes after hydration. Visitors get 401.
 */
export function meApi() {
  const api = new OpenAPIHono<Vars>();
  documented(
    api,
    {
      method: "get",
      path: "/me/page-state",
      operationId: "pageState",
      summary: "The signed-in member's own parts of a shared page (ADR 0032)",
      tags: ["Accounts"],
      security: SESSION,
      request: { query: PageStateQuery },
      responses: {
        200: json(
          z.object({}).passthrough().describe("saved state, lists, review, views, badges, compare cap"),
          "The personal parts",
        ),
        ...memberErrors(),
      },
    },
    async (c) => {
      const services = c.var.services;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const query = parseOr400(PageStateQuery, { path: c.req.query("path") });
      const parts = await personalParts(services, viewer, query);
      c.header("Cache-Control", "private, no-store");
      return c.json(parts);
    },
  );
  return api;
}
