import { type SQL, sql } from "drizzle-orm";
import {
  CATEGORY_QUERY as C,
  DESCRIPTIVE_FILLER,
  POPULARITY_WEIGHTS as P,
  passesAccountGate,
  SEARCH_WEIGHTS as W,
} from "./ranking.ts";
import { expandTerms, facetsFor, transpositions } from "./synonyms.ts";

/**
 * Search text → SQL. Full-text (weighted vector, prefix terms so search-as-you-type works) OR
 * trigram similarity on the name (so 'midjurney' still finds Midjourney) OR a name one swap of
 * adjacent letters away ('cluade' → Claude) OR the catalogue phrases an intent phrase expands to
 * (synonyms.ts: 'dub my video…' → dubbing). Ranking puts an exact name first (a transposed exact
 * name just below), then name prefixes, then text rank, expansion rank and name similarity, plus
 * a small popularity prior (featured, outbound clicks, saves, reviews) that decides between
 * otherwise close matches. ADR 0015 has the measurements.
 */

const MAX_TERMS = 8;

/** Letters and digits only, so the tsquery text can never be malformed. */
export function searchTerms(q: string): string[] {
  return (
    q
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_TERMS) ?? []
  );
}

export type SearchSql = {
  where: SQL;
  rank: SQL;
  nameMatch: SQL;
  nameTier: SQL;
  /** rows ranked even in a broad search: under a category query, the tools carrying a named facet */
  rankedWhenBroad: SQL;
  /** the rank's parts, summed into `rank` (explanations read them one by one: explain.ts) */
  parts: { name: SQL; text: SQL; intent: SQL; similarity: SQL; facet: SQL; popularity: SQL };
  /** whether the tool matched the full-text query / an intent phrase, and its name similarity */
  signals: { textMatch: SQL; intentMatch: SQL; similarity: SQL; facetMatch: SQL; descriptive: SQL };
  terms: string[];
  /** the catalogue phrases the query's intent words map to (synonyms.ts) */
  expansions: string[];
  /** the query with two adjacent letters swapped (typo variants looked up as names) */
  transposed: string[];
  /** the catalogue tags/categories the query stands for (synonyms.ts facetsFor) */
  facets: string[];
  /** the query names a kind of tool (ADR 0035): names, text and the prior are weighed for that */
  category: boolean;
};

const n = (v: number) => sql.raw(String(v));

/**
 * The popularity prior, at most 5 points: enough to order two tools of (nearly) the same name or
 * text rank — the featured ChatGPT above a second ChatGPT — never enough to lift a tool past a
 * better name match (a prefix is worth 20, an exact name 100). Logarithmic, so the hundredth click
 * counts for less than the first. Saves are counted through saved_tools_tool_idx (migration 0021), only
 * from accounts that pass the reviews' gate (passesAccountGate);
 * the rank is only computed for searches of at most 300 matches.
 */
export const SAVES_OF_TOOL = sql`(SELECT count(*) FROM saved_tools s JOIN users su ON su.id = s.user_id
  WHERE s.tool_id = t.id AND ${passesAccountGate("su", sql`now()`)})`;
/**
 * ADR 0035 adds two signals no maker can buy: each further independent source list that carries the
 * tool (`listings`, ln so the fourth list adds less than the second), and a rating above the
 * catalogue's mean — the stored Bayesian score (ADR 0029), so one review moves it a sixth of the way.
 */
export const POPULARITY_PRIOR = sql`LEAST(${n(P.cap)}, (CASE WHEN t.is_featured THEN ${n(P.featured)} ELSE 0 END)
  + ${n(P.perLog)} * ln(1 + greatest(t.clicks, 0)) + ${n(P.perLog)} * ln(1 + greatest(t.review_count, 0))
  + ${n(P.perLog)} * ln(1 + ${SAVES_OF_TOOL})
  + ${n(P.perListing)} * ln(greatest(t.listings, 1))
  + ${n(P.perRatingPoint)} * greatest(0, coalesce(t.rating_score, 0) - coalesce((SELECT r.mean FROM rating_prior r WHERE r.id = 1), ${n(5)})))`;

/** Typo tolerance on the compact name needs a few letters to mean anything. */
const MIN_TYPO_LENGTH = 4;

/**
 * `narrowTo` (one of the query's terms, see rarestTerm) makes the full-text index look up only that
 * term; the full query is then checked on those rows with ts_match_vq (the function behind `@@`,
 * which no index serves). Every term is in the full query, so the same rows match either way.
 */
export function buildSearch(
  q: string,
  narrowTo: string | null = null,
  /** the catalogue's facets (search-facets.ts); without it, only a synonym rule makes a category query */
  vocabulary: ReadonlySet<string> | null = null,
): SearchSql | null {
  const terms = searchTerms(q);
  if (!terms.length) return null;
  const tsquery = terms.map((t) => `${t}:*`).join(" & ");
  const whole = terms.join(" ");
  const compact = terms.join("");
  const tsq = sql`to_tsquery('english', ${tsquery})`;
  // Full text (prefix terms) finds words anywhere; trigram similarity on the compact name forgives
  // typos ('midjurney', 'chat gtp'). The compact name avoids the trigram of a lone ' ai', which most
  // names share and which made the name index return thousands of candidates for any '… ai' query.
  const typo = compact.length >= MIN_TYPO_LENGTH ? sql` OR t.name_key % ${compact}` : sql``;
  const text =
    narrowTo && terms.length > 1 && terms.includes(narrowTo)
      ? sql`(t.search_vector @@ to_tsquery('english', ${`${narrowTo}:*`}) AND ts_match_vq(t.search_vector, ${tsq}))`
      : sql`t.search_vector @@ ${tsq}`;
  // Transposed letters: the variants are looked up exactly (tools_dedupe_uq leads with name_key)
  // and as name prefixes (tools_search_name_prefix_idx), so search-as-you-type forgives them too.
  const swapped = transpositions(whole, MIN_TYPO_LENGTH);
  const swappedKeys = [...new Set(swapped.map((v) => v.replace(/ /g, "")))];
  const swapExact = swapped.length
    ? sql`(t.name_key IN (${sql.join(
        swappedKeys.map((v) => sql`${v}`),
        sql`, `,
      )}))`
    : sql`false`;
  const swapPrefix = swapped.length
    ? sql`(${sql.join(
        swapped.map((v) => sql`t.search_name LIKE ${`${v}%`}`),
        sql` OR `,
      )})`
    : sql`false`;
  const swap = swapped.length ? sql` OR ${swapExact} OR ${swapPrefix}` : sql``;
  // Intent phrases: the catalogue phrases they stand for, each a phrase query, any of them.
  const expansions = expandTerms(terms);
  const expandedTsq = expansions.length
    ? sql`(${sql.join(
        expansions.map((p) => sql`phraseto_tsquery('english', ${p})`),
        sql` || `,
      )})`
    : null;
  const expanded = expandedTsq ? sql` OR t.search_vector @@ ${expandedTsq}` : sql``;
  // Category intent (ADR 0035): the tags/categories the query names, matched on search_facets (GIN).
  const facetSets = facetsFor(terms);
  const known = (f: string) => !vocabulary || vocabulary.has(f);
  const facets = [...new Set([...facetSets.curated, ...facetSets.phrases, ...facetSets.single])].filter(known);
  const facetMatch = facets.length
    ? sql`(t.search_facets && ARRAY[${sql.join(
        facets.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[])`
    : sql`false`;
  const facetWhere = facets.length ? sql` OR ${facetMatch}` : sql``;
  // A category query: a rule fired, or the query names a tag/category of two or more words. Decided
  // here, in memory, so the planner folds every CASE on it.
  const isCategory = facetSets.fired || (vocabulary !== null && facetSets.phrases.some((p) => vocabulary.has(p)));
  // A descriptive name merely restates a category query ('AI Music Generator' for 'music generator',
  // 'CodeAssist' for 'code assistant'): its name is no evidence the tool is the one meant, so under a
  // category query its name counts like its description (no name or similarity points).
  const descriptive = isCategory
    ? sql`((cardinality(t.name_terms) > 0
      AND t.name_terms <@ (SELECT tsvector_to_array(to_tsvector('english', ${`${whole} ${DESCRIPTIVE_FILLER.join(" ")}`}))))
    OR (length(t.name_key) >= 4 AND length(t.name_key) < ${compact.length} AND strpos(${compact}, t.name_key) > 0))`
    : sql`false`;
  // Under a category query every name weighs like the tags in the text rank (a name holding the
  // category's words is a naming habit, not evidence), the text and intent ranks count half, name
  // similarity (a typo signal) not at all, and the prominence prior double: the question is no longer
  // "which tool is called this" but "which tools of this kind do people know".
  // The text ranks use normalisation 32 (rank / (rank + 1)): bounded below 1, so a description that
  // repeats the query's word again and again (keyword stuffing) cannot pile up points (ADR 0035).
  const weights = isCategory ? sql`'{0.1, 0.2, 0.4, 0.4}'::real[]` : sql`'{0.1, 0.2, 0.4, 1.0}'::real[]`;
  const textScale = n(isCategory ? C.textScale : 1);
  const where = sql`(${text}${typo}${swap}${expanded}${facetWhere})`;
  // Under a category query only an exact brand name keeps name points: a name that starts with the
  // category's words ('AI Voice Generator Bot' for 'ai voice generator') is a descriptive name too.
  const namePart = isCategory
    ? sql`(CASE WHEN ${descriptive} THEN 0 WHEN t.search_name = ${whole} OR t.name_key = ${compact} THEN ${n(W.exactName)} ELSE 0 END)`
    : sql`(CASE WHEN t.search_name = ${whole} OR t.name_key = ${compact} THEN ${n(W.exactName)}
         WHEN ${swapExact} THEN ${n(W.transposedName)}
         WHEN starts_with(t.search_name, ${whole}) OR starts_with(t.name_key, ${compact})
           THEN ${n(W.namePrefix)} + ${n(W.namePrefixCoverage)} * ${whole.length}::real / greatest(length(t.search_name), 1)
         WHEN ${swapPrefix} THEN ${n(W.transposedPrefix)} ELSE 0 END)`;
  const parts = {
    name: namePart,
    text: sql`(ts_rank(${weights}, t.search_vector, ${tsq}, 32) * ${n(W.textRank)} * ${textScale})`,
    intent: expandedTsq ? sql`(ts_rank(${weights}, t.search_vector, ${expandedTsq}) * ${n(W.intentRank)})` : sql`0`,
    similarity: isCategory ? sql`0` : sql`(similarity(t.name_key, ${compact}) * ${n(W.nameSimilarity)})`,
    facet: sql`(CASE WHEN ${facetMatch} THEN ${n(W.facet)} ELSE 0 END)`,
    popularity: isCategory ? sql`(${POPULARITY_PRIOR} * ${n(C.priorScale)})` : POPULARITY_PRIOR,
  };
  const rank = sql`(${parts.name} + ${parts.text} + ${parts.intent} + ${parts.similarity} + ${parts.facet} + ${parts.popularity})`;
  const signals = {
    textMatch: sql`(t.search_vector @@ ${tsq})`,
    intentMatch: expandedTsq ? sql`(t.search_vector @@ ${expandedTsq})` : sql`false`,
    similarity: sql`similarity(t.name_key, ${compact})`,
    facetMatch,
    descriptive,
  };
  // For broad searches: the exact name and name prefixes come first (few rows, found by index:
  // tools_search_name_prefix_idx serves the equality and the prefix, tools_dedupe_uq the name key).
  // `whole` holds only letters, digits and spaces, so it needs no LIKE escaping.
  const nameMatch = sql`(t.search_name = ${whole} OR t.name_key = ${compact} OR t.search_name LIKE ${`${whole}%`})`;
  const nameTier = sql`(CASE WHEN t.search_name = ${whole} OR t.name_key = ${compact} THEN 0 ELSE 1 END)`;
  const rankedWhenBroad = isCategory ? facetMatch : sql`false`;
  return {
    where,
    rank,
    nameMatch,
    nameTier,
    rankedWhenBroad,
    parts,
    signals,
    terms,
    expansions,
    transposed: swapped,
    facets,
    category: isCategory,
  };
}
