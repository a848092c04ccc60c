import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { matchTasks } from "../catalog/index.ts";

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

const ToolSignalRow = z.object({ tool_id: z.string(), name: z.string() });
const ListSignalRow = ToolSignalRow.extend({ title: z.string() });
const SearchRow = z.object({ name: z.string(), query: z.string() });
const IdRow = z.object({ id: z.string() });

/** The text a saved search was for ("q=image editor&..." → "image editor"); null without words. */
export function searchWords(query: string): string | null {
  const q = new URLSearchParams(query).get("q")?.replace(/\s+/g, " ").trim();
  return q ? q.slice(0, 100) : null;
}

export async function memberSignals(db: Db, userId: string, now: Date): Promise<Signal[]> {
  const since = new Date(now.getTime() - VIEW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [saved, listed, viewed, searches] = await Promise.all([
    queryRows(
      db,
      sql`SELECT s.tool_id::text AS tool_id, t.name FROM saved_tools s JOIN tools t ON t.id = s.tool_id
           WHERE s.user_id = ${userId} AND t.status = 'active'
           GROUP BY s.tool_id, t.name ORDER BY max(s.created_at) DESC LIMIT 50`,
      ToolSignalRow,
    ),
    queryRows(
      db,
      sql`SELECT i.tool_id::text AS tool_id, t.name, l.title FROM top_list_items i
            JOIN top_lists l ON l.id = i.list_id JOIN tools t ON t.id = i.tool_id
           WHERE l.user_id = ${userId} AND t.status = 'active'
           ORDER BY l.updated_at DESC, i.position LIMIT 100`,
      ListSignalRow,
    ),
    queryRows(
      db,
      sql`SELECT v.tool_id::text AS tool_id, t.name FROM daily_tool_views v JOIN tools t ON t.id = v.tool_id
           WHERE v.subject = ${`user:${userId}`} AND v.day >= ${since}::date AND t.status = 'active'
           GROUP BY v.tool_id, t.name ORDER BY max(v.day) DESC LIMIT 30`,
      ToolSignalRow,
    ),
    queryRows(
      db,
      sql`SELECT name, query FROM saved_searches WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${MAX_SEARCHES}`,
      SearchRow,
    ),
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
    ? await queryRows(
        db,
        sql`SELECT id::text AS id FROM tools WHERE slug IN (${sql.join(
          slugs.map((s) => sql`${s}`),
          sql`, `,
        )}) AND status = 'active'`,
        IdRow,
      )
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
