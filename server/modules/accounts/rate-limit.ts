import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { MESSAGES } from "./forms.ts";

/**
 * Fixed-window rate limiting on the `rate_limits` table, so every app instance shares the counts.
 * One statement counts the attempt and says whether it is within the rule (no read-then-write
 * race): a window older than `windowSec` restarts at 1.
 */
export type RateRule = { max: number; windowSec: number };
export type RateResult = { allowed: boolean; count: number; retryAfterSec: number };

export async function consumeRateLimit(db: Db, key: string, rule: RateRule, now = new Date()): Promise<RateResult> {
  const [row] = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${key}, ${now.toISOString()}::timestamptz, 1)
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN r.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${rule.windowSec})
                              THEN EXCLUDED.window_start ELSE r.window_start END,
          count = CASE WHEN r.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${rule.windowSec})
                       THEN 1 ELSE r.count + 1 END
        RETURNING count, window_start`,
  );
  const count = Number(row?.count ?? 1);
  const started = new Date(row?.window_start ?? now).getTime();
  const retryAfterSec = Math.max(1, Math.ceil((started + rule.windowSec * 1000 - now.getTime()) / 1000));
  return { allowed: count <= rule.max, count, retryAfterSec };
}

/** Removes windows that ended long ago (run now and then; a stale row is harmless, only space). */
export async function pruneRateLimits(db: Db, olderThanSec = 3600, now = new Date()): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limits WHERE window_start < ${now.toISOString()}::timestamptz - make_interval(secs => ${olderThanSec})`,
  );
}

const lastPrune = new WeakMap<object, number>();

/** Old windows are deleted at most every 10 minutes per process, so the table stays small. */
async function pruneNowAndThen(db: Db, now: Date): Promise<void> {
  if (now.getTime() - (lastPrune.get(db) ?? 0) < 600_000) return;
  lastPrune.set(db, now.getTime());
  await pruneRateLimits(db, 3600, now);
}

export type AuthAction = "sign-in" | "sign-up" | "reset";

/** The rules: sign-in 5/min per address+e-mail and 20/min per address; sign-up and reset 5/min per address. */
export const AUTH_RULES: Record<AuthAction, { perIp: RateRule; perIpEmail?: RateRule }> = {
  "sign-in": { perIp: { max: 20, windowSec: 60 }, perIpEmail: { max: 5, windowSec: 60 } },
  "sign-up": { perIp: { max: 5, windowSec: 60 } },
  reset: { perIp: { max: 5, windowSec: 60 } },
};

/**
 * Counts one attempt of an account action; throws a 429 AppError with the spec-style message when
 * a rule is exceeded. `ip` is the client address (see TRUST_PROXY); `email` the address tried.
 */
export async function limitAuthAttempt(
  db: Db,
  action: AuthAction,
  who: { ip: string; email?: string | null },
  now = new Date(),
): Promise<void> {
  const rules = AUTH_RULES[action];
  const checks: Promise<RateResult>[] = [consumeRateLimit(db, `${action}:ip:${who.ip}`, rules.perIp, now)];
  if (rules.perIpEmail && who.email) {
    const email = who.email.trim().toLowerCase().slice(0, 254);
    checks.push(consumeRateLimit(db, `${action}:ip-email:${who.ip}:${email}`, rules.perIpEmail, now));
  }
  const results = await Promise.all(checks);
  await pruneNowAndThen(db, now);
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length) {
    const retryAfterSec = Math.max(...blocked.map((r) => r.retryAfterSec));
    throw new AppError("rate_limited", MESSAGES.tooManyAttempts, { retryAfterSec });
  }
}
