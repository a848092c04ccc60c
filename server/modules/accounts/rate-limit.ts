import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit, pruneRateLimits, type RateResult, type RateRule } from "../../platform/rate-limit.ts";
import { MESSAGES } from "./forms.ts";

export { consumeRateLimit, pruneRateLimits, type RateResult, type RateRule } from "../../platform/rate-limit.ts";

const lastPrune = new WeakMap<object, number>();

/** Old windows are deleted at most every 10 minutes per process, so the table stays small. */
async function pruneNowAndThen(db: Db, now: Date): Promise<void> {
  if (now.getTime() - (lastPrune.get(db) ?? 0) < 600_000) return;
  lastPrune.set(db, now.getTime());
  await pruneRateLimits(db, now);
}

export type AuthAction = "sign-in" | "sign-up" | "reset" | "change-password" | "verify-email";

/** The rules: sign-in 5/min per address+e-mail and 20/min per address; sign-up and reset 5/min per address. */
export const AUTH_RULES: Record<
  AuthAction,
  { perIp: RateRule; perIpEmail?: RateRule; perEmail?: RateRule; message?: string }
> = {
  "sign-in": { perIp: { max: 20, windowSec: 60 }, perIpEmail: { max: 5, windowSec: 60 } },
  "sign-up": { perIp: { max: 5, windowSec: 60 } },
  reset: { perIp: { max: 5, windowSec: 60 } },
  // Guessing the current password through a stolen session: as strict as sign-in per address.
  "change-password": { perIp: { max: 5, windowSec: 60 } },
  // Each attempt sends a mail (issue 31): 3 an hour to one address, from anywhere; 10 an hour per client.
  "verify-email": {
    perIp: { max: 10, windowSec: 3600 },
    perEmail: { max: 3, windowSec: 3600 },
    message: MESSAGES.tooManyVerificationMails,
  },
};

/**
 * Counts one attempt of an account action; throws a 429 AppError with the spec-style message when
 * a rule is exceeded. `ip` is the client address (see TRUST_PROXY); `email` the address tried.
 */
export async function limitAuthAttempt(
  db: Db,
  action: AuthAction,
  who: { ip: string; email?: string | null },
  now: Date,
): Promise<void> {
  const rules = AUTH_RULES[action];
  const checks: Promise<RateResult>[] = [consumeRateLimit(db, `${action}:ip:${who.ip}`, rules.perIp, now)];
  const email = who.email?.trim().toLowerCase().slice(0, 254);
  if (rules.perIpEmail && email) {
    checks.push(consumeRateLimit(db, `${action}:ip-email:${who.ip}:${email}`, rules.perIpEmail, now));
  }
  if (rules.perEmail && email) checks.push(consumeRateLimit(db, `${action}:email:${email}`, rules.perEmail, now));
  const results = await Promise.all(checks);
  await pruneNowAndThen(db, now);
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length) {
    const retryAfterSec = Math.max(...blocked.map((r) => r.retryAfterSec));
    throw new AppError("rate_limited", rules.message ?? MESSAGES.tooManyAttempts, { retryAfterSec });
  }
}
