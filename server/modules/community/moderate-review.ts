import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { ModerationNote, REVIEW_MESSAGES, ReviewId } from "./review-forms.ts";
import { type CommunityActor, type CommunityServices, MODERATORS_ONLY } from "./services.ts";
import { reviewReports, reviews } from "./tables.ts";
import { lockTool } from "./tool-lookup.ts";
import { recomputeToolRating } from "./tool-rating.ts";

/** The moderator's decision and note (the form's fields, the API's body) and the review, from the address. */
export const ModerateReviewInput = z.object({
  decision: z.enum(["hide", "keep"], { message: "Choose hide or keep" }),
  note: ModerationNote,
  reviewId: ReviewId,
});
export type ModerateReviewInput = z.infer<typeof ModerateReviewInput>;

/**
 * An admin hides a reported review (it leaves the tool's rating) or keeps it; the open reports are
 * closed with the decision. One transaction with the audit row. Moderators only (the actor's role, checked here as well as by the routes).
 */
export async function moderateReview(
  services: CommunityServices,
  actor: CommunityActor,
  input: ModerateReviewInput,
): Promise<void> {
  if (!actor.moderator) throw new AppError("forbidden", MODERATORS_ONLY);
  const { db, clock } = services;
  const { reviewId, decision } = input;
  const now = clock.now();
  const [found] = await db
    .select({ tool_id: reviews.toolId, status: reviews.status, open_reports: reviews.openReports })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  await transaction(db, async (tx) => {
    await lockTool(tx, found.tool_id);
    const status = decision === "hide" ? "hidden" : "published";
    await tx
      .update(reviews)
      .set({ status, openReports: 0, moderatedAt: now, resubmittedAt: null, heldAt: null, holdReason: null })
      .where(eq(reviews.id, reviewId));
    await tx
      .update(reviewReports)
      .set({ resolution: decision === "hide" ? "hidden" : "kept", resolvedAt: now })
      .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolution)));
    const figures = await recomputeToolRating(tx, found.tool_id, now);
    await recordAudit(tx, {
      actor,
      action: decision === "hide" ? "review.hide" : "review.keep",
      targetType: "review",
      targetId: reviewId,
      before: { status: found.status, openReports: Number(found.open_reports) },
      after: { status, toolRating: figures.rating, toolReviewCount: figures.reviewCount },
      reason: input.note || null,
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
}
