import { type Context, Hono } from "hono";
import type { AppServices } from "../context.ts";
import { canAccessTier, getViewer, requiresLabel, utcDay } from "../modules/accounts/index.ts";
import {
  cardsForTier,
  getTool,
  getToolOfTheDay,
  listCategories,
  listParamsFromSearch,
  listTools,
  mergedTarget,
  overviewOfTool,
  ToolListParams,
} from "../modules/catalog/index.ts";
import { contentVersion } from "../platform/db/content-version.ts";
import { notFound } from "../platform/errors.ts";
import type { CachedBody } from "../platform/response-cache.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

/** A JSON answer from the API cache: gzip as stored when the client takes it (compress leaves it as is). */
function sendJson(c: Context, cached: CachedBody, state: "HIT" | "STALE" | "MISS") {
  const gzip = cached.gzip && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Cache": state,
    Vary: "Accept-Encoding",
  };
  if (gzip) headers["Content-Encoding"] = "gzip";
  return c.body(new Uint8Array(gzip ? (cached.gzip as Buffer) : cached.body), 200, headers);
}

/** GET /api/tools, /api/tools/tool-of-the-day, /api/tools/{id or slug}, /api/categories (spec section 7). */
export function catalogApi() {
  const api = new Hono<Vars>();

  api.get("/tools", async (c) => {
    const { db, apiCache } = c.var.services;
    const params = listParamsFromSearch(new URL(c.req.url).searchParams);
    const query = parseOr400(ToolListParams, params);
    const [viewer, version] = await Promise.all([
      getViewer(c.var.services, c.req.raw),
      apiCache.enabled ? contentVersion(db) : Promise.resolve(-1),
    ]);
    const tier = viewer?.tier ?? null;
    // The answer depends only on the parsed query, the caller's tier (gated card fields) and the
    // catalogue's content (version); the UTC day is in the key in case an answer ever names "today".
    const key = `tools|${utcDay()}|${tier ?? "visitor"}|${JSON.stringify(query)}`;
    const compute = async () => {
      const page = await listTools(db, query);
      // The queries people did not find (admin analytics); counted in memory, never awaited.
      if (query.q && page.pagination.total === 0) c.var.services.tallies.searchMisses.record(query.q);
      // Tools listed for a higher tier than the caller's come without their gated fields.
      return JSON.stringify({ success: true, ...page, tools: cardsForTier(page.tools, tier) });
    };
    if (!apiCache.enabled) return c.body(await compute(), 200, { "Content-Type": "application/json" });
    const { body, state } = await apiCache.fetch(key, version, compute);
    return sendJson(c, body, state);
  });

  api.get("/tools/tool-of-the-day", async (c) => {
    const tool = await getToolOfTheDay(c.var.services.db);
    if (!tool) throw notFound("No tool of the day is available yet");
    return c.json({ success: true, tool });
  });

  api.get("/tools/:idOrSlug", async (c) => {
    // Not cached: one indexed read, and its counters (views, clicks) are expected to be current.
    const [tool, viewer] = await Promise.all([
      getTool(c.var.services.db, c.req.param("idOrSlug")),
      getViewer(c.var.services, c.req.raw),
    ]);
    if (!tool) {
      // A duplicate merged into another listing answers with where it went (issue 13).
      const target = await mergedTarget(c.var.services.db, c.req.param("idOrSlug"));
      if (target) return c.redirect(`/api/tools/${target.id}`, 301);
      throw notFound("Tool not found");
    }
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
