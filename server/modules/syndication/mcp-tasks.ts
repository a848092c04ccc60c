import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import type { Tier } from "../accounts/index.ts";
import { cardsForTier, getTask, listTasks, TASK_PRICES, type ToolCard, toolsForTask } from "../catalog/index.ts";

/**
 * The MCP's task tools (issue 32): `list_tasks` (the jobs people hire AI tools for, optionally
 * narrowed by words or a group, paged) and `tools_for_task` (a task's best tools, optionally of one
 * price band). Tools above the caller's tier come as overviews, as everywhere.
 */
export const TASK_TOOL_NAMES = ["list_tasks", "tools_for_task"] as const;
const PAGE = 50;

type Deps = {
  db: Db;
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
  tier: Tier | null;
  text: (value: unknown) => CallToolResult;
  failure: (message: string) => CallToolResult;
  /** the MCP's wrapper: a failure's detail goes to the log, the caller gets a generic message (issue 31) */
  safely: <A extends unknown[]>(fn: (...args: A) => Promise<CallToolResult>) => (...args: A) => Promise<CallToolResult>;
  /** the MCP's card as an assistant gets it, with its citation */
  citeCards: (cards: ToolCard[]) => Promise<unknown[]>;
};

export function registerTaskTools(server: McpServer, deps: Deps): void {
  const { db, env, text, failure, safely } = deps;
  server.registerTool(
    "list_tasks",
    {
      title: "List tasks",
      description:
        "The jobs people hire AI tools for ('Summarise a video', 'Remove an image background'), each with its number of tools and its page. Narrow by words (e.g. 'youtube summary') or a group.",
      inputSchema: {
        query: z.string().trim().max(200).optional().describe("Words describing the job"),
        group: z.string().trim().max(80).optional().describe("A group name, e.g. 'Video' or 'Writing'"),
        page: z.number().int().min(1).max(1_000).optional(),
        limit: z.number().int().min(1).max(100).optional().describe(`Tasks per page (default ${PAGE})`),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async ({ query, group, page, limit }) => {
      const size = limit ?? PAGE;
      const current = page ?? 1;
      const result = await listTasks(db, { query, group, limit: size, offset: (current - 1) * size });
      return text({
        total: result.total,
        page: current,
        has_more: current * size < result.total,
        groups: result.groups,
        tasks: result.tasks.map((t) => ({ ...t, url: siteUrl(env, `/tasks/${t.slug}`) })),
      });
    }),
  );

  server.registerTool(
    "tools_for_task",
    {
      title: "Tools for a task",
      description:
        "A task's best tools (editors' picks first, then by relevance and the catalogue's ranking), optionally only free, freemium or paid ones.",
      inputSchema: {
        task: z
          .string()
          .trim()
          .min(1)
          .max(120)
          .describe("The task's slug, as from list_tasks (e.g. 'summarise-a-video')"),
        pricing: z.enum(TASK_PRICES).optional().describe("free (free and open source), freemium or paid"),
        limit: z.number().int().min(1).max(50).optional().describe("Tools (default 10)"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(async ({ task: slug, pricing, limit }) => {
      const task = await getTask(db, slug);
      if (!task) return failure(`No task '${slug}'. Call list_tasks for the slugs.`);
      const { tools, total } = await toolsForTask(db, task.slug, { price: pricing, limit: limit ?? 10 });
      return text({
        task: {
          slug: task.slug,
          name: task.name,
          description: task.description,
          group: task.group,
          also_known_as: task.synonyms,
          url: siteUrl(env, `/tasks/${task.slug}`),
          related: task.related.map((r) => r.slug),
        },
        pricing: pricing ?? null,
        total,
        tools: await deps.citeCards(cardsForTier(tools, deps.tier)),
      });
    }),
  );
}
