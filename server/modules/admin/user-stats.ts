import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Clock } from "../../platform/clock.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { dailyToolViews, users } from "../accounts/tables.ts";
import { toolSubmissions } from "../submissions/tables.ts";

/**
 * GET /api/admin/users/{id}/stats (spec: consecutiveDays, correctionsSubmitted, verifiedCorrections)
 * plus what we know of the member (corrections: the community module's table).
 */
export type UserStats = {
  consecutiveDays: number;
  correctionsSubmitted: number;
  verifiedCorrections: number;
  savedSearches: number;
  savedTools: number;
  favorites: number;
  /** distinct tools opened today (daily views are kept for today and yesterday only) */
  toolViewsToday: number;
  submissions: number;
  feedbackSent: number;
};

/** Days in a row, ending today or yesterday, on which the member opened a tool (UTC). */
export function consecutiveDays(days: string[], today: string): number {
  const set = new Set(days);
  let cursor = Date.parse(today);
  if (!set.has(today)) cursor -= 86_400_000;
  let n = 0;
  while (set.has(new Date(cursor).toISOString().slice(0, 10))) {
    n++;
    cursor -= 86_400_000;
  }
  return n;
}

const CountsRow = z.object({
  searches: z.number(),
  saved: z.number(),
  favorites: z.number(),
  views: z.number(),
  feedback: z.number(),
  corrections: z.number(),
  verified: z.number(),
});

export async function userStats(db: Db, clock: Clock, userId: string): Promise<UserStats | null> {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) return null;
  const today = clock.now().toISOString().slice(0, 10);
  const subject = `user:${userId}`;
  const [r] = await queryRows(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM saved_searches WHERE user_id = ${userId}) AS searches,
          (SELECT count(*)::int FROM saved_tools WHERE user_id = ${userId} AND kind = 'saved') AS saved,
          (SELECT count(*)::int FROM saved_tools WHERE user_id = ${userId} AND kind = 'favorite') AS favorites,
          (SELECT count(*)::int FROM daily_tool_views WHERE subject = ${subject} AND day = ${today}::date) AS views,
          (SELECT count(*)::int FROM feedback WHERE user_id = ${userId}) AS feedback,
          (SELECT count(*)::int FROM corrections WHERE user_id = ${userId}) AS corrections,
          (SELECT count(*)::int FROM corrections WHERE user_id = ${userId} AND status = 'verified') AS verified`,
    CountsRow,
  );
  const days = await db
    .selectDistinct({ day: dailyToolViews.day })
    .from(dailyToolViews)
    .where(eq(dailyToolViews.subject, subject))
    .orderBy(desc(dailyToolViews.day))
    .limit(400);
  let submissions = 0;
  {
    const [s] = await db.select({ n: count() }).from(toolSubmissions).where(eq(toolSubmissions.userId, userId));
    submissions = s?.n ?? 0;
  }
  return {
    consecutiveDays: consecutiveDays(
      days.map((d) => d.day),
      today,
    ),
    correctionsSubmitted: r?.corrections ?? 0,
    verifiedCorrections: r?.verified ?? 0,
    savedSearches: r?.searches ?? 0,
    savedTools: r?.saved ?? 0,
    favorites: r?.favorites ?? 0,
    toolViewsToday: r?.views ?? 0,
    submissions,
    feedbackSent: r?.feedback ?? 0,
  };
}
