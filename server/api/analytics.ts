import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { recordReportedClick, ToolClickInput } from "../modules/catalog/index.ts";
import { badRequest, notFound } from "../platform/errors.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

/** POST /api/analytics/tool-click (spec section 7): a first-party record of an outbound click. */
export function analyticsApi() {
  const api = new Hono<Vars>();

  api.post("/analytics/tool-click", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badRequest("Body must be a JSON object");
    }
    const click = parseOr400(ToolClickInput, body);
    const result = await recordReportedClick(c.var.services.db, click);
    if (!result) throw notFound("Tool not found");
    c.header("Cache-Control", "no-store");
    return c.json({ success: true });
  });

  return api;
}
