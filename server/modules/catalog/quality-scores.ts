import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

/**
 * The quality order (ADR 0075). Prominence is evidence no maker can buy (the editors' featured flag,
 * independent curated lists, outbound clicks, counted reviews); completeness is what a reader finds on
 * the page; freshness is a recent check or change. Open proposals and digits-first names are penalties.
 */
export const QUALITY_WEIGHTS = {
  prominence: {
    featured: 4,
    /** × ln(1 + n) */
    perListingLog: 1.5,
    perClickLog: 0.4,
    perReviewLog: 0.6,
  },
  completeness: {
    logo: 0.75,
    /** a one-line description of at least 40 characters */
    description: 0.5,
    /** a long description of at least 120 characters */
    fullDescription: 0.5,
    pricingKnown: 0.5,
    features: 0.25,
    editorialSummary: 0.75,
  },
  freshness: {
    /** checked or changed in the last 90 days… */
    recent: 1,
    /** …or in the last year */
    thisYear: 0.5,
  },
  penalty: {
    /** an open retire proposal: under every listing without one */
    retireProposal: 50,
    /** a name that starts with a digit ("008", "01", "123kanfang.com"): never at the head of a page */
    digitsFirst: 20,
    /** an open rename or describe proposal */
    otherProposal: 0.5,
  },
} as const;

/** The quality score of every tool in one statement (the pass ends with it; the seed runs it too). */
export async function refreshQualityScores(db: Db, now: Date): Promise<{ updated: number }> {
  const w = QUALITY_WEIGHTS;
  const at = now.toISOString();
  const rows = await queryRows(
    db,
    sql`WITH s AS (
          SELECT t.id,
            (CASE WHEN t.is_featured THEN ${w.prominence.featured}::float8 ELSE 0 END
              + ${w.prominence.perListingLog}::float8 * ln(1 + t.listings)
              + ${w.prominence.perClickLog}::float8 * ln(1 + t.clicks)
              + ${w.prominence.perReviewLog}::float8 * ln(1 + t.review_count)
              + CASE WHEN coalesce(t.logo_url, '') <> '' THEN ${w.completeness.logo}::float8 ELSE 0 END
              + CASE WHEN length(t.description) >= 40 THEN ${w.completeness.description}::float8 ELSE 0 END
              + CASE WHEN length(t.full_description) >= 120 THEN ${w.completeness.fullDescription}::float8 ELSE 0 END
              + CASE WHEN t.pricing_model <> 'unknown' THEN ${w.completeness.pricingKnown}::float8 ELSE 0 END
              + CASE WHEN cardinality(t.features) > 0 THEN ${w.completeness.features}::float8 ELSE 0 END
              + CASE WHEN coalesce(t.editorial_summary, '') <> '' THEN ${w.completeness.editorialSummary}::float8 ELSE 0 END
              + CASE
                  WHEN greatest(t.last_verified_at, t.facts_changed_at) >= ${at}::timestamptz - interval '90 days'
                    THEN ${w.freshness.recent}::float8
                  WHEN greatest(t.last_verified_at, t.facts_changed_at) >= ${at}::timestamptz - interval '365 days'
                    THEN ${w.freshness.thisYear}::float8
                  ELSE 0 END
              - CASE WHEN EXISTS (SELECT 1 FROM tool_quality_flags f
                                  WHERE f.tool_id = t.id AND f.status = 'open' AND f.action = 'retire')
                  THEN ${w.penalty.retireProposal}::float8 ELSE 0 END
              - CASE WHEN EXISTS (SELECT 1 FROM tool_quality_flags f
                                  WHERE f.tool_id = t.id AND f.status = 'open' AND f.action <> 'retire')
                  THEN ${w.penalty.otherProposal}::float8 ELSE 0 END
              - CASE WHEN t.name ~ '^[0-9]' THEN ${w.penalty.digitsFirst}::float8 ELSE 0 END
            )::real AS score
          FROM tools t)
        UPDATE tools t SET quality_score = s.score FROM s
        WHERE t.id = s.id AND t.quality_score IS DISTINCT FROM s.score
        RETURNING t.id`,
    z.object({ id: z.string() }),
  );
  return { updated: rows.length };
}
