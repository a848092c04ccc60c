import { and, count, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { requireEntitlement, type Viewer } from "../accounts/index.ts";
import { savedTools } from "../accounts/tables.ts";
import { isLaterChange, type Plan, planSummary } from "../catalog/index.ts";
import { tools as toolsTable } from "../catalog/tables.ts";
import { tasks as tasksTable, taskTools } from "../catalog/task-tables.ts";
import { entryMonthlyUsd } from "./stack.ts";

/**
 * Expert's advanced analytics (`advanced_analytics`, issue 34 item 9, ADR 0080): trends a buyer can
 * use, all aggregate. Rising tools and tasks compare the last 14 days' activity (tool page views, saves
 * by distinct members, outbound clicks) with the 14 before; price movements count each category's plan
 * changes in the facts history by the direction of the entry price; "members like you" counts what the
 * members who share a save with the viewer also saved, shown only when at least MIN_GROUP of them do,
 * and only tools at least two of them saved — no one member's saves can be read from it.
 */
export const ANALYTICS_FEATURE = "advanced_analytics";

import { MIN_GROUP } from "./shared.ts";

export { MIN_GROUP };

const MIN_TOOL_SAVERS = 2;
const WINDOW_DAYS = 14;
const PRICE_DAYS = 365;
const DAY_MS = 86_400_000;

export type Rising = { slug: string; name: string; before: number; recent: number };
export type PriceMovement = { category: string; slug: string; up: number; down: number; other: number };
export type MembersLikeYou =
  | { shown: false; group: number; reason: "no-saves" | "too-few" }
  | { shown: true; group: number; tools: { slug: string; name: string; members: number }[] };
export type Trends = {
  windowDays: number;
  priceDays: number;
  since: string;
  risingTools: Rising[];
  risingTasks: Rising[];
  prices: PriceMovement[];
  membersLikeYou: MembersLikeYou;
};

const ActivityRow = z.object({ tool_id: z.string(), recent: z.number(), before: z.number() });
const PlanChangeRow = z.object({
  category: z.string(),
  slug: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
});
const GroupRow = z.object({ n: z.number() });
const SavedRow = z.object({ slug: z.string(), name: z.string(), members: z.number() });

/** Activity per tool in the two windows (every count is a sum over many visitors or members). */
async function activity(db: Db, now: Date): Promise<z.infer<typeof ActivityRow>[]> {
  const today = now.toISOString().slice(0, 10);
  const mid = new Date(now.getTime() - WINDOW_DAYS * DAY_MS).toISOString();
  const start = new Date(now.getTime() - 2 * WINDOW_DAYS * DAY_MS).toISOString();
  const end = now.toISOString();
  return queryRows(
    db,
    sql`SELECT a.tool_id::text AS tool_id, COALESCE(sum(a.recent), 0)::int AS recent, COALESCE(sum(a.before), 0)::int AS before FROM (
          SELECT tool_id, sum(count) FILTER (WHERE day > ${today}::date - ${WINDOW_DAYS}::int) AS recent,
                 sum(count) FILTER (WHERE day <= ${today}::date - ${WINDOW_DAYS}::int) AS before
            FROM tool_view_days WHERE day > ${today}::date - ${2 * WINDOW_DAYS}::int AND day <= ${today}::date GROUP BY tool_id
          UNION ALL
          SELECT tool_id, count(*) FILTER (WHERE created_at >= ${mid}::timestamptz),
                 count(*) FILTER (WHERE created_at < ${mid}::timestamptz)
            FROM tool_events WHERE kind = 'click' AND created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz
            GROUP BY tool_id
          UNION ALL
          SELECT tool_id, count(DISTINCT user_id) FILTER (WHERE created_at >= ${mid}::timestamptz),
                 count(DISTINCT user_id) FILTER (WHERE created_at < ${mid}::timestamptz)
            FROM saved_tools WHERE created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz GROUP BY tool_id
        ) a JOIN tools t ON t.id = a.tool_id AND t.status = 'active'
        GROUP BY a.tool_id`,
    ActivityRow,
  );
}

const rising = (rows: Rising[], limit: number) =>
  rows
    .filter((r) => r.recent > r.before)
    .sort((a, b) => b.recent - b.before - (a.recent - a.before) || b.recent - a.recent || a.name.localeCompare(b.name))
    .slice(0, limit);

/** The cheapest stated entry price in USD a month; null when not comparable. */
const entry = (plans: unknown) => (Array.isArray(plans) ? entryMonthlyUsd(planSummary(plans as Plan[])) : null);

async function priceMovements(db: Db, now: Date): Promise<PriceMovement[]> {
  const since = new Date(now.getTime() - PRICE_DAYS * DAY_MS).toISOString();
  const rows = await queryRows(
    db,
    sql`SELECT c.name AS category, c.slug, h.old_value, h.new_value
          FROM tool_fact_history h JOIN tools t ON t.id = h.tool_id JOIN categories c ON c.id = t.category_id
         WHERE h.field IN ('plans', 'pricing', 'pricing_model') AND h.created_at >= ${since}::timestamptz
           AND ${isLaterChange("h")}`,
    PlanChangeRow,
  );
  const by = new Map<string, PriceMovement>();
  for (const r of rows) {
    const m = by.get(r.slug) ?? { category: r.category, slug: r.slug, up: 0, down: 0, other: 0 };
    const [before, after] = [entry(r.old_value), entry(r.new_value)];
    if (before !== null && after !== null && after > before) m.up++;
    else if (before !== null && after !== null && after < before) m.down++;
    else m.other++;
    by.set(r.slug, m);
  }
  return [...by.values()]
    .sort((a, b) => b.up + b.down + b.other - (a.up + a.down + a.other) || a.category.localeCompare(b.category))
    .slice(0, 12);
}

async function membersLikeYou(db: Db, userId: string): Promise<MembersLikeYou> {
  // Members who saved at least one tool the viewer saved (the viewer left out).
  const similar = sql`SELECT DISTINCT o.user_id FROM saved_tools o
      WHERE o.user_id <> ${userId} AND o.tool_id IN (SELECT tool_id FROM saved_tools WHERE user_id = ${userId})`;
  const [mine] = await db.select({ n: count() }).from(savedTools).where(eq(savedTools.userId, userId));
  if (!mine?.n) return { shown: false, group: 0, reason: "no-saves" };
  const [group] = await queryRows(db, sql`SELECT count(*)::int AS n FROM (${similar}) g`, GroupRow);
  const n = group?.n ?? 0;
  if (n < MIN_GROUP) return { shown: false, group: n, reason: "too-few" };
  const tools = await queryRows(
    db,
    sql`SELECT t.slug, t.name, count(DISTINCT s.user_id)::int AS members
          FROM saved_tools s JOIN tools t ON t.id = s.tool_id AND t.status = 'active'
         WHERE s.user_id IN (${similar})
           AND s.tool_id NOT IN (SELECT tool_id FROM saved_tools WHERE user_id = ${userId})
         GROUP BY t.slug, t.name HAVING count(DISTINCT s.user_id) >= ${MIN_TOOL_SAVERS}
         ORDER BY members DESC, t.name LIMIT 10`,
    SavedRow,
  );
  return { shown: true, group: n, tools };
}

export async function buildTrends(db: Db, viewer: Viewer | null, now: Date): Promise<Trends> {
  const v = requireEntitlement(viewer, ANALYTICS_FEATURE);
  const [acts, prices, likeYou] = await Promise.all([
    activity(db, now),
    priceMovements(db, now),
    membersLikeYou(db, v.user.id),
  ]);
  const toolIds = acts.map((a) => a.tool_id);
  const [names, tasks] = toolIds.length
    ? await Promise.all([
        db
          .select({ id: toolsTable.id, slug: toolsTable.slug, name: toolsTable.name })
          .from(toolsTable)
          .where(inArray(toolsTable.id, toolIds)),
        db
          .select({ tool_id: taskTools.toolId, slug: tasksTable.slug, name: tasksTable.name })
          .from(taskTools)
          .innerJoin(tasksTable, eq(tasksTable.slug, taskTools.taskSlug))
          .where(and(ne(taskTools.status, "rejected"), inArray(taskTools.toolId, toolIds))),
      ])
    : [[], []];
  const nameOf = new Map(names.map((n) => [n.id, n]));
  const actOf = new Map(acts.map((a) => [a.tool_id, a]));
  const toolRows: Rising[] = acts.flatMap((a) => {
    const n = nameOf.get(a.tool_id);
    return n ? [{ slug: n.slug, name: n.name, before: a.before, recent: a.recent }] : [];
  });
  const taskTotals = new Map<string, Rising>();
  for (const t of tasks) {
    const a = actOf.get(t.tool_id);
    if (!a) continue;
    const row = taskTotals.get(t.slug) ?? { slug: t.slug, name: t.name, before: 0, recent: 0 };
    row.before += a.before;
    row.recent += a.recent;
    taskTotals.set(t.slug, row);
  }
  return {
    windowDays: WINDOW_DAYS,
    priceDays: PRICE_DAYS,
    since: new Date(now.getTime() - 2 * WINDOW_DAYS * DAY_MS).toISOString(),
    risingTools: rising(toolRows, 10),
    risingTasks: rising([...taskTotals.values()], 8),
    prices,
    membersLikeYou: likeYou,
  };
}
