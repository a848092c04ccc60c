import { z } from "zod";
import type { Clock } from "../../platform/clock.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

/** The Analytics tab: daily series and top lists over a chosen period (UTC days). */
export const PERIODS = [7, 30, 90] as const;
export const MAX_RANGE_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DAY, "Dates must look like 2026-01-31")
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: "That date does not exist",
    },
  );

export const AnalyticsQuery = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((v) => (PERIODS as readonly number[]).includes(v), { message: "days must be 7, 30 or 90" })
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((v) => (v.from === undefined) === (v.to === undefined), {
    message: "Give both a start and an end date",
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "The start date must be before the end date" })
  .refine((v) => !v.from || !v.to || (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: `A period can be at most ${MAX_RANGE_DAYS} days`,
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

export type Period = { from: string; to: string; days: number };

export function resolvePeriod(query: AnalyticsQuery, clock: Clock): Period {
  if (query.from && query.to) {
    return { from: query.from, to: query.to, days: (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1 };
  }
  const days = query.days ?? 30;
  const to = clock.now().toISOString().slice(0, 10);
  const from = new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to, days };
}

export type DailyPoint = { day: string; views: number; clicks: number; signups: number; searchMisses: number };
export type Analytics = {
  period: Period;
  daily: DailyPoint[];
  totals: { views: number; clicks: number; signups: number; searchMisses: number };
  /** searches that found nothing: what people looked for and we do not list */
  missedSearches: { query: string; count: number; lastAt: string }[];
  topTools: { id: string; name: string; slug: string; views: number; clicks: number }[];
};

const DailyRow = z.object({
  day: z.string(),
  views: z.number(),
  clicks: z.number(),
  signups: z.number(),
  misses: z.number(),
});
const MissedRow = z.object({ query: z.string(), count: z.number(), last_at: z.string() });
const TopToolRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  views: z.number(),
  clicks: z.number(),
});

export async function analytics(db: Db, period: Period, top = 20): Promise<Analytics> {
  const { from, to } = period;
  const daily = await queryRows(
    db,
    sql`WITH days AS (SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d)
        SELECT days.day::text AS day,
          COALESCE((SELECT sum(count) FROM tool_view_days v WHERE v.day = days.day), 0)::int AS views,
          (SELECT count(*) FROM tool_events e WHERE e.kind = 'click'
             AND e.created_at >= days.day AND e.created_at < days.day + 1)::int AS clicks,
          (SELECT count(*) FROM users u WHERE u.created_at >= days.day AND u.created_at < days.day + 1)::int AS signups,
          COALESCE((SELECT sum(count) FROM search_misses m WHERE m.day = days.day), 0)::int AS misses
        FROM days ORDER BY days.day`,
    DailyRow,
  );
  const missed = await queryRows(
    db,
    sql`SELECT query, sum(count)::int AS count, max(last_at) AS last_at FROM search_misses
        WHERE day BETWEEN ${from}::date AND ${to}::date
        GROUP BY query ORDER BY count DESC, query LIMIT ${top * 2}`,
    MissedRow,
  );
  const topTools = await queryRows(
    db,
    sql`WITH v AS (SELECT tool_id, sum(count)::int AS views FROM tool_view_days
                   WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY tool_id),
             c AS (SELECT tool_id, count(*)::int AS clicks FROM tool_events
                   WHERE kind = 'click' AND created_at >= ${from}::date AND created_at < ${to}::date + 1 GROUP BY tool_id)
        SELECT t.id, t.name, t.slug, COALESCE(v.views, 0) AS views, COALESCE(c.clicks, 0) AS clicks
        FROM v FULL JOIN c ON c.tool_id = v.tool_id JOIN tools t ON t.id = COALESCE(v.tool_id, c.tool_id)
        ORDER BY COALESCE(v.views, 0) + COALESCE(c.clicks, 0) DESC, t.name LIMIT ${top}`,
    TopToolRow,
  );
  const points = daily.map((d) => ({
    day: d.day,
    views: d.views,
    clicks: d.clicks,
    signups: d.signups,
    searchMisses: d.misses,
  }));
  const sum = (k: keyof Omit<DailyPoint, "day">) => points.reduce((a, p) => a + p[k], 0);
  return {
    period,
    daily: points,
    totals: { views: sum("views"), clicks: sum("clicks"), signups: sum("signups"), searchMisses: sum("searchMisses") },
    missedSearches: missed.map((m) => ({ query: m.query, count: m.count, lastAt: new Date(m.last_at).toISOString() })),
    topTools,
  };
}
