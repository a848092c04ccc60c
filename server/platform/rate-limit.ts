import { z } from "zod";
import { type Db, queryRows, sql } from "./db/index.ts";

/**
 * Fixed-window rate limiting on the `rate_limits` table, so every app instance shares the counts.
 * One statement counts the attempt and says whether it is within the rule (no read-then-write
 * race): a window older than `windowSec` restarts at 1.
 */
export type RateRule = { max: number; windowSec: number };
export type RateResult = { allowed: boolean; count: number; retryAfterSec: number };

// Every rate-limited request runs this statement: the row schema is built once (issue 19).
const CounterRow = z.object({ count: z.number(), window_start: z.string() });

export async function consumeRateLimit(db: Db, key: string, rule: RateRule, now: Date): Promise<RateResult> {
  const [row] = await queryRows(
    db,
    sql`INSERT INTO rate_limits AS r (key, window_start, count, window_sec)
        VALUES (${key}, ${now.toISOString()}::timestamptz, 1, ${rule.windowSec})
        ON CONFLICT (key) DO UPDATE SET
          window_sec = EXCLUDED.window_sec,
          window_start = CASE WHEN r.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${rule.windowSec})
                              THEN EXCLUDED.window_start ELSE r.window_start END,
          count = CASE WHEN r.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${rule.windowSec})
                       THEN 1 ELSE r.count + 1 END
        RETURNING count, window_start`,
    CounterRow,
  );
  const count = Number(row?.count ?? 1);
  const started = new Date(row?.window_start ?? now).getTime();
  const retryAfterSec = Math.max(1, Math.ceil((started + rule.windowSec * 1000 - now.getTime()) / 1000));
  return { allowed: count <= rule.max, count, retryAfterSec };
}

/**
 * Removes windows that have ended (run now and then; a stale row is harmless, only space). Each row
 * keeps its rule's window: pruning by one fixed age would reset a day's rule an hour in (issue 31).
 */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limits WHERE window_start + make_interval(secs => window_sec) <= ${now.toISOString()}::timestamptz`,
  );
}
