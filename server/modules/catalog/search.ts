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

export type SearchSql = { where: SQL; rank: SQL; nameTier: SQL };

export function buildSearch(q: string): SearchSql | null {
  const terms = searchTerms(q);
  if (!terms.length) return null;
  const tsquery = terms.map((t) => `${t}:*`).join(" & ");
  const whole = terms.join(" ");
  const compact = terms.join("");
  const tsq = sql`to_tsquery('english', ${tsquery})`;
  const where = sql`(t.search_vector @@ ${tsq} OR t.search_name % ${whole} OR ${whole} <% t.search_name)`;
  const rank = sql`(
    CASE WHEN t.search_name = ${whole} OR t.name_key = ${compact} THEN 100
         WHEN starts_with(t.search_name, ${whole}) THEN 20 ELSE 0 END
    + ts_rank(t.search_vector, ${tsq}) * 10
    + similarity(t.search_name, ${whole}) * 8)`;
  // Cheap ordering for broad searches: exact name, then name prefix, then the rest.
  const nameTier = sql`(CASE WHEN t.search_name = ${whole} OR t.name_key = ${compact} THEN 0
                         WHEN starts_with(t.search_name, ${whole}) THEN 1 ELSE 2 END)`;
  return { where, rank, nameTier };
}
