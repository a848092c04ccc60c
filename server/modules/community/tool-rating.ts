import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { passesAccountGate, RATING_PRIOR_DEFAULT } from "../catalog/index.ts";
import { WEIGHTED_RATING, weightedFigures, weightedScore } from "./review-trust.ts";
import { ratingPrior } from "./tables.ts";

// A tool's rating from its reviews: the rule for a review that counts, the stored prior, the
// recount inside a review's write and the scheduled refresh of every tool.

const IdRow = z.object({ id: z.string() });
const StaleRow = z.object({ stale: z.boolean() });
const FiguresRow = z.object({ rating: z.number(), review_count: z.number() });
const MeanRow = z.object({ mean: z.number().nullable(), n: z.number() });

/**
 * The one rule for "this review counts" (ADR 0029): published, not held for a moderator (ADR 0069),
 * and its author's account is at least
 * REVIEW_GATE.minAccountAgeHours old with a verified e-mail address. Rating, count, ranking, the
 * search's popularity prior and the public list all read it. `r` is the reviews alias.
 */
export function countedReview(now: Date) {
  return sql`(r.status = 'published' AND r.withdrawn_at IS NULL AND r.held_at IS NULL AND EXISTS (
    SELECT 1 FROM users gate WHERE gate.id = r.user_id
      AND ${passesAccountGate("gate", sql`${now.toISOString()}::timestamptz`)}))`;
}

const PRIOR = sql`coalesce((SELECT mean FROM rating_prior WHERE id = 1), ${RATING_PRIOR_DEFAULT}::real)`;

/**
 * Recomputes a tool's rating, review count and Bayesian score from its counted reviews, with the
 * stored prior (so every tool's score uses the same prior between refreshes). The tool row is locked
 * first (callers lock it before touching reviews), so concurrent writers queue on it and the last
 * one counts every committed review: the figures are exact, never incremented blindly.
 */
export async function recomputeToolRating(
  tx: Db,
  toolId: string,
  now: Date,
): Promise<{ rating: number; reviewCount: number }> {
  // Weighted by reviewer evidence and recency (review-trust.ts, ADR 0069).
  const [row] = await queryRows(
    tx,
    sql`WITH ${weightedFigures(countedReview(now), sql`r.tool_id = ${toolId}::uuid`, now)}
        UPDATE tools t SET rating = coalesce(s.rating, 0), review_count = coalesce(s.n, 0), rating_score = s.score
        FROM (SELECT x.id, ${WEIGHTED_RATING} AS rating, f.n, ${weightedScore(PRIOR)} AS score
                FROM (SELECT ${toolId}::uuid AS id) x LEFT JOIN f ON f.tool_id = x.id) s
        WHERE t.id = s.id
        RETURNING t.rating, t.review_count`,
    FiguresRow,
  );
  return { rating: Number(row?.rating ?? 0), reviewCount: Number(row?.review_count ?? 0) };
}

/**
 * The recount job (every RATING_REFRESH_EVERY_MS): reviews whose authors' accounts came of age or
 * got verified start counting, weights follow reviewers' evidence and reviews' age, the prior
 * becomes the weighted mean of all counted reviews, and every tool's score is recomputed with it —
 * one statement each, in one transaction, changing only rows whose figures differ. Idempotent.
 */
export async function refreshRatings(db: Db, now: Date): Promise<{ changed: number; prior: number }> {
  return db.transaction(async (tx) => {
    const active = sql`r.tool_id IN (SELECT id FROM tools WHERE status = 'active')`;
    const [mean] = await queryRows(
      tx,
      sql`WITH ${weightedFigures(countedReview(now), active, now)}
          SELECT (sum(f.wr) / nullif(sum(f.wt), 0))::float8 AS mean, coalesce(sum(f.n), 0)::int AS n FROM f`,
      MeanRow,
    );
    const prior = mean?.mean == null ? RATING_PRIOR_DEFAULT : Number(mean.mean);
    await tx
      .insert(ratingPrior)
      .values({ id: 1, mean: prior, reviews: Number(mean?.n ?? 0), computedAt: now })
      .onConflictDoUpdate({
        target: ratingPrior.id,
        set: { mean: sql`excluded.mean`, reviews: sql`excluded.reviews`, computedAt: sql`excluded.computed_at` },
      });
    // An UPDATE of these columns moves the content version (a statement trigger, even when it
    // changes no row) and so empties every page cache: it runs only when some tool's figures differ.
    const differs = sql`(t.rating IS DISTINCT FROM v.rating OR t.review_count IS DISTINCT FROM v.n OR t.rating_score IS DISTINCT FROM v.score)`;
    const figures = sql`${weightedFigures(countedReview(now), sql`true`, now)},
          v AS (SELECT t.id, coalesce(${WEIGHTED_RATING}, 0)::real AS rating, coalesce(f.n, 0)::int AS n,
                       ${weightedScore(sql`${prior}::float8`)} AS score
                  FROM tools t LEFT JOIN f ON f.tool_id = t.id
                 WHERE t.review_count > 0 OR t.rating_score IS NOT NULL OR f.tool_id IS NOT NULL)`;
    const [stale] = await queryRows(
      tx,
      sql`WITH ${figures} SELECT EXISTS (SELECT 1 FROM tools t JOIN v ON v.id = t.id WHERE ${differs}) AS stale`,
      StaleRow,
    );
    if (!stale?.stale) return { changed: 0, prior };
    const changed = await queryRows(
      tx,
      sql`WITH ${figures}
          UPDATE tools t SET rating = v.rating, review_count = v.n, rating_score = v.score
            FROM v WHERE t.id = v.id AND ${differs}
          RETURNING t.id::text AS id`,
      IdRow,
    );
    return { changed: changed.length, prior };
  });
}
