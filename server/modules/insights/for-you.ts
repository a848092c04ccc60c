import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { requireEntitlement, type Viewer } from "../accounts/index.ts";
import { nearestTools, PRICING_LABELS, planSummary, planSummaryLabel } from "../catalog/index.ts";
import { categories, tools } from "../catalog/tables.ts";
import { tasks, taskTools } from "../catalog/task-tables.ts";
import { memberSignals, type Signal } from "./signals.ts";

/**
 * "For you" (the `basic_ai_recommendations` entitlement, issue 34 item 4, ADR 0080): the published tools
 * nearest the weighted centre of the member's own signals in the hybrid search's vector space (the
 * stored tool vectors; no model runs), without the tools they already saved or listed. Each one says
 * why: the signal it is nearest to, and the task both do when the tasks data says so.
 */
export const RECOMMENDATIONS_FEATURE = "basic_ai_recommendations";
export const FOR_YOU_LIMIT = 12;
const CANDIDATES = 80;
/** the strongest signals whose own neighbours join the candidates, and how many of each */
const PER_SIGNAL_SOURCES = 8;
const PER_SIGNAL = 12;

export type RecommendedTool = {
  slug: string;
  name: string;
  description: string;
  category: string | null;
  pricing: string;
  plans: string | null;
  because: string;
  /** cosine to the member's centre, 0..1 */
  fit: number;
};
export type ForYou = { signals: Record<Signal["kind"], number>; tools: RecommendedTool[] };

export async function toolVectors(db: Db, ids: readonly string[]): Promise<Map<string, Float32Array>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tools.id, v: tools.embedding })
    .from(tools)
    .where(and(isNotNull(tools.embedding), inArray(tools.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, Float32Array.from(r.v ?? [])]));
}

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length && i < b.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
};

/** The weighted mean of the signals' vectors, unit length; null when no signal has a vector. */
export function centroid(signals: readonly { toolId: string; weight: number }[], vectors: Map<string, Float32Array>) {
  let sum: Float32Array | null = null;
  for (const s of signals) {
    const v = vectors.get(s.toolId);
    if (!v) continue;
    sum ??= new Float32Array(v.length);
    if (v.length !== sum.length) continue;
    for (let i = 0; i < v.length; i++) sum[i] = (sum[i] as number) + (v[i] as number) * s.weight;
  }
  if (!sum) return null;
  const norm = Math.sqrt(dot(sum, sum)) || 1;
  return sum.map((x) => x / norm);
}

/**
 * The tools nearest a member's signals, each with its reason. `exclude` adds ids to leave out beside
 * the member's saved and listed tools (the weekly mail leaves out what it sent before).
 */
export async function recommendFromSignals(
  db: Db,
  signals: Signal[],
  options: { limit?: number; onlyIds?: (ids: string[]) => Promise<Set<string>> } = {},
): Promise<RecommendedTool[]> {
  if (!signals.length) return [];
  const vectors = await toolVectors(
    db,
    signals.map((s) => s.toolId),
  );
  const centre = centroid(signals, vectors);
  if (!centre) return [];
  const owned = new Set(signals.filter((s) => s.kind === "saved" || s.kind === "list").map((s) => s.toolId));
  // The centre's neighbours, and a few of each strongest signal's own: a member with two interests
  // (images and audio) has a centre between them, near neither; each interest keeps its candidates.
  const pool = new Set<string>();
  for (const n of await nearestTools(db, centre, CANDIDATES)) pool.add(n.id);
  // One source per reason (a saved search's best tool stands for it), the heaviest first.
  const strongest = [...new Map([...signals].reverse().map((s) => [s.because, s])).values()]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, PER_SIGNAL_SOURCES);
  for (const s of strongest) {
    const v = vectors.get(s.toolId);
    if (!v) continue;
    for (const n of await nearestTools(db, v, PER_SIGNAL)) pool.add(n.id);
  }
  let candidates = [...pool].filter((id) => !owned.has(id));
  if (options.onlyIds) {
    const keep = await options.onlyIds(candidates);
    candidates = candidates.filter((id) => keep.has(id));
  }
  if (!candidates.length) return [];
  const poolVectors = await toolVectors(db, candidates);
  // Each candidate's reason: the signal nearest it. Ranked by fit, then taken one reason at a time,
  // so every interest the member shows is answered near the top.
  const scored = candidates.flatMap((id) => {
    const v = poolVectors.get(id);
    if (!v) return [];
    let best: { signal: Signal; score: number } | null = null;
    for (const s of signals) {
      const sv = vectors.get(s.toolId);
      if (!sv || s.toolId === id) continue;
      const score = dot(v, sv) * (1 + s.weight / 10);
      if (!best || score > best.score) best = { signal: s, score };
    }
    const fit = dot(v, centre);
    return [{ id, best, fit, rank: 0.5 * fit + 0.5 * (best ? best.score : 0) }];
  });
  scored.sort((a, b) => b.rank - a.rank);
  const byReason = new Map<string, typeof scored>();
  for (const c of scored) {
    const key = c.best?.signal.because ?? "";
    byReason.set(key, [...(byReason.get(key) ?? []), c]);
  }
  const ordered: typeof scored = [];
  const queues = [...byReason.values()];
  while (ordered.length < scored.length && queues.some((q) => q.length)) {
    for (const q of queues) {
      const next = q.shift();
      if (next) ordered.push(next);
    }
  }
  const near = ordered
    .slice(0, options.limit ?? FOR_YOU_LIMIT)
    .map((c) => ({ id: c.id, similarity: c.fit, best: c.best }));
  const ids = near.map((n) => n.id);
  const [rows, taskRows] = await Promise.all([
    db
      .select({
        id: tools.id,
        slug: tools.slug,
        name: tools.name,
        description: tools.description,
        category: categories.name,
        pricing_model: tools.pricingModel,
        plans: tools.plans,
      })
      .from(tools)
      .leftJoin(categories, eq(categories.id, tools.categoryId))
      .where(inArray(tools.id, ids)),
    db
      .select({ tool_id: taskTools.toolId, name: tasks.name })
      .from(taskTools)
      .innerJoin(tasks, eq(tasks.slug, taskTools.taskSlug))
      .where(
        and(
          ne(taskTools.status, "rejected"),
          inArray(taskTools.toolId, [...new Set([...ids, ...signals.map((s) => s.toolId)])]),
        ),
      ),
  ]);
  const tasksOf = new Map<string, Set<string>>();
  for (const t of taskRows) tasksOf.set(t.tool_id, (tasksOf.get(t.tool_id) ?? new Set()).add(t.name));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: RecommendedTool[] = [];
  for (const n of near) {
    const row = byId.get(n.id);
    if (!row) continue;
    const best = n.best;
    const shared = best
      ? [...(tasksOf.get(n.id) ?? [])].filter((name) =>
          tasksOf.get((best as { signal: Signal }).signal.toolId)?.has(name),
        )
      : [];
    const because = best
      ? `${best.signal.because}${shared.length ? ` (both: ${shared.slice(0, 2).join(", ")})` : ""}`
      : "Near what you save and view";
    out.push({
      slug: row.slug,
      name: row.name,
      description: row.description.length > 180 ? `${row.description.slice(0, 177)}…` : row.description,
      category: row.category,
      pricing: PRICING_LABELS[row.pricing_model],
      plans: planSummaryLabel(planSummary(row.plans)),
      because,
      fit: Math.round(n.similarity * 100) / 100,
    });
  }
  return out;
}

/** The member's "For you" page (Standard and Expert; 401/403 otherwise). */
export async function forYou(db: Db, viewer: Viewer | null, now: Date): Promise<ForYou> {
  const v = requireEntitlement(viewer, RECOMMENDATIONS_FEATURE);
  const signals = await memberSignals(db, v.user.id, now);
  const counts = { saved: 0, list: 0, viewed: 0, search: 0 };
  const seen = new Set<string>();
  for (const s of signals) {
    // a saved search counts once, however many tools stand for it
    if (s.kind === "search" && seen.has(s.because)) continue;
    seen.add(s.because);
    counts[s.kind]++;
  }
  return { signals: counts, tools: await recommendFromSignals(db, signals) };
}
