import { z } from "zod";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { REVIEW_MESSAGES, ReportReason, ReviewId } from "./review-forms.ts";
import { limitReviewWrites } from "./review-rate-limit.ts";
import type { CommunityActor, CommunityServices } from "./services.ts";

/** The reason (the form's field, the API's body) and the review, from the address. */
export const ReportReviewInput = z.object({ reason: ReportReason, reviewId: ReviewId });
export type ReportReviewInput = z.infer<typeof ReportReviewInput>;

const IdRow = z.object({ id: z.string() });

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
  const [found] = await queryRows(
    db,
    sql`SELECT user_id FROM reviews WHERE id = ${reviewId}::uuid AND status = 'published'`,
    z.object({ user_id: z.string() }),
  );
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  if (found.user_id === reporterId) throw new AppError("forbidden", REVIEW_MESSAGES.ownReport);
  await limitReviewWrites(db, "report", reporterId, now);
  await transaction(db, async (tx) => {
    await tx.execute(sql`SELECT id FROM reviews WHERE id = ${reviewId}::uuid FOR UPDATE`);
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO review_reports (review_id, user_id, reason, created_at)
          VALUES (${reviewId}::uuid, ${reporterId}, ${reason}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING id::text AS id`,
      IdRow,
    );
    if (!inserted.length) throw new AppError("conflict", REVIEW_MESSAGES.alreadyReported);
    await tx.execute(
      sql`UPDATE reviews SET open_reports = (SELECT count(*)::int FROM review_reports
            WHERE review_id = ${reviewId}::uuid AND resolution IS NULL) WHERE id = ${reviewId}::uuid`,
    );
  });
}
