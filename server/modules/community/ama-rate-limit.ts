import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { AMA_MESSAGES } from "./ama-rows.ts";

/** Per member: questions, upvotes, schedules. */
export const AMA_RULES: Record<"ask" | "vote" | "schedule" | "answer", RateRule> = {
  ask: { max: 10, windowSec: 3600 },
  vote: { max: 60, windowSec: 3600 },
  schedule: { max: 5, windowSec: 86_400 },
  answer: { max: 120, windowSec: 3600 },
};

export async function limit(db: Db, rule: keyof typeof AMA_RULES, userId: string, now: Date): Promise<void> {
  const result = await consumeRateLimit(db, `ama-${rule}:user:${userId}`, AMA_RULES[rule], now);
  if (!result.allowed)
    throw new AppError("rate_limited", AMA_MESSAGES.tooMany, { retryAfterSec: result.retryAfterSec });
}
