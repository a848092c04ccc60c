import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type CallToolResult, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { AppError } from "../../platform/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { canAccessTier, requiresLabel, type Tier } from "../accounts/index.ts";
import {
  cardsForTier,
  compareCapMessage,
  getAlternatives,
  getComparison,
  getFactHistory,
  getTool,
  getToolRef,
  listCategories,
  listTools,
  MAX_ALTERNATIVES,
  MAX_COMPARE_TOOLS,
  mergedTarget,
  overviewOfTool,
  planCost,
  SORTS,
  type ToolCard,
  ToolListParams,
} from "../catalog/index.ts";
import { citationsFor } from "./citations.ts";
import { cited, failure, findTool, str, text, toolKey } from "./mcp-answers.ts";
import { registerCategoryResources } from "./mcp-resources.ts";
import { registerTaskTools, TASK_TOOL_NAMES } from "./mcp-tasks.ts";

/**
 * Toolscape's MCP server (issue 22): the catalogue's read API as tools an assistant can call, with the
 * same entitlement and tier rules as the JSON API (a tool listed above the caller's tier answers with
 * its overview only; compare is capped by the caller's tier), and every answer citable: the tool's
 * canonical URL, when it was last verified, and the kind of source of each fact.
 */
export type McpCaller = {
  /** null: an anonymous caller (a visitor) */
  tier: Tier | null;
  /** the caller's compare cap (entitlements: visitors as Free) */
  compareCap: number;
};
export type McpDeps = {
  db: Db;
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
  logger: Pick<Logger, "error">;
  requestId: string;
};

export const MCP_TOOL_NAMES = [
  "search_tools",
  "get_tool",
  "compare_tools",
  "find_alternatives",
  "list_categories",
  "get_tool_history",
  ...TASK_TOOL_NAMES,
  "plan_cost",
] as const;
/** Facts emptied in a locked tool's overview (tool-access.ts): their history is withheld too. */
const GATED_FACTS = new Set(["features", "use_cases", "pricing", "plans"]);
const MCP_DEFAULT_LIMIT = 10;

/** A fresh MCP server for one request (stateless Streamable HTTP: any instance can answer). */
export function createMcpServer(deps: McpDeps, caller: McpCaller): McpServer {
  const { db, env } = deps;
  const server = new McpServer(
    { name: "toolscape", title: "Toolscape AI tools catalogue", version: "1.0.0", websiteUrl: siteUrl(env, "/") },
    {
      instructions:
        "Toolscape is a catalogue of AI tools where every fact carries its source and date. Cite tools by their `url`; " +
        "`last_verified` and `provenance` (the kind of source of each fact) say how far to trust a fact. " +
        "A tool with `locked` is listed for a paid tier: only its overview is shown to this caller.",
    },
  );
  const cite = async (tools: readonly ToolCard[]) => citationsFor(db, env, tools);
  // A failure's detail (SQL text, stack) goes to the log with the request id; the caller gets a
  // generic message naming that id (issue 31: database errors reached callers verbatim). AppErrors
  // are written for callers (busy, rate limited) and pass as they are.
  const callerMessage = (err: unknown): string => {
    if (err instanceof AppError) return err.message;
    deps.logger.error("MCP request failed", { requestId: deps.requestId, err });
    return `Something went wrong on our side (request id ${deps.requestId}). Please try again.`;
  };
  const safely =
    <A extends unknown[]>(fn: (...args: A) => Promise<CallToolResult>) =>
    async (...args: A): Promise<CallToolResult> => {
      try {
        return await fn(...args);
      } catch (err) {
        return failure(callerMessage(err));
      }
    };
  const safelyRead =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        if (err instanceof McpError) throw err;
        throw new McpError(ErrorCode.InternalError, callerMessage(err));
      }
    };

  server.registerTool(
    "search_tools",
    {
      title: "Search AI tools",
      description:
        "Search and filter the Toolscape catalogue (the same filters as GET /api/tools). Returns tools with their canonical URL, last-verified date and provenance.",
      inputSchema: {
        q: z.string().max(200).optional().describe("Search text, e.g. 'text to speech'"),
        category: str("Category slugs or names, comma-separated (e.g. 'writing,image-generation')"),
        pricing: str("Pricing models, comma-separated: free, freemium, paid, open-source, …"),
        tags: str("Tags, comma-separated"),
        rating: str("Minimum rating, 0 to 5"),
        featured: z.boolean().optional().describe("Only editorially featured tools"),
        sort: z.enum(SORTS).optional().describe("Order of the results"),
        page: z.number().int().min(1).max(10_000).optional(),
        limit: z.number().int().min(1).max(50).optional().describe(`Tools per page (default ${MCP_DEFAULT_LIMIT})`),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async (args) => {
      const raw: Record<string, string> = {};
      for (const [k, v] of Object.entries(args)) if (v !== undefined && v !== "") raw[k] = String(v);
      raw.limit ??= String(MCP_DEFAULT_LIMIT);
      const parsed = ToolListParams.safeParse(raw);
      if (!parsed.success) return failure(parsed.error.issues.map((i) => i.message).join("; "));
      const page = await listTools(db, parsed.data);
      const cards = cardsForTier(page.tools, caller.tier);
      const citations = await cite(cards);
      return text({
        total: page.pagination.total,
        total_capped: page.meta.totalCapped,
        page: page.pagination.page,
        has_more: page.pagination.hasMore,
        unknown_categories: page.meta.unknownCategories,
        // Which search legs answered, relaxed results flagged, a spelling offered (issue 32, ADR 0066).
        ...(page.meta.retrieval ? { retrieval: page.meta.retrieval } : {}),
        tools: cards.map((c) => cited(c, citations.get(c.id), caller.tier)),
      });
    }),
  );

  server.registerTool(
    "get_tool",
    {
      title: "Get one AI tool",
      description: "One tool's full record (its overview only when it is listed above the caller's tier).",
      inputSchema: { tool: toolKey },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async ({ tool: key }) => {
      const tool = await findTool(db, key);
      if (!tool) return failure(`No tool '${key}' in the Toolscape catalogue.`);
      const locked = !canAccessTier(caller.tier, tool.tier);
      const shown = locked ? overviewOfTool(tool) : tool;
      const citation = (await cite([tool])).get(tool.id);
      // Issue 32: the computed alternatives with their reasons (a gated section, like the listing's own).
      const alternatives = locked ? [] : await getAlternatives(db, tool.id);
      return text({
        ...cited(shown, citation, caller.tier),
        full_description: shown.full_description,
        use_cases: shown.use_cases,
        alternatives: alternatives.map((a) => a.name),
        alternatives_detail: alternatives.map((a) => ({
          name: a.name,
          slug: a.slug,
          url: siteUrl(env, `/tools/${a.slug}`),
          reason: a.reason,
          reasons: a.reasons,
        })),
        demo_url: shown.demo_url,
        plans: shown.plans,
        created_at: shown.created_at,
        facts_changed_at: shown.facts_changed_at,
      });
    }),
  );

  server.registerTool(
    "compare_tools",
    {
      title: "Compare AI tools",
      description: `Compare tools side by side. The number compared is capped by the caller's tier (anonymous: as Free; at most ${MAX_COMPARE_TOOLS}).`,
      inputSchema: { tools: z.array(toolKey).min(2).max(MAX_COMPARE_TOOLS).describe("Slugs or ids of the tools") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async ({ tools: keys }) => {
      const comparison = await getComparison(db, keys, { cap: caller.compareCap, tier: caller.tier });
      const citations = await cite(comparison.tools);
      return text({
        max: comparison.max,
        omitted: comparison.omitted,
        missing: comparison.missing,
        message: comparison.omitted > 0 ? compareCapMessage(comparison.max, comparison.tools.length) : null,
        tools: comparison.tools.map((c) => cited(c, citations.get(c.id), caller.tier)),
      });
    }),
  );

  server.registerTool(
    "find_alternatives",
    {
      title: "Find alternatives to an AI tool",
      description:
        "Tools similar to the given one (a gated section: withheld when the tool is above the caller's tier).",
      inputSchema: {
        tool: toolKey,
        limit: z.number().int().min(1).max(MAX_ALTERNATIVES).optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async ({ tool: key, limit }) => {
      const ref = (await getToolRef(db, key)) ?? (await mergedTarget(db, key));
      const tool = ref ? await getTool(db, ref.id) : null;
      if (!tool) return failure(`No tool '${key}' in the Toolscape catalogue.`);
      if (!canAccessTier(caller.tier, tool.tier)) {
        return text({
          tool: cited(overviewOfTool(tool), (await cite([tool])).get(tool.id), caller.tier),
          alternatives: [],
        });
      }
      const alternatives = cardsForTier(await getAlternatives(db, tool.id, limit), caller.tier);
      const citations = await cite([tool, ...alternatives]);
      return text({
        tool: { name: tool.name, slug: tool.slug, url: citations.get(tool.id)?.url },
        alternatives: alternatives.map((c) => ({
          ...cited(c, citations.get(c.id), caller.tier),
          reason: c.reason,
          reasons: c.reasons,
        })),
      });
    }),
  );

  server.registerTool(
    "list_categories",
    {
      title: "List categories",
      description: "Every category with its number of tools and its page.",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async () => {
      const categories = await listCategories(db);
      return text({
        categories: categories.map((c) => ({
          name: c.name,
          slug: c.slug,
          description: c.description,
          tool_count: c.toolCount,
          url: siteUrl(env, `/category/${c.slug}`),
        })),
      });
    }),
  );

  server.registerTool(
    "get_tool_history",
    {
      title: "A tool's fact history",
      description:
        "Every recorded change of a tool's facts (old → new, kind of source, when), newest first. Gated facts of a tool above the caller's tier are left out.",
      inputSchema: { tool: toolKey, limit: z.number().int().min(1).max(200).optional() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async ({ tool: key, limit }) => {
      const tool = await findTool(db, key);
      if (!tool) return failure(`No tool '${key}' in the Toolscape catalogue.`);
      const locked = !canAccessTier(caller.tier, tool.tier);
      const history = (await getFactHistory(db, tool.id, limit ?? 50)).filter(
        (h) => !locked || !GATED_FACTS.has(h.field),
      );
      const citation = (await cite([tool])).get(tool.id);
      return text({
        tool: { name: tool.name, slug: tool.slug, url: citation?.url },
        ...(locked ? { locked: { requiredTier: tool.tier, message: requiresLabel(tool.tier) } } : {}),
        last_verified: citation?.last_verified ?? null,
        history,
      });
    }),
  );

  registerTaskTools(server, {
    db,
    env,
    tier: caller.tier,
    text,
    failure,
    safely,
    citeCards: async (cards) => {
      const citations = await cite(cards);
      return cards.map((c) => cited(c, citations.get(c.id), caller.tier));
    },
  });

  server.registerTool(
    "plan_cost",
    {
      title: "What an AI tool costs for a usage",
      description:
        "The cheapest of the tool's stated plans that fits a number of seats and a monthly usage in the tool's own unit (credits, minutes, images…), with the arithmetic, or not_enough_known. Nothing is estimated.",
      inputSchema: {
        tool: toolKey,
        seats: z.number().int().min(1).max(10_000).optional().describe("People who need a seat (default 1)"),
        usage: z.number().min(0).max(1_000_000_000).optional().describe("Monthly usage in the tool's unit (default 0)"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async ({ tool: key, seats, usage }) => {
      const tool = await findTool(db, key);
      if (!tool) return failure(`No tool '${key}' in the Toolscape catalogue.`);
      const citation = (await cite([tool])).get(tool.id);
      const head = {
        tool: { name: tool.name, slug: tool.slug, url: citation?.url },
        seats: seats ?? 1,
        usage: usage ?? 0,
      };
      if (!canAccessTier(caller.tier, tool.tier))
        return text({ ...head, locked: { requiredTier: tool.tier, message: requiresLabel(tool.tier) }, cost: null });
      return text({
        ...head,
        cost: planCost(tool.plans, { seats: seats ?? 1, usage: usage ?? 0 }),
        plans_source: citation?.provenance.plans ?? null,
      });
    }),
  );

  registerCategoryResources(server, { db, env, caller, cite, safelyRead });

  return server;
}
