import { eq } from "drizzle-orm";
import { z } from "zod";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { REVIEW_MESSAGES, ReviewId } from "./review-forms.ts";
import { limitReviewWrites } from "./review-rate-limit.ts";
import type { CommunityActor, CommunityServices } from "./services.ts";
import { reviews } from "./tables.ts";
import { lockTool } from "./tool-lookup.ts";
import { recomputeToolRating } from "./tool-rating.ts";

export const DeleteReviewInput = z.object({ reviewId: ReviewId });
export type DeleteReviewInput = z.infer<typeof DeleteReviewInput>;

const IdRow = z.object({ id: z.string() });

/** Deletes the member's own review (admins hide instead: moderation keeps the record). */
export async function deleteReview(
  services: CommunityServices,
  actor: CommunityActor,
  input: DeleteReviewInput,
): Promise<void> {
  const { db, activity, clock } = services;
  const userId = actor.id;
  const { reviewId } = input;
  const now = clock.now();
  await limitReviewWrites(db, "write", userId, now);
  const [found] = await db
    .select({ tool_id: reviews.toolId, user_id: reviews.userId })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!found || found.user_id !== userId) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  await transaction(db, async (tx) => {
    await lockTool(tx, found.tool_id);
    // A hidden review is withdrawn, not deleted: the moderator's decision stays with the row, so
    // writing the review again cannot publish it unmoderated (ADR 0029).
    const deleted = await queryRows(
      tx,
      sql`WITH w AS (UPDATE reviews SET withdrawn_at = ${now.toISOString()}::timestamptz
                      WHERE id = ${reviewId}::uuid AND user_id = ${userId} AND status = 'hidden' AND withdrawn_at IS NULL
                      RETURNING id),
               d AS (DELETE FROM reviews WHERE id = ${reviewId}::uuid AND user_id = ${userId} AND status <> 'hidden'
                      RETURNING id)
          SELECT id::text AS id FROM w UNION ALL SELECT id::text AS id FROM d`,
      IdRow,
    );
    if (!deleted.length) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
    await recomputeToolRating(tx, found.tool_id, now);
    await activity.emit(tx, { type: "review.deleted", userId, toolId: found.tool_id, reviewId }, now);
  });
}
