import { OpenAPIHono } from "@hono/zod-openapi";
import type { EdgeEnv } from "../edge/vars.ts";
import { visitorKey } from "../modules/accounts/index.ts";
import { recordReportedClick, ToolClickInput } from "../modules/catalog/index.ts";
import { badRequest, notFound } from "../platform/errors.ts";
import { documented, errors, json, ok, requestJson } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

/**
 * POST /api/analytics/tool-click (spec section 7): a first-party record of an outbound click. A
 * client's repeats on one tool within 10 minutes are accepted but counted once (no inflating).
 */
export function analyticsApi() {
  const api = new OpenAPIHono<Vars>();

  documented(
    api,
    {
      method: "post",
      path: "/analytics/tool-click",
      operationId: "recordToolClick",
      summary: "Record an outbound click on a tool (repeats within 10 minutes count once)",
      tags: ["Analytics"],
      security: [{}],
      request: { body: requestJson(ToolClickInput) },
      responses: { 200: json(ok({}), "Recorded"), ...errors(404) },
    },
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw badRequest("Body must be a JSON object");
      }
      const click = parseOr400(ToolClickInput, body);
      const { services, clientIp } = c.var;
      const result = await recordReportedClick(
        services.db,
        click,
        visitorKey(services.env, clientIp),
        services.clock.now(),
      );
      if (!result) throw notFound("Tool not found");
      c.header("Cache-Control", "no-store");
      return c.json({ success: true });
    },
  );

  return api;
}
