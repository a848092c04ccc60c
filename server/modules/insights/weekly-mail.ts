import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { requireEntitlement, type Viewer } from "../accounts/index.ts";
import { entitlements, userProfiles, users } from "../accounts/tables.ts";
import { isoWeek } from "../content/index.ts";
import { type RecommendedTool, recommendFromSignals } from "./for-you.ts";
import { memberSignals } from "./signals.ts";
import { STACK_FEATURE } from "./stack.ts";
import { recommendationMail } from "./tables.ts";

/**
 * Expert's weekly e-mail of new tools that fit (issue 34 item 4, ADR 0080): opt-in per member; each
 * week, the tools published in the last seven days that are nearest the member's signals, each with
 * its reason. No new fitting tool: no mail. The ISO week is claimed before sending and released when
 * the send fails, so a retried or repeated run mails a member once a week at most.
 */
export const WEEKLY_RECOMMENDATIONS_JOB = "recommendations.weekly";
const WEEK_MS = 7 * 86_400_000;
const MAX_TOOLS = 8;

export const WeeklyMailForm = z.object({
  weekly: z.enum(["on", "off"], { message: "weekly must be on or off" }),
});

const IdRow = z.object({ id: z.string() });

export async function weeklyMailSetting(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ weekly: recommendationMail.weekly })
    .from(recommendationMail)
    .where(eq(recommendationMail.userId, userId));
  return row?.weekly ?? false;
}

export async function setWeeklyMail(db: Db, viewer: Viewer | null, weekly: boolean, now: Date): Promise<boolean> {
  const v = requireEntitlement(viewer, STACK_FEATURE);
  await db
    .insert(recommendationMail)
    .values({ userId: v.user.id, weekly, updatedAt: now })
    .onConflictDoUpdate({
      target: recommendationMail.userId,
      set: { weekly: sql`excluded.weekly`, updatedAt: sql`excluded.updated_at` },
    });
  return weekly;
}

export type WeeklyMailDeps = {
  db: Db;
  mailer: Mailer;
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
  logger?: Logger;
};

export function weeklyMailText(
  env: WeeklyMailDeps["env"],
  tools: RecommendedTool[],
): { subject: string; text: string } {
  const lines = ["New tools this week that fit what you save, list, view and search:", ""];
  for (const t of tools) {
    lines.push(`- ${t.name}${t.plans ? ` (${t.plans})` : ""}: ${t.because}.`, `  ${siteUrl(env, `/tools/${t.slug}`)}`);
  }
  lines.push(
    "",
    `More on your For you page: ${siteUrl(env, "/for-you")}`,
    `Stop this e-mail there, under "Weekly e-mail": ${siteUrl(env, "/for-you#weekly")}`,
  );
  return {
    subject: `${tools.length} new ${tools.length === 1 ? "tool" : "tools"} for you this week`,
    text: lines.join("\n"),
  };
}

/** Sends this week's mail to every opted-in member whose plan still has the feature. */
export async function runWeeklyRecommendations(
  deps: WeeklyMailDeps,
  now: Date,
): Promise<{ sent: number; skipped: number }> {
  const week = isoWeek(now);
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const due = await deps.db
    .select({ user_id: recommendationMail.userId, email: users.email, last_week: recommendationMail.lastWeek })
    .from(recommendationMail)
    .innerJoin(users, eq(users.id, recommendationMail.userId))
    .innerJoin(userProfiles, eq(userProfiles.userId, recommendationMail.userId))
    .innerJoin(
      entitlements,
      and(
        eq(entitlements.featureKey, STACK_FEATURE),
        eq(entitlements.tier, userProfiles.tier),
        eq(entitlements.allowed, true),
      ),
    )
    .where(and(eq(recommendationMail.weekly, true), sql`${recommendationMail.lastWeek} IS DISTINCT FROM ${week}`))
    .orderBy(asc(recommendationMail.userId))
    .limit(5000);
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  const isNew = async (ids: string[]) =>
    new Set(
      ids.length
        ? (
            await queryRows(
              deps.db,
              sql`SELECT t.id::text AS id FROM tools t LEFT JOIN catalog_imports ci ON ci.id = t.import_id
                   WHERE t.status = 'active' AND COALESCE(t.published_at, t.created_at) >= ${since}::timestamptz
                     AND NOT COALESCE(ci.source LIKE 'seed:%', false)
                     AND t.id IN (${sql.join(
                       ids.map((id) => sql`${id}::uuid`),
                       sql`, `,
                     )})`,
              IdRow,
            )
          ).map((r) => r.id)
        : [],
    );
  for (const member of due) {
    const signals = await memberSignals(deps.db, member.user_id, now);
    const tools = await recommendFromSignals(deps.db, signals, { limit: MAX_TOOLS, onlyIds: isNew });
    if (!tools.length) {
      skipped++;
      continue;
    }
    const [claim] = await deps.db
      .update(recommendationMail)
      .set({ lastWeek: week })
      .where(
        and(
          eq(recommendationMail.userId, member.user_id),
          sql`${recommendationMail.lastWeek} IS NOT DISTINCT FROM ${member.last_week}`,
        ),
      )
      .returning({ id: recommendationMail.userId });
    if (!claim) continue; // another runner took it
    try {
      await deps.mailer.send({ to: member.email, tag: "recommendations-weekly", ...weeklyMailText(deps.env, tools) });
      sent++;
    } catch (err) {
      failed++;
      deps.logger?.warn("weekly recommendations mail failed", { userId: member.user_id, err });
      await deps.db
        .update(recommendationMail)
        .set({ lastWeek: member.last_week })
        .where(and(eq(recommendationMail.userId, member.user_id), eq(recommendationMail.lastWeek, week)));
    }
  }
  if (failed) throw new Error(`weekly recommendations: ${failed} mail(s) failed; the retry sends them`);
  return { sent, skipped };
}

export function registerRecommendationJobs(deps: WeeklyMailDeps & { jobs: Jobs }): void {
  deps.jobs.register(WEEKLY_RECOMMENDATIONS_JOB, async (_payload, context) => {
    await runWeeklyRecommendations(deps, context.now);
  });
  deps.jobs.every(WEEKLY_RECOMMENDATIONS_JOB, WEEK_MS);
}
