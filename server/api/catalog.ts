import { createRoute, OpenAPIHono, type RouteConfigToTypedResponse } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { EdgeEnv } from "../edge/vars.ts";
import {
  ADVANCED_FILTERS,
  canAccessTier,
  getViewer,
  requireEntitlement,
  requiresLabel,
} from "../modules/accounts/index.ts";
import {
  cardsForTier,
  entitleAdvanced,
  getAlternatives,
  getTool,
  getToolOfTheDay,
  getToolRef,
  listCategories,
  listParamsFromSearch,
  listTools,
  mergedTarget,
  overviewOfTool,
  ToolListParams,
  toolHistoryFor,
  toolProvenanceFor,
} from "../modules/catalog/index.ts";
import { listPublicTopLists, listTrending, toolNamesOf, trendingComputedAt } from "../modules/community/index.ts";
import { utcDay } from "../platform/clock.ts";
import { contentVersion } from "../platform/db/content-version.ts";
import { notFound } from "../platform/errors.ts";
import type { CachedBody } from "../platform/response-cache.ts";
import { READ_SECURITY } from "./doc.ts";
import {
  CategoryList,
  ErrorBody,
  readErrors,
  ToolAnswer,
  ToolHistoryAnswer,
  ToolList,
  ToolListQuery,
  ToolOfTheDayAnswer,
  ToolParams,
  TopListsAnswer,
  TopListsQuery,
  TrendingAnswer,
  TrendingQuery,
} from "./read-schemas.ts";
import { badInput, parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

/**
 * The 200 answer of GET /api/tools as its route declares it. The API cache holds that answer's bytes
 * (serialised once by `compute` below), so its body is typed here, in one place, not cast per handler.
 */
type ToolListResponse = Extract<RouteConfigToTypedResponse<typeof readRoutes.listTools>, { _status: 200 }>;

/** A JSON answer from the API cache: gzip as stored when the client takes it (compress leaves it as is). */
function sendJson(c: Context, cached: CachedBody, state: "HIT" | "STALE" | "MISS"): ToolListResponse {
  const gzip = cached.gzip && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Cache": state,
    Vary: "Accept-Encoding",
  };
  if (gzip) headers["Content-Encoding"] = "gzip";
  return c.body(
    new Uint8Array(gzip ? (cached.gzip as Buffer) : cached.body),
    200,
    headers,
  ) as unknown as ToolListResponse;
}

const json = <S>(schema: S, description: string) => ({ description, content: { "application/json": { schema } } });
const security = READ_SECURITY;

/** The read API's operations (spec section 7); their schemas both validate and document (/api/openapi.json). */
export const readRoutes = {
  listTools: createRoute({
    method: "get",
    path: "/tools",
    operationId: "listTools",
    summary: "List and search tools",
    description:
      "Filters: q (search text), category (ids or slugs, comma-separated; alias categories), pricing (alias price), tags, rating, featured, sort, page, limit. Tools above the caller's tier come without their gated fields. explain=1 adds `explanation` to each tool: why it is at its place, with the score the order sorts by (see /how-we-rank). Featured is an editorial flag; no position can be bought.",
    tags: ["Tools"],
    security,
    request: { query: ToolListQuery },
    responses: { 200: json(ToolList, "A page of tools"), ...readErrors },
  }),
  toolOfTheDay: createRoute({
    method: "get",
    path: "/tools/tool-of-the-day",
    operationId: "getToolOfTheDay",
    summary: "Today's featured tool",
    tags: ["Tools"],
    security,
    responses: {
      200: json(ToolOfTheDayAnswer, "The tool of the day, with where each of its facts comes from"),
      404: json(ErrorBody, "No tool of the day yet"),
      ...readErrors,
    },
  }),
  getTool: createRoute({
    method: "get",
    path: "/tools/{idOrSlug}",
    operationId: "getTool",
    summary: "One tool by id or slug",
    tags: ["Tools"],
    security,
    request: { params: ToolParams },
    responses: {
      200: json(ToolAnswer, "The tool (its overview when above the caller's tier)"),
      301: { description: "A duplicate merged into another listing: Location names the kept tool's address" },
      404: json(ErrorBody, "Tool not found"),
      ...readErrors,
    },
  }),
  getToolHistory: createRoute({
    method: "get",
    path: "/tools/{idOrSlug}/history",
    operationId: "getToolHistory",
    summary: "Every change of a tool's facts, newest first",
    description:
      "Old → new value, kind of source, source and date of each change, the import that first brought the tool included. A tool above the caller's tier lists only the changes of its overview's facts.",
    tags: ["Tools"],
    security,
    request: { params: ToolParams },
    responses: {
      200: json(ToolHistoryAnswer, "The tool's fact history"),
      301: { description: "A duplicate merged into another listing: Location names the kept tool's address" },
      404: json(ErrorBody, "Tool not found"),
      ...readErrors,
    },
  }),
  listCategories: createRoute({
    method: "get",
    path: "/categories",
    operationId: "listCategories",
    summary: "All categories with their tool counts",
    tags: ["Categories"],
    security,
    responses: { 200: json(CategoryList, "The categories"), ...readErrors },
  }),
  trending: createRoute({
    method: "get",
    path: "/community/trending",
    operationId: "listTrending",
    summary: "Tools trending this week, with the reason",
    tags: ["Community"],
    security,
    request: { query: TrendingQuery },
    responses: { 200: json(TrendingAnswer, "Trending tools"), ...readErrors },
  }),
  topLists: createRoute({
    method: "get",
    path: "/top-lists",
    operationId: "listTopLists",
    summary: "Public top lists",
    tags: ["Community"],
    security,
    request: { query: TopListsQuery },
    responses: { 200: json(TopListsAnswer, "Public top lists"), ...readErrors },
  }),
};

/** GET /api/tools, /api/tools/tool-of-the-day, /api/tools/{id or slug}, /api/categories, trending, top lists. */
export function catalogApi() {
  // Invalid input answers the API's usual 400 {success:false, error} (not the validator's raw issues).
  const api = new OpenAPIHono<Vars>({
    defaultHook: (result) => {
      if (!result.success) throw badInput(result.error);
    },
  });

  api.openapi(readRoutes.listTools, async (c) => {
    const { db, apiCache } = c.var.services;
    // The route validated the parameters as sent; the aliases (categories, price, tag) map here.
    const params = listParamsFromSearch(new URL(c.req.url).searchParams);
    const asked = parseOr400(ToolListParams, params);
    const [viewer, version] = await Promise.all([
      getViewer(c.var.services, c.req.raw),
      apiCache.enabled ? contentVersion(db) : Promise.resolve(-1),
    ]);
    // Exclusions and "does not train on your data" are Standard's advanced filters: 401/403 below it.
    const { query, refused } = entitleAdvanced(asked, viewer?.can(ADVANCED_FILTERS) ?? false);
    if (refused) requireEntitlement(viewer, ADVANCED_FILTERS);
    const tier = viewer?.tier ?? null;
    // The answer depends only on the parsed query, the caller's tier (gated card fields) and the
    // catalogue's content (version); the UTC day is in the key in case an answer ever names "today".
    const key = `tools|${utcDay(c.var.services.clock.now())}|${tier ?? "visitor"}|${JSON.stringify(query)}`;
    const compute = async () => {
      const page = await listTools(db, query);
      // The queries people did not find (admin analytics); counted in memory, never awaited. An
      // admin's keystrokes in the tool picker are not a visitor's search.
      if (query.q && (page.pagination.total === 0 || page.meta.retrieval?.relaxed) && viewer?.role !== "admin")
        c.var.services.tallies.searchMisses.record(query.q);
      // Tools listed for a higher tier than the caller's come without their gated fields.
      const { explanations, ...rest } = page;
      const tools = cardsForTier(rest.tools, tier);
      return JSON.stringify({
        success: true,
        ...rest,
        tools: explanations ? tools.map((t, i) => ({ ...t, explanation: explanations[i] })) : tools,
      });
    };
    if (!apiCache.enabled)
      return c.body(await compute(), 200, { "Content-Type": "application/json" }) as unknown as ToolListResponse;
    const { body, state } = await apiCache.fetch(key, version, compute);
    return sendJson(c, body, state);
  });

  api.openapi(readRoutes.toolOfTheDay, async (c) => {
    const tool = await getToolOfTheDay(c.var.services.db, c.var.services.clock.now());
    if (!tool) throw notFound("No tool of the day is available yet");
    // The pick is always a Free-tier tool (tool-of-the-day.ts), so every caller sees all its facts.
    const provenance = await toolProvenanceFor(c.var.services.db, tool.id, false);
    return c.json({ success: true as const, tool, provenance }, 200);
  });

  api.openapi(readRoutes.getTool, async (c) => {
    // Not cached: one indexed read, and its counters (views, clicks) are expected to be current.
    const [tool, viewer] = await Promise.all([
      getTool(c.var.services.db, c.req.valid("param").idOrSlug),
      getViewer(c.var.services, c.req.raw),
    ]);
    if (!tool) {
      // A duplicate merged into another listing answers with where it went (issue 13).
      const target = await mergedTarget(c.var.services.db, c.req.valid("param").idOrSlug);
      if (target) return c.redirect(`/api/tools/${target.id}`, 301);
      throw notFound("Tool not found");
    }
    // A tool above the caller's tier: its overview only, and why (the tool page shows the same).
    if (!canAccessTier(viewer?.tier ?? null, tool.tier)) {
      c.header("Cache-Control", "private, no-store");
      return c.json({
        success: true,
        tool: overviewOfTool(tool),
        provenance: await toolProvenanceFor(c.var.services.db, tool.id, true),
        locked: { reason: "tier", requiredTier: tool.tier, message: requiresLabel(tool.tier) },
      });
    }
    const [provenance, alternatives] = await Promise.all([
      toolProvenanceFor(c.var.services.db, tool.id, false),
      getAlternatives(c.var.services.db, tool.id),
    ]);
    // Issue 32: `alternatives` names the computed alternatives (then any the listing names that the
    // catalogue does not hold); `alternatives_detail` says why each one is an alternative.
    const named = new Set(alternatives.map((a) => a.name.toLowerCase()));
    return c.json({
      success: true,
      tool: {
        ...tool,
        alternatives: [
          ...alternatives.map((a) => a.name),
          ...tool.alternatives.filter((n) => !named.has(n.toLowerCase())),
        ],
        alternatives_detail: alternatives.map((a) => ({
          name: a.name,
          slug: a.slug,
          reason: a.reason,
          reasons: a.reasons,
        })),
      },
      provenance,
    });
  });

  api.openapi(readRoutes.getToolHistory, async (c) => {
    const { idOrSlug } = c.req.valid("param");
    const [tool, viewer] = await Promise.all([
      getToolRef(c.var.services.db, idOrSlug),
      getViewer(c.var.services, c.req.raw),
    ]);
    if (!tool) {
      const target = await mergedTarget(c.var.services.db, idOrSlug);
      if (target) return c.redirect(`/api/tools/${target.id}/history`, 301);
      throw notFound("Tool not found");
    }
    // The same rule as the tool: above the caller's tier, only the overview's facts.
    const open = canAccessTier(viewer?.tier ?? null, tool.tier);
    const history = await toolHistoryFor(c.var.services.db, tool.id, !open);
    if (!open) {
      c.header("Cache-Control", "private, no-store");
      return c.json({
        success: true,
        history,
        locked: { reason: "tier", requiredTier: tool.tier, message: requiresLabel(tool.tier) },
      });
    }
    return c.json({ success: true, history });
  });

  api.openapi(readRoutes.listCategories, async (c) => {
    const categories = await listCategories(c.var.services.db);
    return c.json({ success: true, categories });
  });

  api.openapi(readRoutes.trending, async (c) => {
    const { limit } = c.req.valid("query");
    const [trendingTools, computedAt] = await Promise.all([
      listTrending(c.var.services.db, limit ?? 20),
      trendingComputedAt(c.var.services.db),
    ]);
    return c.json({ success: true as const, trendingTools, computedAt }, 200);
  });

  api.openapi(readRoutes.topLists, async (c) => {
    const { limit = 20, page = 1 } = c.req.valid("query");
    const { items, total } = await listPublicTopLists(c.var.services.db, { limit, offset: (page - 1) * limit });
    const names = await toolNamesOf(
      c.var.services.db,
      items.map((l) => l.id),
    );
    const totalPages = Math.ceil(total / limit);
    return c.json(
      {
        success: true as const,
        topLists: items.map((l) => ({
          ...l,
          author: l.author.name,
          authorHandle: l.author.handle,
          tools: names.get(l.id) ?? [],
        })),
        total,
        pagination: { page, limit, total, totalPages, hasMore: page < totalPages },
      },
      200,
    );
  });

  return api;
}
