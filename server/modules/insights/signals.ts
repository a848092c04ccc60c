import { and, asc, desc, eq, gte, inArray, max } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { dailyToolViews, savedSearches, savedTools } from "../accounts/tables.ts";
import { matchTasks } from "../catalog/index.ts";
import { tools } from "../catalog/tables.ts";
import { topListItems, topLists } from "../community/tables.ts";

/**
 * A member's own signals (issue 34 item 4): the tools they saved, put in their lists, viewed in the last
 * 60 days, and the tools their saved searches find (the tasks the query names, then the words). Each
 * signal carries the sentence that explains a recommendation it leads to. Only the member's own rows
 * are read; nothing here is shown to anyone else.
 */
export type SignalKind = "saved" | "list" | "viewed" | "search";
export type Signal = { kind: SignalKind; toolId: string; weight: number; because: string };

/** How much each kind of signal pulls the member's centre (a save says more than a view). */
const WEIGHTS: Record<SignalKind, number> = { saved: 3, list: 2, search: 2, viewed: 1 };
const VIEW_DAYS = 60;
const MAX_SEARCHES = 5;

const IdRow = z.object({ id: z.string() });

/** The text a saved search was for ("q=image editor&..." → "image editor"); null without words. */
export function searchWords(query: string): string | null {
  const q = new URLSearchParams(query).get("q")?.replace(/\s+/g, " ").trim();
  return q ? q.slice(0, 100) : null;
}

export async function memberSignals(db: Db, userId: string, now: Date): Promise<Signal[]> {
  const since = new Date(now.getTime() - VIEW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [saved, listed, viewed, searches] = await Promise.all([
    db
      .select({ tool_id: savedTools.toolId, name: tools.name })
      .from(savedTools)
      .innerJoin(tools, eq(tools.id, savedTools.toolId))
      .where(and(eq(savedTools.userId, userId), eq(tools.status, "active")))
      .groupBy(savedTools.toolId, tools.name)
      .orderBy(desc(max(savedTools.createdAt)))
      .limit(50),
    db
      .select({ tool_id: topListItems.toolId, name: tools.name, title: topLists.title })
      .from(topListItems)
      .innerJoin(topLists, eq(topLists.id, topListItems.listId))
      .innerJoin(tools, eq(tools.id, topListItems.toolId))
      .where(and(eq(topLists.userId, userId), eq(tools.status, "active")))
      .orderBy(desc(topLists.updatedAt), asc(topListItems.position))
      .limit(100),
    db
      .select({ tool_id: dailyToolViews.toolId, name: tools.name })
      .from(dailyToolViews)
      .innerJoin(tools, eq(tools.id, dailyToolViews.toolId))
      .where(
        and(eq(dailyToolViews.subject, `user:${userId}`), gte(dailyToolViews.day, since), eq(tools.status, "active")),
      )
      .groupBy(dailyToolViews.toolId, tools.name)
      .orderBy(desc(max(dailyToolViews.day)))
      .limit(30),
    db
      .select({ name: savedSearches.name, query: savedSearches.query })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.createdAt))
      .limit(MAX_SEARCHES),
  ]);
  const out: Signal[] = [
    ...saved.map((r) => ({
      kind: "saved" as const,
      toolId: r.tool_id,
      weight: WEIGHTS.saved,
      because: `Because you saved ${r.name}`,
    })),
    ...listed.map((r) => ({
      kind: "list" as const,
      toolId: r.tool_id,
      weight: WEIGHTS.list,
      because: `Because ${r.name} is in your list “${r.title}”`,
    })),
    ...viewed.map((r) => ({
      kind: "viewed" as const,
      toolId: r.tool_id,
      weight: WEIGHTS.viewed,
      because: `Because you viewed ${r.name}`,
    })),
  ];
  for (const s of searches) {
    const words = searchWords(s.query);
    if (!words) continue;
    // A search weighs as one signal, shared by the tools that stand for it.
    const ids = await toolsForWords(db, words);
    for (const id of ids) {
      out.push({
        kind: "search",
        toolId: id,
        weight: WEIGHTS.search / ids.length,
        because: `Matches your search “${words}”`,
      });
    }
  }
  return out;
}

/**
 * The tools a search's words lead to, without the sentence encoder (a page must not wait for a model):
 * the top tools of the tasks the words name (the hybrid search's tasks leg), then the best full-text
 * matches. Their stored vectors stand for the search.
 */
async function toolsForWords(db: Db, words: string): Promise<string[]> {
  const tasks = await matchTasks({ db }, words, 2);
  const slugs = tasks.flatMap((t) => t.tools.map((x) => x.slug));
  const byTask = slugs.length
    ? await db
        .select({ id: tools.id })
        .from(tools)
        .where(and(inArray(tools.slug, slugs), eq(tools.status, "active")))
    : [];
  const byText = await queryRows(
    db,
    sql`SELECT t.id::text AS id FROM tools t
         WHERE t.status = 'active' AND t.search_vector @@ plainto_tsquery('english', ${words})
         ORDER BY ts_rank(t.search_vector, plainto_tsquery('english', ${words})) DESC, t.quality_score DESC
         LIMIT 5`,
    IdRow,
  );
  return [...new Set([...byTask, ...byText].map((r) => r.id))].slice(0, 8);
}
