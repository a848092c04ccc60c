import { type SQL, sql } from "drizzle-orm";

/**
 * How Toolscape orders tools (issue 20 item 5, issue 22 item 5; ADR 0029). Every figure that decides
 * an order lives here as a named constant: the search rank (search.ts), the rating sorts (tools.ts),
 * the review rules (community/tool-rating.ts) and the /how-we-rank page all read these, so the page
 * cannot describe a formula the code does not use (tests/integration/ranking-trust.db.test.ts).
 * No constant depends on money: there is no paid placement anywhere in an order.
 */

/** Points a search match earns (ADR 0015); the rank is their sum plus the popularity prior. */
export const SEARCH_WEIGHTS = {
  /** the query is the tool's name (or its name without spaces) */
  exactName: 100,
  /** the name is the query with two adjacent letters swapped ('cluade' → Claude) */
  transposedName: 90,
  /** the name starts with the query… */
  namePrefix: 20,
  /** …plus up to this much more the more of the name the query covers */
  namePrefixCoverage: 10,
  /** the name starts with a transposed query */
  transposedPrefix: 15,
  /** × the full-text rank (name > tags/category/provider > one-line description > long text) */
  textRank: 10,
  /** × the full-text rank of the catalogue phrases an intent phrase maps to (synonyms.ts) */
  intentRank: 10,
  /** × the trigram similarity of the names (typos) */
  nameSimilarity: 8,
  /** the tool carries a tag or category the query names (ADR 0035: 'music generator' → 'Music') */
  facet: 6,
} as const;

/**
 * A category query (ADR 0035: a synonym rule fired, or the query names a tag or category of two or
 * more words) asks "which tools of this kind", so the text ranks count this much, name similarity
 * nothing, and the popularity prior this many times its points (at most cap × priorScale).
 */
export const CATEGORY_QUERY = { textScale: 0.5, priorScale: 2 } as const;

/**
 * Words that do not make a name a brand (ADR 0035): under a category query, a name made only of the
 * query's own words and these ('Free Text-To-Speech', 'AI Music Generator') is descriptive and gets
 * no name points. Stemmed like the names (English).
 */
export const DESCRIPTIVE_FILLER = [
  "ai",
  "free",
  "online",
  "app",
  "tool",
  "tools",
  "best",
  "pro",
  "the",
  "by",
  "for",
  "your",
  "my",
] as const;

/**
 * The popularity prior: at most `cap` points, enough to order close matches (the featured ChatGPT
 * above a second ChatGPT), never enough to pass a better name match. Reviews count only once they
 * count in the rating (REVIEW_GATE); featured is the editors' flag, never derived from ratings.
 */
export const POPULARITY_WEIGHTS = {
  featured: 2.5,
  /** × ln(1 + n) for each of: outbound clicks, counted reviews, saves */
  perLog: 0.4,
  /** × ln(n) for n independent curated source lists carrying the tool (ADR 0035; 0 for one list) */
  perListing: 1.5,
  /** × how far the Bayesian score (ADR 0029) is above the catalogue's mean, in stars */
  perRatingPoint: 2,
  cap: 5,
} as const;

/** Searches with more matches than this list name matches first, then the catalogue's order. */
export const RANK_ALL_UP_TO = 300;

/**
 * Rating sorts use a Bayesian average: the tool's counted reviews plus PRIOR_WEIGHT imaginary reviews
 * at the catalogue's mean. One 5-star review moves a tool a sixth of the way from the mean to 5, not
 * to 5: a handful of reviews cannot outrank many.
 */
export const RATING_PRIOR_WEIGHT = 5;
/** The prior before any review counts (a neutral middle of the 1–5 scale). */
export const RATING_PRIOR_DEFAULT = 3;
/** How often the prior and the time-gated reviews are recounted (community/tool-rating.ts refreshRatings). */
export const RATING_REFRESH_EVERY_MS = 15 * 60_000;

/**
 * A review counts (rating, count, ranking, popularity prior) only when its author's account is at
 * least `minAccountAgeHours` old and the author's e-mail address is verified; until then it waits.
 */
export const REVIEW_GATE = { minAccountAgeHours: 24, emailVerified: true } as const;

/**
 * The one account gate in SQL (REVIEW_GATE): the account `u` (a users alias) is old enough at `at` and
 * its address verified. Reviews (community countedReview) and every popularity signal that feeds an
 * order — saves in the search prior and in trending — count only such accounts (issue 31: saves from
 * five new accounts moved a tool from #11 to #5).
 */
export function passesAccountGate(u: string, at: SQL): SQL {
  const alias = sql.raw(u);
  return sql`(${REVIEW_GATE.emailVerified ? sql`${alias}.email_verified` : sql`true`}
    AND ${alias}.created_at <= ${at} - make_interval(hours => ${sql.raw(String(REVIEW_GATE.minAccountAgeHours))}))`;
}

/**
 * Hybrid retrieval (issue 32, ADR 0066, ADR 0074): each leg ranks at most `window` tools, and
 * reciprocal-rank fusion orders their union by Σ weight / (k + rank in that leg). The lexical leg (the
 * ranking above: names, full text, intent, facets, the prior) weighs most; when it found
 * `strictEnough` tools or more, the relaxed and vector legs (`quietLegs`) count only `quietShare` of
 * their weight, so a name or category search stays what it was (the judged set's 0.97 / 0.94). The
 * tasks leg (the tools of the tasks the query names, curated and tested) keeps its weight: a task's
 * match is a phrasing an editor wrote. Chosen on the even lines of jobs.json and queries.json,
 * holding the hidden set at its recorded scores (ADR 0074 has the figures, the odd lines held out).
 */
export const FUSION = {
  k: 3,
  window: 50,
  weights: { lexical: 2, relaxed: 1, vector: 1, tasks: 3 },
  strictEnough: 5,
  quietShare: 0.5,
  quietLegs: ["relaxed", "vector"],
} as const;
