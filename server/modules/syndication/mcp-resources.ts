import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Variables } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import {
  cardsForTier,
  getCategory,
  listCategories,
  listTools,
  type ToolCard,
  ToolListParams,
} from "../catalog/index.ts";
import type { Citation } from "./citations.ts";
import type { McpCaller } from "./mcp.ts";
import { cited } from "./mcp-answers.ts";

/** The MCP's resources (issue 22): the categories, and one category with its top tools, cited. */

/** MCP's "resource not found" (the spec's Resources › Error handling; the SDK has no constant for it). */
export const MCP_RESOURCE_NOT_FOUND = -32002;

type Deps = {
  db: Db;
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
  caller: McpCaller;
  cite: (tools: readonly ToolCard[]) => Promise<Map<string, Citation>>;
  /** the MCP's wrapper for reads: a failure's detail goes to the log, the caller gets a generic McpError (issue 31) */
  safelyRead: <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;
};

export function registerCategoryResources(server: McpServer, deps: Deps): void {
  const { db, env, caller, cite, safelyRead } = deps;
  server.registerResource(
    "categories",
    "toolscape://categories",
    { title: "Toolscape categories", description: "Every category with its tool count", mimeType: "application/json" },
    safelyRead(async (uri: URL) => {
      const categories = await listCategories(db);
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: "application/json",
            text: JSON.stringify(
              categories.map((c) => ({
                name: c.name,
                slug: c.slug,
                tool_count: c.toolCount,
                uri: `toolscape://categories/${c.slug}`,
                url: siteUrl(env, `/category/${c.slug}`),
              })),
            ),
          },
        ],
      };
    }),
  );

  server.registerResource(
    "category",
    new ResourceTemplate("toolscape://categories/{slug}", {
      list: async () => ({
        resources: (await listCategories(db)).map((c) => ({
          uri: `toolscape://categories/${c.slug}`,
          name: c.name,
          description: c.description,
          mimeType: "application/json",
        })),
      }),
    }),
    { title: "A category and its top tools", mimeType: "application/json" },
    safelyRead(async (uri: URL, { slug }: Variables) => {
      const key = String(Array.isArray(slug) ? slug[0] : slug).slice(0, 80);
      const category = await getCategory(db, key);
      if (!category) throw new McpError(MCP_RESOURCE_NOT_FOUND, `No category '${key}'`, { uri: uri.href });
      const page = await listTools(db, ToolListParams.parse({ category: category.slug, limit: "20" }));
      const cards = cardsForTier(page.tools, caller.tier);
      const citations = await cite(cards);
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: "application/json",
            text: JSON.stringify({
              name: category.name,
              slug: category.slug,
              description: category.description,
              tool_count: category.toolCount,
              url: siteUrl(env, `/category/${category.slug}`),
              top_tools: cards.map((c) => cited(c, citations.get(c.id), caller.tier)),
            }),
          },
        ],
      };
    }),
  );
}
