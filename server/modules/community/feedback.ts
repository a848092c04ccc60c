import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { feedback } from "../admin/tables.ts";
import type { FeedbackInput } from "./correction-forms.ts";

/** Feedback per sender and hour: by member, or by client address for anonymous senders. */
export const FEEDBACK_RULES = { perHour: 5 } as const;

/**
 * General feedback (spec §3 Feedback, §4: Pending then Verified): anyone may send it, signed in or
 * not; a member may choose to send it anonymously (no user id is stored then). It lands in the
 * admins' review (server/modules/admin/feedback.ts lists and verifies it).
 */
export async function createFeedback(
  db: Db,
  sender: { userId: string | null; ip: string },
  input: FeedbackInput,
  now: Date,
): Promise<{ id: string; anonymous: boolean }> {
  const key = sender.userId ? `feedback:user:${sender.userId}` : `feedback:ip:${sender.ip}`;
  const rate = await consumeRateLimit(db, key, { max: FEEDBACK_RULES.perHour, windowSec: 3_600 }, now);
  if (!rate.allowed) {
    throw new AppError("rate_limited", "Too much feedback at once. Try again in an hour.", {
      retryAfterSec: rate.retryAfterSec,
    });
  }
  const userId = input.anonymous ? null : sender.userId;
  const [row] = await db
    .insert(feedback)
    .values({ userId, type: input.type, message: input.message, createdAt: now })
    .returning({ id: feedback.id });
  if (!row) throw new Error("feedback insert returned nothing");
  return { id: row.id, anonymous: userId === null };
}
