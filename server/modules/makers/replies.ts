import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { textBlock } from "../../platform/text.ts";
import { isVerifiedMaker } from "./claims.ts";
import { MAKER_LIMITS, MAKER_MESSAGES } from "./shared.ts";

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

const ReviewToolRow = z.object({ tool_id: z.string() });
const OkRow = z.object({ ok: z.boolean() });

async function reviewTool(db: Db, reviewId: string): Promise<string> {
  const [row] = await queryRows(
    db,
    sql`SELECT tool_id::text AS tool_id FROM reviews WHERE id = ${reviewId}::uuid AND status = 'published'`,
    ReviewToolRow,
  );
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
  await deps.db.execute(
    sql`INSERT INTO review_replies (review_id, user_id, body, created_at, updated_at)
        VALUES (${input.reviewId}::uuid, ${userId}, ${input.body}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        ON CONFLICT (review_id) DO UPDATE SET body = EXCLUDED.body, user_id = EXCLUDED.user_id, updated_at = EXCLUDED.updated_at`,
  );
}

export async function deleteReply(deps: { db: Db }, userId: string, reviewId: string): Promise<void> {
  const toolId = await reviewTool(deps.db, reviewId);
  if (!(await isVerifiedMaker(deps.db, userId, toolId))) throw new AppError("forbidden", MAKER_MESSAGES.notMaker);
  await deps.db.execute(sql`DELETE FROM review_replies WHERE review_id = ${reviewId}::uuid`);
}

/** Whether a tool has a verified maker (the page says "Claimed by its maker"). */
export async function hasVerifiedMaker(db: Db, toolId: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM maker_claims WHERE tool_id = ${toolId}::uuid AND status = 'verified') AS ok`,
    OkRow,
  );
  return row?.ok === true;
}
