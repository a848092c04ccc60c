import { and, asc, eq, inArray, max } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { queryRows, type RowSchema, sql, transaction } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Logger } from "../../platform/logger.ts";
import { passesAccountGate } from "../catalog/index.ts";
import { tools } from "../catalog/tables.ts";
import { reviewCountsBetween } from "./review-stats.ts";
import { trendingTools } from "./tables.ts";

/**
 * Trending (issue 11 item 7): a tool trends when people's interest this week (the last 7 days)
 * clearly rose against the 7 days before. An hourly job computes the ranking and replaces the
 * `trending_tools` table in one transaction; pages and the API only read that table.
 *
 * Signals and why the constants are what they are:
 * - saves: members who saved the tool (one per member), reviews: published reviews (one per member),
 *   clicks: outbound clicks (one per visitor per 10 minutes, see catalog/clicks.ts). These are
 *   counted once per person, so a tool trends only when one of them qualifies.
 * - views: tool page loads per day; one visitor can reload, so views add to the score and may be
 *   the reason shown, but never make a tool trend on their own.
 * A signal qualifies when this week reaches its minimum volume AND it rose by at least
 * MIN_RISE (this ≥ last × 1.5), or it is new (last week 0). The minimums are set so a single
 * person cannot reach one: 3 different members saving, 3 reviewing, 10 visits to the site.
 */
export type TrendingReason = "saves" | "views" | "clicks" | "reviews";

export type TrendingEntry = {
  toolId: string;
  slug: string;
  name: string;
  /** the strongest signal: 'saves' | 'views' | 'clicks' | 'reviews' */
  reason: TrendingReason;
  /** in words, e.g. 'Saves up 240 % this week' */
  context: string;
  score: number;
};

export const TRENDING_RULES = {
  /** minimum count this week for a signal to count at all */
  minThisWeek: { saves: 3, reviews: 3, clicks: 10, views: 50 } satisfies Record<TrendingReason, number>,
  /** this week must be at least this multiple of last week (a 50 % rise) */
  minRise: 1.5,
  /** how much one unit of rise weighs against the others: a save says more than a page view */
  weight: { reviews: 4, saves: 3, clicks: 2, views: 1 } satisfies Record<TrendingReason, number>,
  /** signals that are counted once per person (a tool needs one of these to trend) */
  perPerson: ["saves", "reviews", "clicks"] as TrendingReason[],
  maxTools: 50,
  windowDays: 7,
  everyMs: 3_600_000,
} as const;

export const TRENDING_JOB = "community.trending.recompute";

export type WeekCounts = { thisWeek: number; lastWeek: number };
export type Signals = Record<TrendingReason, WeekCounts>;

const NOUN: Record<TrendingReason, [string, string]> = {
  saves: ["save", "saves"],
  reviews: ["review", "reviews"],
  clicks: ["visit to its site", "visits to its site"],
  views: ["page view", "page views"],
};
const LABEL: Record<TrendingReason, string> = {
  saves: "Saves",
  reviews: "Reviews",
  clicks: "Visits to its site",
  views: "Page views",
};

/** Whether one signal qualifies (minimum volume and a real rise, or new this week). */
export function qualifies(reason: TrendingReason, c: WeekCounts): boolean {
  if (c.thisWeek < TRENDING_RULES.minThisWeek[reason]) return false;
  return c.lastWeek === 0 || c.thisWeek >= c.lastWeek * TRENDING_RULES.minRise;
}

/** A signal's score: its rise, damped by the base (a small base cannot explode), times its weight. */
export function signalScore(reason: TrendingReason, c: WeekCounts): number {
  const rise = c.thisWeek - c.lastWeek;
  return (TRENDING_RULES.weight[reason] * rise) / (c.lastWeek + TRENDING_RULES.minThisWeek[reason]);
}

/** 'Saves up 240 % this week', or 'New: 12 saves this week' when last week had none. */
export function describeSignal(reason: TrendingReason, c: WeekCounts): string {
  if (c.lastWeek === 0) {
    const [one, many] = NOUN[reason];
    return `New: ${c.thisWeek.toLocaleString("en-US")} ${c.thisWeek === 1 ? one : many} this week`;
  }
  const pct = Math.round(((c.thisWeek - c.lastWeek) / c.lastWeek) * 100);
  return `${LABEL[reason]} up ${pct.toLocaleString("en-US")} % this week`;
}

/** The verdict for one tool: null when it does not trend, else the score and the strongest reason. */
export function judge(signals: Signals): { score: number; reason: TrendingReason; context: string } | null {
  const reasons = (Object.keys(signals) as TrendingReason[]).filter((r) => qualifies(r, signals[r]));
  if (!reasons.some((r) => TRENDING_RULES.perPerson.includes(r))) return null;
  let best: TrendingReason = reasons[0] as TrendingReason;
  let score = 0;
  for (const r of reasons) {
    const s = signalScore(r, signals[r]);
    score += s;
    if (s > signalScore(best, signals[best])) best = r;
  }
  return { score: Math.round(score * 1000) / 1000, reason: best, context: describeSignal(best, signals[best]) };
}

const DAY_MS = 86_400_000;

// Row schemas (issue 19): what the driver gives.
const ReasonSchema = z.enum(["saves", "views", "clicks", "reviews"]);
type SignalRow = { tool_id: string; signal: TrendingReason; this_week: number | null; last_week: number | null };
const SignalRow: RowSchema<SignalRow> = z.object({
  tool_id: z.string(),
  signal: ReasonSchema,
  // sum() over no rows of the filter is NULL
  this_week: z.number().nullable(),
  last_week: z.number().nullable(),
});

/** Counts per tool for the four signals over [now-14d, now-7d) and [now-7d, now). */
export async function collectSignals(db: Db, now: Date): Promise<Map<string, Signals>> {
  const mid = new Date(now.getTime() - TRENDING_RULES.windowDays * DAY_MS);
  const start = new Date(now.getTime() - 2 * TRENDING_RULES.windowDays * DAY_MS);
  const [n, m, s] = [now.toISOString(), mid.toISOString(), start.toISOString()];
  // Views are kept per UTC day: this week is the 7 days up to today, last week the 7 before.
  const today = n.slice(0, 10);
  const rows = await queryRows(
    db,
    sql`SELECT tool_id, 'views' AS signal,
               sum(count) FILTER (WHERE day > ${today}::date - 7)::int AS this_week,
               sum(count) FILTER (WHERE day <= ${today}::date - 7)::int AS last_week
          FROM tool_view_days WHERE day > ${today}::date - 14 AND day <= ${today}::date GROUP BY tool_id
        UNION ALL
        SELECT tool_id, 'clicks',
               count(*) FILTER (WHERE created_at >= ${m}::timestamptz)::int,
               count(*) FILTER (WHERE created_at < ${m}::timestamptz)::int
          FROM tool_events WHERE kind = 'click' AND created_at >= ${s}::timestamptz AND created_at < ${n}::timestamptz
          GROUP BY tool_id
        UNION ALL
        SELECT tool_id, 'saves',
               count(DISTINCT user_id) FILTER (WHERE created_at >= ${m}::timestamptz)::int,
               count(DISTINCT user_id) FILTER (WHERE created_at < ${m}::timestamptz)::int
          FROM saved_tools st WHERE created_at >= ${s}::timestamptz AND created_at < ${n}::timestamptz
            AND EXISTS (SELECT 1 FROM users su WHERE su.id = st.user_id
                          AND ${passesAccountGate("su", sql`${n}::timestamptz`)})
          GROUP BY tool_id`,
    SignalRow,
  );
  const empty = (): Signals => ({
    saves: { thisWeek: 0, lastWeek: 0 },
    reviews: { thisWeek: 0, lastWeek: 0 },
    clicks: { thisWeek: 0, lastWeek: 0 },
    views: { thisWeek: 0, lastWeek: 0 },
  });
  const out = new Map<string, Signals>();
  const at = (toolId: string) => {
    let signals = out.get(toolId);
    if (!signals) {
      signals = empty();
      out.set(toolId, signals);
    }
    return signals;
  };
  for (const r of rows) at(r.tool_id)[r.signal] = { thisWeek: r.this_week ?? 0, lastWeek: r.last_week ?? 0 };
  const [thisWeek, lastWeek] = await Promise.all([
    reviewCountsBetween(db, mid, now),
    reviewCountsBetween(db, start, mid),
  ]);
  for (const [toolId, count] of thisWeek) at(toolId).reviews.thisWeek = count;
  for (const [toolId, count] of lastWeek) at(toolId).reviews.lastWeek = count;
  return out;
}

/**
 * Computes the ranking at `now` and replaces the stored one atomically: readers see the previous
 * run or this one, never a half-written table. Only active tools trend.
 */
export async function recomputeTrending(db: Db, now: Date): Promise<number> {
  const signals = await collectSignals(db, now);
  const active = new Set(
    signals.size
      ? (
          await db
            .select({ id: tools.id })
            .from(tools)
            .where(and(eq(tools.status, "active"), inArray(tools.id, [...signals.keys()])))
        ).map((r) => r.id)
      : [],
  );
  const ranked = [...signals.entries()]
    .filter(([toolId]) => active.has(toolId))
    .map(([toolId, s]) => ({ toolId, signals: s, verdict: judge(s) }))
    .filter((e): e is typeof e & { verdict: NonNullable<typeof e.verdict> } => e.verdict !== null)
    .sort((a, b) => b.verdict.score - a.verdict.score || a.toolId.localeCompare(b.toolId))
    .slice(0, TRENDING_RULES.maxTools);
  // Nothing trended and nothing trends: leave the table (and the page cache's version) alone.
  const [stored] = await db.select({ n: sql<number>`count(*)::int` }).from(trendingTools);
  if (!ranked.length && !stored?.n) return 0;
  await transaction(db, async (tx) => {
    await tx.delete(trendingTools);
    for (const [index, e] of ranked.entries()) {
      await tx.insert(trendingTools).values({
        toolId: e.toolId,
        rank: index + 1,
        reason: e.verdict.reason,
        context: e.verdict.context,
        score: e.verdict.score,
        signals: e.signals,
        computedAt: now,
      });
    }
  });
  return ranked.length;
}

/** The stored ranking (the last run), best first; tools archived since then drop out. */
export async function listTrending(db: Db, limit = 20): Promise<TrendingEntry[]> {
  const tt = trendingTools;
  const rows = await db
    .select({
      tool_id: tt.toolId,
      slug: tools.slug,
      name: tools.name,
      reason: tt.reason,
      context: tt.context,
      score: tt.score,
    })
    .from(tt)
    .innerJoin(tools, eq(tools.id, tt.toolId))
    .where(eq(tools.status, "active"))
    .orderBy(asc(tt.rank))
    .limit(Math.max(1, Math.min(100, Math.trunc(limit) || 20)));
  return rows.map((r) => ({
    toolId: r.tool_id,
    slug: r.slug,
    name: r.name,
    // the job writes one of the four reasons (TrendingReason)
    reason: r.reason as TrendingReason,
    context: r.context,
    score: Number(r.score),
  }));
}

/** When the stored ranking was computed (null before the first run). */
export async function trendingComputedAt(db: Db): Promise<string | null> {
  const [row] = await db.select({ at: max(trendingTools.computedAt) }).from(trendingTools);
  return row?.at ? row.at.toISOString() : null;
}

/** Registers the hourly recompute (ADR 0009); tests call services.jobs.runDue() with a test clock. */
export function registerTrendingJobs(deps: { db: Db; jobs: Jobs; logger: Logger }): void {
  deps.jobs.register(TRENDING_JOB, async (_payload, ctx) => {
    const n = await recomputeTrending(deps.db, ctx.now);
    deps.logger.info("trending recomputed", { tools: n });
  });
  deps.jobs.every(TRENDING_JOB, TRENDING_RULES.everyMs);
}
