import { type SQL, sql } from "drizzle-orm";

/**
 * Search text → SQL. Full-text (weighted vector, prefix terms so search-as-you-type works) OR
 * trigram similarity on the name (so 'midjurney' still finds Midjourney). Ranking puts an exact
 * name first, then name prefixes, then text rank and name similarity.
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

export type SearchSql = { where: SQL; rank: SQL; nameMatch: SQL; nameTier: SQL };

/** Typo tolerance on the compact name needs a few letters to mean anything. */
const MIN_TYPO_LENGTH = 4;

/**
 * `narrowTo` (one of the query's terms, see rarestTerm) makes the full-text index look up only that
 * term; the full query is then checked on those rows with ts_match_vq (the function behind `@@`,
 * which no index serves). Every term is in the full query, so the same rows match either way.
 */
export function buildSearch(q: string, narrowTo: string | null = null): SearchSql | null {
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
  const where = sql`(${text}${typo})`;
  const rank = sql`(
    CASE WHEN t.search_name = ${whole} OR t.name_key = ${compact} THEN 100
         WHEN starts_with(t.search_name, ${whole}) OR starts_with(t.name_key, ${compact}) THEN 20 ELSE 0 END
    + ts_rank(t.search_vector, ${tsq}) * 10
    + similarity(t.name_key, ${compact}) * 8)`;
  // For broad searches: the exact name and name prefixes come first (few rows, found by index:
  // tools_search_name_prefix_idx serves the equality and the prefix, tools_dedupe_uq the name key).
  // `whole` holds only letters, digits and spaces, so it needs no LIKE escaping.
  const nameMatch = sql`(t.search_name = ${whole} OR t.name_key = ${compact} OR t.search_name LIKE ${`${whole}%`})`;
  const nameTier = sql`(CASE WHEN t.search_name = ${whole} OR t.name_key = ${compact} THEN 0 ELSE 1 END)`;
  return { where, rank, nameMatch, nameTier };
}
