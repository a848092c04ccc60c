import { and, asc, desc, eq, isNull, lte } from "drizzle-orm";
import { z } from "zod";
import type { ActivityEvent, ActivityType } from "../../platform/activity.ts";
import type { Clock } from "../../platform/clock.ts";
import { utcDay } from "../../platform/clock.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { memberActiveDays, memberBadges, memberContributions } from "./tables.ts";

// Row schema (issue 19): what the driver gives.
const LeaderRow = z.object({
  user_id: z.string(),
  name: z.string(),
  points: z.number(),
  badges: z.number(),
  rank: z.number(),
});

/**
 * Badges and points from members' real activity (issue 11, spec §3 Achievement/Badge/Leaderboard,
 * §9 badge goals). Everything here is data: a badge is a metric and a goal; the listener of
 * services.activity records each contribution once (member_contributions' primary key) and awards
 * every badge whose goal the member has reached (member_badges' primary key: once per member).
 */

/** What a badge counts. `streak` is consecutive active UTC days; the rest count contributions of a kind. */
export type BadgeMetric =
  | "streak"
  | "corrections_verified"
  | "corrections_submitted"
  | "reviews"
  | "helpful_received"
  | "poll_votes"
  | "lists_published"
  | "feedback_verified";

export type BadgeDefinition = {
  id: string;
  name: string;
  icon: string;
  description: string;
  metric: BadgeMetric;
  goal: number;
};

export const BADGES: readonly BadgeDefinition[] = [
  { id: "pioneer", name: "Pioneer", icon: "🌱", description: "Active 3 days in a row", metric: "streak", goal: 3 },
  {
    id: "dedicated",
    name: "Dedicated",
    icon: "🔥",
    description: "Active 30 days in a row",
    metric: "streak",
    goal: 30,
  },
  {
    id: "detective",
    name: "Detective",
    icon: "🔍",
    description: "First correction verified by the team",
    metric: "corrections_verified",
    goal: 1,
  },
  {
    id: "validator",
    name: "Validator",
    icon: "✅",
    description: "5 corrections verified by the team",
    metric: "corrections_verified",
    goal: 5,
  },
  {
    id: "first-review",
    name: "First Review",
    icon: "✍️",
    description: "Wrote a first review",
    metric: "reviews",
    goal: 1,
  },
  {
    id: "helpful-reviewer",
    name: "Helpful Reviewer",
    icon: "👍",
    description: "Reviews marked helpful 10 times",
    metric: "helpful_received",
    goal: 10,
  },
  { id: "pollster", name: "Pollster", icon: "📊", description: "Voted in a first poll", metric: "poll_votes", goal: 1 },
  {
    id: "curator",
    name: "Curator",
    icon: "📚",
    description: "Published a first top list",
    metric: "lists_published",
    goal: 1,
  },
  {
    id: "feedback-hero",
    name: "Feedback Hero",
    icon: "💬",
    description: "Feedback verified by the team",
    metric: "feedback_verified",
    goal: 1,
  },
];

export function badgeById(id: string): BadgeDefinition | undefined {
  return BADGES.find((b) => b.id === id);
}

/** Points per contribution (the leaderboard's order). Saving a tool earns nothing: it is not a contribution to others. */
export const POINTS: Record<ActivityType, number> = {
  "review.created": 10,
  "review.deleted": 0,
  "review.helpful": 2,
  "correction.submitted": 2,
  "correction.verified": 20,
  "feedback.verified": 5,
  "poll.voted": 1,
  "list.published": 5,
  "tool.saved": 0,
  "member.active": 1,
};

/** The contribution kind each counted metric reads. */
const METRIC_KIND: Record<Exclude<BadgeMetric, "streak">, ActivityType> = {
  corrections_verified: "correction.verified",
  corrections_submitted: "correction.submitted",
  reviews: "review.created",
  helpful_received: "review.helpful",
  poll_votes: "poll.voted",
  lists_published: "list.published",
  feedback_verified: "feedback.verified",
};

/** The subject that makes an event unique per member (a second event for it changes nothing). */
function subjectOf(event: ActivityEvent): string {
  switch (event.type) {
    case "review.created":
    case "review.deleted":
      return event.reviewId;
    case "review.helpful":
      return `${event.reviewId}:${event.voterId}`;
    case "correction.submitted":
    case "correction.verified":
      return event.correctionId;
    case "feedback.verified":
      return event.feedbackId;
    case "poll.voted":
      return event.pollId;
    case "list.published":
      return event.listId;
    case "tool.saved":
      return event.toolId;
    case "member.active":
      return event.day;
  }
}

const DAY_MS = 86_400_000;

/** Consecutive active UTC days ending on `today` (or yesterday: today's visit may not have happened yet). */
export function streakFrom(days: string[], today: string): number {
  const set = new Set(days);
  let cursor = Date.parse(today);
  if (!set.has(today)) cursor -= DAY_MS;
  let n = 0;
  while (set.has(utcDay(new Date(cursor)))) {
    n++;
    cursor -= DAY_MS;
  }
  return n;
}

export async function currentStreak(db: Db, userId: string, now: Date): Promise<number> {
  const d = memberActiveDays;
  const rows = await db
    .select({ day: sql<string>`${d.day}::text` })
    .from(d)
    .where(and(eq(d.userId, userId), lte(d.day, utcDay(now))))
    .orderBy(desc(d.day))
    .limit(400);
  return streakFrom(
    rows.map((r) => r.day),
    utcDay(now),
  );
}

/** Every metric of one member (progress toward badges, admin stats). */
export async function memberMetrics(db: Db, userId: string, now: Date): Promise<Record<BadgeMetric, number>> {
  const c = memberContributions;
  const rows = await db
    .select({ kind: c.kind, n: sql<number>`count(*)::int` })
    .from(c)
    .where(eq(c.userId, userId))
    .groupBy(c.kind);
  const byKind = new Map(rows.map((r) => [r.kind, r.n]));
  const out = { streak: await currentStreak(db, userId, now) } as Record<BadgeMetric, number>;
  for (const [metric, kind] of Object.entries(METRIC_KIND)) out[metric as BadgeMetric] = byKind.get(kind) ?? 0;
  return out;
}

/**
 * The activity listener (registered in server.ts): records the contribution once, then awards the
 * badges whose metric this event moves. Runs inside the emitter's transaction.
 */
export async function onActivity(tx: Db, event: ActivityEvent, at: Date): Promise<void> {
  const subject = subjectOf(event);
  const c = memberContributions;
  if (event.type === "review.deleted") {
    // The review's points go with it; its badge stays (earned once, never taken back).
    await tx
      .delete(memberContributions)
      .where(and(eq(c.userId, event.userId), eq(c.kind, "review.created"), eq(c.subjectId, subject)));
    return;
  }
  await tx
    .insert(memberContributions)
    .values({ userId: event.userId, kind: event.type, subjectId: subject, points: POINTS[event.type], at })
    .onConflictDoNothing();
  const metric: BadgeMetric | null =
    event.type === "member.active"
      ? "streak"
      : ((Object.entries(METRIC_KIND).find(([, kind]) => kind === event.type)?.[0] as BadgeMetric | undefined) ?? null);
  if (!metric) return;
  const candidates = BADGES.filter((b) => b.metric === metric);
  if (!candidates.length) return;
  let value: number;
  if (metric === "streak") value = await currentStreak(tx, event.userId, at);
  else {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(c)
      .where(and(eq(c.userId, event.userId), eq(c.kind, METRIC_KIND[metric])));
    value = row?.n ?? 0;
  }
  for (const badge of candidates) {
    if (value < badge.goal) continue;
    await tx.insert(memberBadges).values({ userId: event.userId, badge: badge.id, earnedAt: at }).onConflictDoNothing();
  }
}

/* ---------------------------------------------------------------- daily activity (streaks) */

/** Members already counted today in this process: one cheap Set lookup per page after the first. */
const activeToday = new Map<string, string>();
const MAX_REMEMBERED = 50_000;

/**
 * Counts the signed-in member as active on today's UTC day (services.clock): at most one row per
 * member and day (the primary key decides across instances) and one `member.active` event with it.
 */
export async function touchMember(
  deps: { db: Db; clock: Clock; activity: { emit(tx: Db, e: ActivityEvent, at: Date): Promise<void> } },
  userId: string,
): Promise<void> {
  const now = deps.clock.now();
  const day = utcDay(now);
  const key = `${userId}`;
  if (activeToday.get(key) === day) return;
  await transaction(deps.db, async (tx) => {
    const inserted = await tx
      .insert(memberActiveDays)
      .values({ userId, day })
      .onConflictDoNothing()
      .returning({ day: memberActiveDays.day });
    if (inserted.length) await deps.activity.emit(tx, { type: "member.active", userId, day }, now);
  });
  if (activeToday.size >= MAX_REMEMBERED) activeToday.clear();
  activeToday.set(key, day);
}

/** Badges earned but not yet announced; marks them seen (the toast shows each once). */
export async function takeUnseenBadges(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(memberBadges)
    .set({ seenAt: now })
    .where(and(eq(memberBadges.userId, userId), isNull(memberBadges.seenAt)))
    .returning({ badge: memberBadges.badge });
  return rows.map((r) => badgeById(r.badge)?.name ?? r.badge);
}

/* ---------------------------------------------------------------- reads */

export type Achievement = {
  badgeId: string;
  badge: { name: string; icon: string; description: string };
  earnedAt: string;
};

export async function listAchievements(db: Db, userId: string): Promise<Achievement[]> {
  const rows = await db
    .select({ badge: memberBadges.badge, earned_at: memberBadges.earnedAt })
    .from(memberBadges)
    .where(eq(memberBadges.userId, userId))
    .orderBy(asc(memberBadges.earnedAt), asc(memberBadges.badge));
  return rows.flatMap((r) => {
    const def = badgeById(r.badge);
    if (!def) return [];
    return [
      {
        badgeId: def.id,
        badge: { name: def.name, icon: def.icon, description: def.description },
        earnedAt: r.earned_at.toISOString(),
      },
    ];
  });
}

export type BadgeProgress = BadgeDefinition & { earned: boolean; earnedAt: string | null; value: number };

/** Every badge with the member's progress toward it (dashboard). */
export async function badgeProgress(db: Db, userId: string, now: Date): Promise<BadgeProgress[]> {
  const [metrics, earned] = await Promise.all([memberMetrics(db, userId, now), listAchievements(db, userId)]);
  const at = new Map(earned.map((a) => [a.badgeId, a.earnedAt]));
  return BADGES.map((b) => ({
    ...b,
    earned: at.has(b.id),
    earnedAt: at.get(b.id) ?? null,
    value: Math.min(metrics[b.metric], b.goal),
  }));
}

export type BadgeSummary = BadgeDefinition & { earnedBy: number };

/** Every badge with how many members earned it (/achievements, the public API). */
export async function listBadges(db: Db): Promise<BadgeSummary[]> {
  const rows = await db
    .select({ badge: memberBadges.badge, n: sql<number>`count(*)::int` })
    .from(memberBadges)
    .groupBy(memberBadges.badge);
  const counts = new Map(rows.map((r) => [r.badge, r.n]));
  return BADGES.map((b) => ({ ...b, earnedBy: counts.get(b.id) ?? 0 }));
}

/** A leaderboard row: public display name only, never the e-mail. */
export type LeaderboardEntry = { rank: number; userId: string; name: string; badges: number; points: number };

/** Top members by points (ties: more badges, then who got there first). Suspended members are left out. */
export async function leaderboard(db: Db, limit = 10): Promise<LeaderboardEntry[]> {
  const rows = await queryRows(
    db,
    sql`WITH p AS (
          SELECT user_id, sum(points)::int AS points, max(at) AS last_at FROM member_contributions GROUP BY user_id
        ), b AS (SELECT user_id, count(*)::int AS badges FROM member_badges GROUP BY user_id)
        SELECT p.user_id, ${publicMemberName("u")} AS name, p.points, coalesce(b.badges, 0) AS badges,
               (rank() OVER (ORDER BY p.points DESC))::int AS rank
        FROM p JOIN users u ON u.id = p.user_id LEFT JOIN b ON b.user_id = p.user_id
        WHERE u.suspended_at IS NULL AND p.points > 0
        ORDER BY p.points DESC, coalesce(b.badges, 0) DESC, p.last_at, p.user_id
        LIMIT ${limit}`,
    LeaderRow,
  );
  return rows.map((r) => ({ rank: r.rank, userId: r.user_id, name: r.name, badges: r.badges, points: r.points }));
}

/** The member's own place: rank 1 = most points; null when they have no points yet. */
export async function memberRank(
  db: Db,
  userId: string,
): Promise<{ rank: number | null; points: number; members: number }> {
  const [row] = await queryRows(
    db,
    sql`WITH p AS (
          SELECT c.user_id, sum(c.points)::int AS points FROM member_contributions c
          JOIN users u ON u.id = c.user_id AND u.suspended_at IS NULL GROUP BY c.user_id HAVING sum(c.points) > 0
        )
        SELECT (SELECT points FROM p WHERE user_id = ${userId}) AS points,
               (SELECT count(*)::int + 1 FROM p WHERE points > (SELECT points FROM p WHERE user_id = ${userId})) AS rank,
               (SELECT count(*)::int FROM p) AS members`,
    z.object({ points: z.number().nullable(), rank: z.number().nullable(), members: z.number() }),
  );
  const points = row?.points ?? 0;
  return { rank: row?.points == null ? null : (row?.rank ?? null), points, members: row?.members ?? 0 };
}
