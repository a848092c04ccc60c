import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import {
  getTool,
  getToolOfTheDay,
  listCategories,
  listParamsFromSearch,
  listTools,
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
    const page = await listTools(c.var.services.db, query);
    return c.json({ success: true, ...page });
  });

  api.get("/tools/tool-of-the-day", async (c) => {
    const tool = await getToolOfTheDay(c.var.services.db);
    if (!tool) throw notFound("No tool of the day is available yet");
    return c.json({ success: true, tool });
  });

  api.get("/tools/:idOrSlug", async (c) => {
    const tool = await getTool(c.var.services.db, c.req.param("idOrSlug"));
    if (!tool) throw notFound("Tool not found");
    return c.json({ success: true, tool });
  });

  api.get("/categories", async (c) => {
    const categories = await listCategories(c.var.services.db);
    return c.json({ success: true, categories });
  });

  return api;
}
