import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { textBlock } from "../../platform/text.ts";
import { reviews } from "../community/tables.ts";
import { isVerifiedMaker } from "./claims.ts";
import { MAKER_LIMITS, MAKER_MESSAGES } from "./shared.ts";
import { makerClaims, reviewReplies } from "./tables.ts";

/**
 * Right of reply (issue 20): the tool's verified maker answers a published review once, publicly, under
 * the review. The reply can be edited or removed by its author; it never changes the rating.
 */

export const ReplyInput = z.object({
  reviewId: uuidSchema(MAKER_MESSAGES.reviewNotFound),
  body: textBlock("Reply").pipe(
    z
      .string()
      .min(MAKER_LIMITS.replyMin, MAKER_MESSAGES.replyTooShort)
      .max(MAKER_LIMITS.replyMax, MAKER_MESSAGES.replyTooLong),
  ),
});

async function reviewTool(db: Db, reviewId: string): Promise<string> {
  const [row] = await db
    .select({ tool_id: reviews.toolId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published")));
  if (!row) throw new AppError("not_found", MAKER_MESSAGES.reviewNotFound);
  return row.tool_id;
}

export async function saveReply(
  deps: { db: Db; clock: { now(): Date } },
  userId: string,
  input: z.infer<typeof ReplyInput>,
): Promise<void> {
  const now = deps.clock.now();
  const toolId = await reviewTool(deps.db, input.reviewId);
  if (!(await isVerifiedMaker(deps.db, userId, toolId))) throw new AppError("forbidden", MAKER_MESSAGES.notMaker);
  const rate = await consumeRateLimit(deps.db, `maker-reply:user:${userId}`, { max: 30, windowSec: 3600 }, now);
  if (!rate.allowed)
    throw new AppError("rate_limited", "Too many replies. Please wait and try again.", {
      retryAfterSec: rate.retryAfterSec,
    });
  await deps.db
    .insert(reviewReplies)
    .values({ reviewId: input.reviewId, userId, body: input.body, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: reviewReplies.reviewId,
      set: { body: sql`excluded.body`, userId: sql`excluded.user_id`, updatedAt: sql`excluded.updated_at` },
    });
}

export async function deleteReply(deps: { db: Db }, userId: string, reviewId: string): Promise<void> {
  const toolId = await reviewTool(deps.db, reviewId);
  if (!(await isVerifiedMaker(deps.db, userId, toolId))) throw new AppError("forbidden", MAKER_MESSAGES.notMaker);
  await deps.db.delete(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
}

/** Whether a tool has a verified maker (the page says "Claimed by its maker"). */
export async function hasVerifiedMaker(db: Db, toolId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: makerClaims.id })
    .from(makerClaims)
    .where(and(eq(makerClaims.toolId, toolId), eq(makerClaims.status, "verified")))
    .limit(1);
  return row !== undefined;
}
