import { sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit, SYSTEM_ACTOR } from "../../platform/audit.ts";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { assertMayReview } from "./review-eligibility.ts";
import { ReviewFields } from "./review-forms.ts";
import { holdIfSuspect } from "./review-holds.ts";
import { limitReviewWrites } from "./review-rate-limit.ts";
import { getReview, type ReviewItem } from "./review-rows.ts";
import type { CommunityActor, CommunityServices } from "./services.ts";
import { reviews } from "./tables.ts";
import { lockTool, resolveToolId } from "./tool-lookup.ts";
import { recomputeToolRating } from "./tool-rating.ts";

/** The member's review of a tool: the form's fields (the API's body) and the tool, by id or slug, from the address. */
export const SaveReviewInput = ReviewFields.extend({ tool: z.string() });
export type SaveReviewInput = z.infer<typeof SaveReviewInput>;

/** Writes or edits the member's one review of a tool; the tool's figures change in the same transaction. */
export async function saveReview(
  services: CommunityServices,
  actor: CommunityActor,
  input: SaveReviewInput,
): Promise<{ review: ReviewItem; created: boolean; held: boolean }> {
  const { db, activity, clock } = services;
  const userId = actor.id;
  const now = clock.now();
  const toolId = await resolveToolId(db, input.tool);
  await assertMayReview(db, userId, toolId);
  await limitReviewWrites(db, "write", userId, now);
  const { id, created, held } = await transaction(db, async (tx) => {
    await lockTool(tx, toolId);
    const [row] = await tx
      .insert(reviews)
      .values({
        toolId,
        userId,
        rating: input.rating,
        comment: input.comment,
        usesAtWork: input.usesAtWork === true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reviews.toolId, reviews.userId],
        set: {
          rating: sql`excluded.rating`,
          comment: sql`excluded.comment`,
          usesAtWork: sql`excluded.uses_at_work`,
          updatedAt: sql`excluded.updated_at`,
          withdrawnAt: null,
          // A review a moderator hid stays hidden when edited or written again (even after the
          // author deleted it): it goes back to the moderation queue instead (ADR 0029).
          resubmittedAt: sql`CASE WHEN ${reviews.status} = 'hidden' THEN excluded.updated_at ELSE ${reviews.resubmittedAt} END`,
        },
      })
      .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new AppError("internal", "The review was not saved");
    const held = await holdIfSuspect(tx, toolId, row.id, userId, now);
    if (held) {
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: "review.hold",
        targetType: "review",
        targetId: row.id,
        before: null,
        after: { toolId, heldAt: now.toISOString() },
        reason: held,
        at: now,
      });
    }
    await recomputeToolRating(tx, toolId, now);
    if (row.created) {
      await activity.emit(tx, { type: "review.created", userId, toolId, reviewId: row.id, rating: input.rating }, now);
    }
    return { ...row, held: held !== null };
  });
  const review = await getReview(db, id);
  if (!review) throw new AppError("internal", "The review was not saved");
  return { review, created, held };
}
