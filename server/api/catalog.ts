import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { canAccessTier, getViewer, requiresLabel } from "../modules/accounts/index.ts";
import {
  cardsForTier,
  getTool,
  getToolOfTheDay,
  listCategories,
  listParamsFromSearch,
  listTools,
  overviewOfTool,
  ToolListParams,
} from "../modules/catalog/index.ts";
import { notFound } from "../platform/errors.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

/** GET /api/tools, /api/tools/tool-of-the-day, /api/tools/{id or slug}, /api/categories (spec section 7). */
export function catalogApi() {
  const api = new Hono<Vars>();

  api.get("/tools", async (c) => {
    const params = listParamsFromSearch(new URL(c.req.url).searchParams);
    const query = parseOr400(ToolListParams, params);
    const [page, viewer] = await Promise.all([
      listTools(c.var.services.db, query),
      getViewer(c.var.services, c.req.raw),
    ]);
    // Tools listed for a higher tier than the caller's come without their gated fields.
    return c.json({ success: true, ...page, tools: cardsForTier(page.tools, viewer?.tier ?? null) });
  });

  api.get("/tools/tool-of-the-day", async (c) => {
    const tool = await getToolOfTheDay(c.var.services.db);
    if (!tool) throw notFound("No tool of the day is available yet");
    return c.json({ success: true, tool });
  });

  api.get("/tools/:idOrSlug", async (c) => {
    const [tool, viewer] = await Promise.all([
      getTool(c.var.services.db, c.req.param("idOrSlug")),
      getViewer(c.var.services, c.req.raw),
    ]);
    if (!tool) throw notFound("Tool not found");
    // A tool above the caller's tier: its overview only, and why (the tool page shows the same).
    if (!canAccessTier(viewer?.tier ?? null, tool.tier)) {
      c.header("Cache-Control", "private, no-store");
      return c.json({
        success: true,
        tool: overviewOfTool(tool),
        locked: { reason: "tier", requiredTier: tool.tier, message: requiresLabel(tool.tier) },
      });
    }
    return c.json({ success: true, tool });
  });

  api.get("/categories", async (c) => {
    const categories = await listCategories(c.var.services.db);
    return c.json({ success: true, categories });
  });

  return api;
}
