import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { REVIEW_MESSAGES, ReportReason, ReviewId } from "./review-forms.ts";
import { limitReviewWrites } from "./review-rate-limit.ts";
import type { CommunityActor, CommunityServices } from "./services.ts";
import { reviewReports, reviews } from "./tables.ts";

/** The reason (the form's field, the API's body) and the review, from the address. */
export const ReportReviewInput = z.object({ reason: ReportReason, reviewId: ReviewId });
export type ReportReviewInput = z.infer<typeof ReportReviewInput>;

/** A member reports a review (one report each); it joins the moderation queue. */
export async function reportReview(
  services: CommunityServices,
  actor: CommunityActor,
  input: ReportReviewInput,
): Promise<void> {
  const { db, clock } = services;
  const reporterId = actor.id;
  const { reviewId, reason } = input;
  const now = clock.now();
  const [found] = await db
    .select({ user_id: reviews.userId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published")));
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  if (found.user_id === reporterId) throw new AppError("forbidden", REVIEW_MESSAGES.ownReport);
  await limitReviewWrites(db, "report", reporterId, now);
  await transaction(db, async (tx) => {
    await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId)).for("update");
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId, userId: reporterId, reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id });
    if (!inserted.length) throw new AppError("conflict", REVIEW_MESSAGES.alreadyReported);
    const open = tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolution)));
    await tx
      .update(reviews)
      .set({ openReports: sql`(${open})` })
      .where(eq(reviews.id, reviewId));
  });
}
