import { type SQL, sql } from "drizzle-orm";
import { RATING_PRIOR_WEIGHT } from "../catalog/index.ts";

/**
 * Reviewer trust (issue 35, ADR 0069): how much one counted review weighs in a tool's rating, from
 * evidence we hold rather than from what the reviewer says.
 *
 * - A reviewer **with a track record** (an account at least `trackRecordMinAgeDays` old with a
 *   contribution an editor accepted: a verified correction or an approved tool submission) weighs 1.
 * - A reviewer **without one** weighs `unprovenBase` plus up to `unprovenAgePart` for the account's
 *   age (full at `unprovenAgeFullMonths`), and all such reviews of one tool together weigh at most
 *   `unprovenCap` — a crowd of unknown accounts counts as a quarter of one trusted reviewer, however
 *   large it is (with a cap of 1 the measured paced attack moved its target 7 places: ADR 0069).
 *   This is the rule that bounds a ring of aged, verified accounts that paces itself under the
 *   burst rule: making accounts is cheap, getting 200 contributions past an editor is not.
 * - **Recency**: every weight halves each `halfLifeMonths` of the review's age, never below
 *   `recencyFloor`. Ages count in whole 30-day months, so a tool's score moves at most once a month
 *   per review (each move empties the page cache).
 *
 * The figures are data here; /how-we-rank prints them, and the attack test (tests/integration/
 * rating-attack.db.test.ts) measures what they allow.
 */
export const TRUST_RULES = {
  trackRecordMinAgeDays: 30,
  unprovenBase: 0.05,
  unprovenAgePart: 0.15,
  unprovenAgeFullMonths: 12,
  unprovenCap: 0.25,
  halfLifeMonths: 12,
  recencyFloor: 0.25,
} as const;

const MONTH_SEC = 30 * 86_400;

/**
 * True when the account `userId` (an SQL expression) has a track record at `now` (a time, or the
 * database's clock when omitted: labels on shown reviews, built once per statement text).
 */
export function trackRecord(userId: SQL, createdAt: SQL, now?: Date): SQL {
  const oldEnough = now
    ? sql`${new Date(now.getTime() - TRUST_RULES.trackRecordMinAgeDays * 86_400_000).toISOString()}::timestamptz`
    : sql`(now() - ${`${TRUST_RULES.trackRecordMinAgeDays} days`}::interval)`;
  return sql`(${createdAt} <= ${oldEnough} AND (
    EXISTS (SELECT 1 FROM corrections tc WHERE tc.user_id = ${userId} AND tc.status = 'verified')
    OR EXISTS (SELECT 1 FROM tool_submissions ts WHERE ts.user_id = ${userId} AND ts.status = 'approved')))`;
}

const months = (at: SQL, now: Date) =>
  sql`floor(greatest(0, extract(epoch FROM (${now.toISOString()}::timestamptz - ${at}))) / ${MONTH_SEC})`;

/**
 * Per tool: `n` counted reviews, `wt` their total weight and `wr` the weighted sum of their ratings,
 * as a CTE named `f` (preceded by `tw` and `tg`). `counted` is the review gate for alias `r`;
 * `scope` narrows the reviews (one tool, or all). rating = wr / wt; score = (wr + prior × 5) / (wt + 5).
 */
export function weightedFigures(counted: SQL, scope: SQL, now: Date): SQL {
  const r = TRUST_RULES;
  return sql`tw AS (
      SELECT r.tool_id, r.rating::float8 AS rating,
             greatest(${r.recencyFloor}::float8, power(0.5::float8, ${months(sql`r.updated_at`, now)} / ${r.halfLifeMonths}::float8)) AS rec,
             ${trackRecord(sql`u.id`, sql`u.created_at`, now)} AS proven,
             (${r.unprovenBase}::float8 + ${r.unprovenAgePart}::float8
               * least(1::float8, ${months(sql`u.created_at`, now)} / ${r.unprovenAgeFullMonths}::float8)) AS own
        FROM reviews r JOIN users u ON u.id = r.user_id
       WHERE ${scope} AND ${counted}),
    tg AS (
      SELECT tool_id, count(*)::int AS n,
             coalesce(sum(rec * rating) FILTER (WHERE proven), 0) AS pr, coalesce(sum(rec) FILTER (WHERE proven), 0) AS pw,
             coalesce(sum(rec * own * rating) FILTER (WHERE NOT proven), 0) AS ur,
             coalesce(sum(rec * own) FILTER (WHERE NOT proven), 0) AS uw
        FROM tw GROUP BY tool_id),
    f AS (
      SELECT tool_id, n, pw + least(uw, ${r.unprovenCap}::float8) AS wt,
             pr + CASE WHEN uw > 0 THEN ur / uw * least(uw, ${r.unprovenCap}::float8) ELSE 0 END AS wr
        FROM tg)`;
}

/** The rating shown (weighted mean, two decimals) and the Bayesian score, over `f`'s columns. */
export const WEIGHTED_RATING = sql`round((f.wr / nullif(f.wt, 0))::numeric, 2)::real`;
export function weightedScore(prior: SQL): SQL {
  return sql`((f.wr + ${prior} * ${RATING_PRIOR_WEIGHT}) / (f.wt + ${RATING_PRIOR_WEIGHT}))::real`;
}
