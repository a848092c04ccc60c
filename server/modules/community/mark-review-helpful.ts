import { z } from "zod";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { REVIEW_MESSAGES, ReviewId } from "./review-forms.ts";
import { limitReviewWrites } from "./review-rate-limit.ts";
import type { CommunityActor, CommunityServices } from "./services.ts";

export const MarkReviewHelpfulInput = z.object({ reviewId: ReviewId });
export type MarkReviewHelpfulInput = z.infer<typeof MarkReviewHelpfulInput>;

const AuthorRow = z.object({ tool_id: z.string(), user_id: z.string() });

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
  const [found] = await queryRows(
    db,
    sql`SELECT tool_id::text AS tool_id, user_id FROM reviews WHERE id = ${reviewId}::uuid AND status = 'published'`,
    AuthorRow,
  );
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  if (found.user_id === voterId) throw new AppError("forbidden", REVIEW_MESSAGES.ownHelpful);
  await limitReviewWrites(db, "helpful", voterId, now);
  return transaction(db, async (tx) => {
    // Votes on one review queue on its row; each statement after the lock sees the votes committed
    // before it (on PostgreSQL an UPDATE's sub-select would otherwise keep its older snapshot).
    await tx.execute(sql`SELECT id FROM reviews WHERE id = ${reviewId}::uuid FOR UPDATE`);
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO review_votes (review_id, user_id, created_at) VALUES (${reviewId}::uuid, ${voterId}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING review_id::text AS review_id`,
      z.object({ review_id: z.string() }),
    );
    if (!inserted.length) throw new AppError("conflict", REVIEW_MESSAGES.alreadyHelpful);
    // Counted from the rows, not incremented: exact however many votes arrive at once.
    const [row] = await queryRows(
      tx,
      sql`UPDATE reviews SET helpful_count = (SELECT count(*)::int FROM review_votes WHERE review_id = ${reviewId}::uuid)
          WHERE id = ${reviewId}::uuid RETURNING helpful_count`,
      z.object({ helpful_count: z.number() }),
    );
    await activity.emit(
      tx,
      { type: "review.helpful", userId: found.user_id, voterId, reviewId, toolId: found.tool_id },
      now,
    );
    return Number(row?.helpful_count ?? 0);
  });
}
