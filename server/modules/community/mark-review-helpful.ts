import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { REVIEW_MESSAGES, ReviewId } from "./review-forms.ts";
import { limitReviewWrites } from "./review-rate-limit.ts";
import type { CommunityActor, CommunityServices } from "./services.ts";
import { reviews, reviewVotes } from "./tables.ts";

export const MarkReviewHelpfulInput = z.object({ reviewId: ReviewId });
export type MarkReviewHelpfulInput = z.infer<typeof MarkReviewHelpfulInput>;

/** One 'helpful' vote per member per review, never on one's own. Returns the new count. */
export async function markReviewHelpful(
  services: CommunityServices,
  actor: CommunityActor,
  input: MarkReviewHelpfulInput,
): Promise<number> {
  const { db, activity, clock } = services;
  const voterId = actor.id;
  const { reviewId } = input;
  const now = clock.now();
  const [found] = await db
    .select({ tool_id: reviews.toolId, user_id: reviews.userId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published")));
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  if (found.user_id === voterId) throw new AppError("forbidden", REVIEW_MESSAGES.ownHelpful);
  await limitReviewWrites(db, "helpful", voterId, now);
  return transaction(db, async (tx) => {
    // Votes on one review queue on its row; each statement after the lock sees the votes committed
    // before it (on PostgreSQL an UPDATE's sub-select would otherwise keep its older snapshot).
    await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId)).for("update");
    const inserted = await tx
      .insert(reviewVotes)
      .values({ reviewId, userId: voterId, createdAt: now })
      .onConflictDoNothing()
      .returning({ review_id: reviewVotes.reviewId });
    if (!inserted.length) throw new AppError("conflict", REVIEW_MESSAGES.alreadyHelpful);
    // Counted from the rows, not incremented: exact however many votes arrive at once.
    const votes = tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewVotes)
      .where(eq(reviewVotes.reviewId, reviewId));
    const [row] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`(${votes})` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpful_count: reviews.helpfulCount });
    await activity.emit(
      tx,
      { type: "review.helpful", userId: found.user_id, voterId, reviewId, toolId: found.tool_id },
      now,
    );
    return Number(row?.helpful_count ?? 0);
  });
}
