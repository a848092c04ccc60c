import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { nameKey, slugify } from "./normalize.ts";
import type { AlternativeReasons } from "./task-tables.ts";

/**
 * Every active tool's alternatives, computed ahead and stored (issue 32 item 3, ADR 0067), so no tool
 * shows an empty list and each alternative says why it is one. A candidate earns points for:
 * - being named by the tool's own listing (`alternatives`);
 * - each task both tools do (task_tools, rejected pairs aside), a task with few tools counting more
 *   and a task an editor accepted both on counting much more;
 * - each tag both carry, a rare tag counting more (tags on more than TAG_MAX_TOOLS tools say nothing);
 * - sitting in the same category;
 * - a little prominence (curated lists carrying it, the editors' featured flag), to break ties.
 * A tool with no candidate at all (alone in its category, no task, no shared tag) falls back to its
 * category's and then the catalogue's most prominent tools: the list is never empty while two tools exist.
 */
export const ALTERNATIVE_RULES = {
  keep: 8,
  named: 6,
  perTask: 3,
  /** × perTask when an editor accepted both tools on the task (evidence, not a guess) */
  acceptedBoth: 3,
  perTag: 1.5,
  sameCategory: 1,
  perListing: 0.25,
  featured: 0.25,
  /** a tag carried by more tools than this ('Web', 'API') is no evidence of similarity */
  tagMaxTools: 150,
  /** the reasons shown: at most this many tasks and tags */
  reasonsShown: 3,
} as const;

/** Cheapest first; 'unknown' compares with nothing. */
const PRICE_LEVEL: Record<string, number | undefined> = {
  free: 0,
  open_source: 0,
  freemium: 1,
  paid: 2,
  subscription: 2,
  enterprise: 3,
};

const ToolRow = z.object({
  id: z.string(),
  slug: z.string(),
  name_key: z.string(),
  category_id: z.number(),
  pricing_model: z.string(),
  tags: z.array(z.string()),
  alternatives: z.array(z.string()),
  listings: z.number(),
  is_featured: z.boolean(),
});
type Tool = z.infer<typeof ToolRow>;
const TaskRow = z.object({ task_slug: z.string(), tool_id: z.string(), accepted: z.boolean() });

type Computed = { toolId: string; alternativeId: string; rank: number; score: number; reasons: AlternativeReasons };

const isOpenSource = (t: Tool) =>
  t.pricing_model === "open_source" || t.tags.some((tag) => tag.toLowerCase() === "open source");

/** The alternatives of `sources` (every active tool when omitted), ranked, with their reasons. */
export async function computeAlternatives(db: Db, sources?: readonly string[]): Promise<Computed[]> {
  const R = ALTERNATIVE_RULES;
  const tools = await queryRows(
    db,
    sql`SELECT id::text AS id, slug, name_key, category_id, pricing_model::text AS pricing_model, tags, alternatives,
               listings::int AS listings, is_featured
        FROM tools WHERE status = 'active' AND merged_into_id IS NULL ORDER BY id`,
    ToolRow,
  );
  const taskRows = await queryRows(
    db,
    sql`SELECT tt.task_slug, tt.tool_id::text AS tool_id, tt.status = 'accepted' AS accepted FROM task_tools tt
        JOIN tools t ON t.id = tt.tool_id AND t.status = 'active'
        WHERE tt.status <> 'rejected'`,
    TaskRow,
  );
  const byId = new Map(tools.map((t) => [t.id, t]));
  const byKey = new Map<string, Tool>();
  for (const t of tools) {
    byKey.set(`k:${t.name_key}`, t);
    byKey.set(`s:${t.slug}`, t);
  }
  const toolsOfTask = new Map<string, { id: string; accepted: boolean }[]>();
  const tasksOfTool = new Map<string, { slug: string; accepted: boolean }[]>();
  for (const r of taskRows) {
    toolsOfTask.set(r.task_slug, [...(toolsOfTask.get(r.task_slug) ?? []), { id: r.tool_id, accepted: r.accepted }]);
    tasksOfTool.set(r.tool_id, [...(tasksOfTool.get(r.tool_id) ?? []), { slug: r.task_slug, accepted: r.accepted }]);
  }
  const toolsOfTag = new Map<string, string[]>();
  for (const t of tools)
    for (const tag of new Set(t.tags.map((x) => x.toLowerCase())))
      toolsOfTag.set(tag, [...(toolsOfTag.get(tag) ?? []), t.id]);
  const prominence = (t: Tool) => R.perListing * Math.log(1 + t.listings) + (t.is_featured ? R.featured : 0);
  const byProminence = [...tools].sort((a, b) => prominence(b) - prominence(a) || a.id.localeCompare(b.id));
  const topOfCategory = new Map<number, Tool[]>();
  for (const t of byProminence) {
    const list = topOfCategory.get(t.category_id) ?? [];
    if (list.length < R.keep + 1) list.push(t);
    topOfCategory.set(t.category_id, list);
  }

  const out: Computed[] = [];
  for (const source of sources ? sources.flatMap((id) => byId.get(id) ?? []) : tools) {
    const cand = new Map<
      string,
      { score: number; tasks: { slug: string; w: number }[]; tags: { tag: string; w: number }[]; named: boolean }
    >();
    const entry = (id: string) => {
      let e = cand.get(id);
      if (!e) {
        e = { score: 0, tasks: [], tags: [], named: false };
        cand.set(id, e);
      }
      return e;
    };
    for (const name of source.alternatives) {
      const hit = byKey.get(`k:${nameKey(name)}`) ?? byKey.get(`s:${slugify(name)}`);
      if (hit && hit.id !== source.id) entry(hit.id).named = true;
    }
    for (const task of tasksOfTool.get(source.id) ?? []) {
      const peers = toolsOfTask.get(task.slug) ?? [];
      const w = R.perTask / Math.log(2 + peers.length);
      for (const peer of peers) {
        if (peer.id === source.id) continue;
        entry(peer.id).tasks.push({ slug: task.slug, w: task.accepted && peer.accepted ? w * R.acceptedBoth : w });
      }
    }
    for (const tag of new Set(source.tags.map((x) => x.toLowerCase()))) {
      const peers = toolsOfTag.get(tag) ?? [];
      if (peers.length > R.tagMaxTools) continue;
      const w = R.perTag / Math.log(2 + peers.length);
      for (const id of peers) if (id !== source.id) entry(id).tags.push({ tag, w });
    }
    for (const t of topOfCategory.get(source.category_id) ?? []) if (t.id !== source.id) entry(t.id);
    if (cand.size === 0) for (const t of byProminence.slice(0, R.keep + 1)) if (t.id !== source.id) entry(t.id);

    const ranked = [...cand.entries()]
      .flatMap(([id, e]) => {
        const alt = byId.get(id);
        if (!alt) return [];
        const sameCategory = alt.category_id === source.category_id;
        const score =
          (e.named ? R.named : 0) +
          e.tasks.reduce((s, x) => s + x.w, 0) +
          e.tags.reduce((s, x) => s + x.w, 0) +
          (sameCategory ? R.sameCategory : 0) +
          prominence(alt);
        return [{ alt, e, sameCategory, score }];
      })
      .sort((a, b) => b.score - a.score || a.alt.id.localeCompare(b.alt.id))
      .slice(0, R.keep);
    ranked.forEach(({ alt, e, sameCategory, score }, i) => {
      const mine = PRICE_LEVEL[source.pricing_model];
      const theirs = PRICE_LEVEL[alt.pricing_model];
      out.push({
        toolId: source.id,
        alternativeId: alt.id,
        rank: i + 1,
        score: Math.round(score * 1000) / 1000,
        reasons: {
          tasks: [...e.tasks]
            .sort((a, b) => b.w - a.w || a.slug.localeCompare(b.slug))
            .slice(0, R.reasonsShown)
            .map((x) => x.slug),
          same_category: sameCategory,
          named: e.named,
          cheaper: mine !== undefined && theirs !== undefined && theirs < mine,
          open_source: isOpenSource(alt) && !isOpenSource(source),
          shared_tags: [...e.tags]
            .sort((a, b) => b.w - a.w || a.tag.localeCompare(b.tag))
            .slice(0, R.reasonsShown)
            .map((x) => x.tag),
        },
      });
    });
  }
  return out;
}

/** Computes and stores the alternatives of `sources` (all active tools when omitted), replacing theirs. */
export async function refreshAlternatives(db: Db, now: Date, sources?: readonly string[]): Promise<number> {
  const rows = await computeAlternatives(db, sources);
  await transaction(db, async (tx) => {
    if (sources) {
      await tx.execute(
        sql`DELETE FROM tool_alternatives WHERE tool_id IN (SELECT x::uuid FROM jsonb_array_elements_text(${JSON.stringify(sources)}::jsonb) AS x)`,
      );
    } else {
      await tx.execute(sql`DELETE FROM tool_alternatives`);
    }
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500).map((r) => ({
        tool_id: r.toolId,
        alternative_id: r.alternativeId,
        rank: r.rank,
        score: r.score,
        reasons: r.reasons,
      }));
      await tx.execute(
        sql`INSERT INTO tool_alternatives (tool_id, alternative_id, rank, score, reasons, computed_at)
            SELECT r.tool_id, r.alternative_id, r.rank, r.score, r.reasons, ${now.toISOString()}::timestamptz
            FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
              AS r(tool_id uuid, alternative_id uuid, rank int, score real, reasons jsonb)`,
      );
    }
  });
  return rows.length;
}
