import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { ModerationNote, REVIEW_MESSAGES, ReviewId } from "./review-forms.ts";
import { type CommunityActor, type CommunityServices, MODERATORS_ONLY } from "./services.ts";
import { reviews } from "./tables.ts";
import { lockTool } from "./tool-lookup.ts";
import { recomputeToolRating } from "./tool-rating.ts";

export const RestoreReviewInput = z.object({ reviewId: ReviewId, note: ModerationNote });
export type RestoreReviewInput = z.infer<typeof RestoreReviewInput>;

const WITHDRAWN_STAYS_HIDDEN = "Its author deleted this review after it was hidden, so it stays hidden.";

/**
 * Undoes a hide (issue 21): the review is published again and counts in the tool's rating by the
 * usual gate; audited in the same transaction. A review withdrawn by its author is not restored.
 * Moderators only (the actor's role, checked here as well as by the routes).
 */
export async function restoreReview(
  services: CommunityServices,
  actor: CommunityActor,
  input: RestoreReviewInput,
): Promise<void> {
  if (!actor.moderator) throw new AppError("forbidden", MODERATORS_ONLY);
  const { db, clock } = services;
  const { reviewId } = input;
  const now = clock.now();
  const [found] = await db.select({ tool_id: reviews.toolId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  await transaction(db, async (tx) => {
    await lockTool(tx, found.tool_id);
    const [row] = await tx
      .select({ status: reviews.status, withdrawn: sql<boolean>`${reviews.withdrawnAt} IS NOT NULL` })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!row) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
    if (row.withdrawn) throw new AppError("conflict", WITHDRAWN_STAYS_HIDDEN);
    if (row.status !== "hidden") throw new AppError("conflict", "This review is not hidden.");
    await tx
      .update(reviews)
      .set({ status: "published", moderatedAt: now, resubmittedAt: null })
      .where(eq(reviews.id, reviewId));
    const figures = await recomputeToolRating(tx, found.tool_id, now);
    await recordAudit(tx, {
      actor,
      action: "review.restore",
      targetType: "review",
      targetId: reviewId,
      before: { status: "hidden" },
      after: { status: "published", toolRating: figures.rating, toolReviewCount: figures.reviewCount },
      reason: input.note || null,
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
}
