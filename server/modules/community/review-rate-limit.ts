import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { REVIEW_MESSAGES } from "./review-forms.ts";

/** Writes per member: generous for people, tight for scripts. */
const REVIEW_RULES: Record<"write" | "helpful" | "report", RateRule> = {
  write: { max: 10, windowSec: 3600 },
  helpful: { max: 60, windowSec: 3600 },
  report: { max: 20, windowSec: 3600 },
};

/** Counts one review write of the member against its rule; past it, a 429 with the wait. */
export async function limitReviewWrites(
  db: Db,
  rule: keyof typeof REVIEW_RULES,
  userId: string,
  now: Date,
): Promise<void> {
  const result = await consumeRateLimit(db, `review-${rule}:user:${userId}`, REVIEW_RULES[rule], now);
  if (!result.allowed) {
    throw new AppError("rate_limited", REVIEW_MESSAGES.tooMany, { retryAfterSec: result.retryAfterSec });
  }
}
