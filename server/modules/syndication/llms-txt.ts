import { memoByVersion } from "../../platform/db/content-version.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { siteOrigin, siteUrl } from "../../platform/site-origin.ts";
import { allTasks, catalogStats, listCategories, listTools, ToolListParams } from "../catalog/index.ts";
import { citationsFor } from "./citations.ts";
import { SITE_LICENCE } from "./data-sources.ts";

/**
 * /llms.txt and /llms-full.txt in the llmstxt.org format: an H1 with the site's name, a blockquote
 * summary, prose (no headings), then H2 sections that hold nothing but links (`- [name](url): notes`)
 * — the reference parser reads every line of a section as a link and fails on prose there (issue 31).
 * Generated from live data and memoised by content version, like the pages.
 */
type SiteEnv = Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
export const LLMS_TOP_TOOLS = 10;

/** One line of text: no line breaks, no Markdown link syntax that would break the list. */
/** Said after a description the tool's maker wrote (kind `maker` in its provenance, ADR 0034). */
export const LLMS_MAKER_MARK = "(description supplied by the maker)";

const line = (s: string, max = 240) => {
  const flat = s.replace(/\s+/g, " ").replace(/[[\]]/g, "").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

async function summaryLines(db: Db): Promise<{ heading: string[]; tools: number; categories: number }> {
  const stats = await catalogStats(db);
  return {
    heading: [
      "# Toolscape",
      "",
      `> Toolscape is an independent directory of ${stats.tools.toLocaleString("en-US")} AI tools in ${stats.categories} categories. Every fact carries its source and the date it was last verified; rankings cannot be bought. Read it as pages, through the JSON API, through the MCP server, or as a daily open-data dump under ${SITE_LICENCE.id}.`,
      "",
    ],
    tools: stats.tools,
    categories: stats.categories,
  };
}

export async function llmsTxt(db: Db, env: SiteEnv): Promise<string> {
  return memoByVersion(db, `syndication:llms:${siteOrigin(env)}`, async () => {
    const u = (p: string) => siteUrl(env, p);
    const { heading } = await summaryLines(db);
    return [
      ...heading,
      "Cite a tool by its page (`/tools/{slug}`). Each tool page and API answer shows where each fact came from (dataset, maker, community correction, editor, observed on the tool's site, or inferred) and when it was last verified.",
      "",
      "## About Toolscape",
      "",
      `- [About](${u("/about")}): who runs Toolscape and how the catalogue is built`,
      `- [How we test](${u("/how-we-test")}): how facts are checked, the kinds of source, and how tools are ranked`,
      `- [Documentation](${u("/documentation")}): guides for searching, comparing, memberships and the API`,
      "",
      "## Key pages",
      "",
      `- [All tools](${u("/tools")}): the catalogue, filterable by category, pricing, rating and tags`,
      `- [Categories](${u("/categories")}): every category with its number of tools`,
      `- [Tasks](${u("/tasks")}): the jobs people hire AI tools for (\`/tasks/summarise-a-video\`), each with its best tools, price filters and related tasks`,
      `- [Search](${u("/search")}): full-text search with typo tolerance (\`/search?q=text+to+speech\`)`,
      `- [Compare](${u("/compare")}): tools side by side (\`/compare?tools=chatgpt,claude\`)`,
      `- [Changes](${u("/changes")}): new tools, pricing changes, tools gone or back (Atom: ${u("/changes.xml")})`,
      "",
      "## API",
      "",
      `- [OpenAPI document](${u("/api/openapi.json")}): the public read API (tools, a tool with provenance, categories, trending, top lists)`,
      `- [API reference](${u("/documentation/api")}): endpoints, parameters, API keys and rate limits`,
      "",
      "## MCP server",
      "",
      `- [MCP endpoint](${u("/mcp")}): Streamable HTTP (POST); tools search_tools, get_tool, compare_tools, find_alternatives, list_categories, get_tool_history, list_tasks, tools_for_task; category resources; anonymous at a low rate, or with an Expert API key`,
      `- [Connecting an assistant](${u("/documentation/mcp")}): configuration for common MCP clients`,
      "",
      "## Data licence",
      "",
      `- [Open data](${u("/open-data")}): the daily dump (JSON Lines and CSV), its schema, sources and licences; Toolscape's own data is ${SITE_LICENCE.id}`,
      "",
      "## Optional",
      "",
      `- [llms-full.txt](${u("/llms-full.txt")}): every category with its top tools, one line each`,
      `- [Badges and embeds](${u("/documentation/embeds")}): live badges and cards for makers' sites`,
      "",
    ].join("\n");
  });
}

export async function llmsFullTxt(db: Db, env: SiteEnv): Promise<string> {
  return memoByVersion(db, `syndication:llms-full:${siteOrigin(env)}`, async () => {
    const { heading } = await summaryLines(db);
    const categories = (await listCategories(db)).filter((c) => c.toolCount > 0);
    const sections: string[] = [];
    for (const c of categories) {
      const page = await listTools(
        db,
        ToolListParams.parse({ category: c.slug, sort: "rating-desc", limit: String(LLMS_TOP_TOOLS) }),
      );
      const citations = await citationsFor(db, env, page.tools);
      sections.push(
        `## ${line(c.name, 80)}`,
        "",
        // The category's own page is the section's first link (its description and size as the notes).
        `- [${line(c.name, 80)} on Toolscape](${siteUrl(env, `/category/${c.slug}`)}): ${line(c.description)} ${c.toolCount} tools in all.`,
        ...page.tools.map((t) => {
          const rating = t.review_count > 0 ? `, rated ${t.rating}/5 (${t.review_count})` : "";
          const maker = citations.get(t.id)?.provenance.description === "maker" ? ` ${LLMS_MAKER_MARK}` : "";
          return `- [${line(t.name, 80)}](${siteUrl(env, `/tools/${t.slug}`)}): ${line(t.description, 200)}${maker} (${t.pricing_model}${rating})`;
        }),
        "",
      );
    }
    // Issue 32: every task, one line each, after the categories.
    const tasks = (await allTasks(db)).filter((t) => t.tool_count > 0);
    sections.push(
      "## Tasks",
      "",
      // A link section holds only link items (the llms.txt format): the index of tasks is its first link.
      `- [Tasks on Toolscape](${siteUrl(env, "/tasks")}): the jobs people hire AI tools for, each with its tools.`,
      ...tasks.map(
        (t) =>
          `- [${line(t.name, 80)}](${siteUrl(env, `/tasks/${t.slug}`)}): ${line(t.description, 200)} (${t.tool_count} tools)`,
      ),
      "",
    );
    return [
      ...heading,
      `The top ${LLMS_TOP_TOOLS} tools of each category in the catalogue's own order (ratings weighted by their number, no paid placement). The whole catalogue: ${siteUrl(env, "/open-data")}.`,
      "",
      ...sections,
    ].join("\n");
  });
}
