// Route modules reach the community module (corrections, badges, leaderboard) only through this server-only file.
import type { AppLoadContext } from "react-router";
import { listFeedback } from "#server/modules/admin/index.ts";
import { listCorrections, takeUnseenBadges, touchMember } from "#server/modules/community/index.ts";
import type { Db } from "#server/platform/db/index.ts";

export * from "#server/modules/community/index.ts";

/** Counts today's visit (streak badges) and returns the badges not announced yet (the toast). */
export async function memberPageState(context: AppLoadContext, userId: string): Promise<string[]> {
  const { db, clock, activity } = context.services;
  await touchMember({ db, clock, activity }, userId);
  return takeUnseenBadges(db, userId, clock.now());
}

/** Deps for the module's writes, from the request context. */
export function communityDeps(context: AppLoadContext) {
  const { db, activity, clock } = context.services;
  return { db, activity, now: clock.now() };
}

/** What 'Feedback & Correction Review' shows (admin page and the admin's dashboard). Callers check the role. */
export async function reviewData(db: Db) {
  const [corrections, feedback] = await Promise.all([
    listCorrections(db, { status: "open", viewerId: null, limit: 50 }),
    listFeedback(db, { verified: "false", limit: 50 }),
  ]);
  return {
    corrections: corrections.corrections,
    totalCorrections: corrections.total,
    feedback: feedback.feedback,
    totalFeedback: feedback.total,
  };
}
