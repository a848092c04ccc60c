import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";

/**
 * The relaxed leg (issue 32, ADR 0066): any of the query's meaningful words, not all of them. The
 * words are PostgreSQL's English stems with its stop words dropped ("summarise youtube videos into
 * notes" → summaris | youtub | video | note), each weighted by how rare it is in the catalogue
 * (BM25's inverse document frequency, from ts_stat over the published tools, kept per content
 * version), times its field-weighted rank in the search vector (name A, tags and category B, one-line
 * and editors' summary C, long text D). A word on most listings ('ai', 'tool') is dropped unless it
 * is all the query has, so a query with one meaningful word never returns nothing.
 */

const LexemeRow = z.object({ lexemes: z.array(z.string()) });
const DfRow = z.object({ word: z.string(), ndoc: z.number() });
const IdRow = z.object({ id: z.string() });

/** A word on more than this share of the catalogue says nothing about which tool is meant. */
const COMMON_SHARE = 0.12;
const MAX_WORDS = 10;

export type DocumentFrequencies = { total: number; df: Map<string, number> };

/** How many published tools carry each stem (ts_stat), once per content version. */
export function documentFrequencies(db: Db): Promise<DocumentFrequencies> {
  return memoByVersion(db, "catalog:search-df", async () => {
    const rows = await queryRows(
      db,
      sql`SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM tools WHERE status = ''active''')`,
      DfRow,
    );
    const [count] = await queryRows(
      db,
      sql`SELECT count(*)::int AS ndoc, '' AS word FROM tools WHERE status = 'active'`,
      DfRow,
    );
    return { total: count?.ndoc ?? 0, df: new Map(rows.map((r) => [r.word, r.ndoc])) };
  });
}

/** The query's English stems, stop words dropped (the same parser the search vector is built with). */
export async function queryStems(db: Db, q: string): Promise<string[]> {
  const [row] = await queryRows(
    db,
    sql`SELECT coalesce(tsvector_to_array(to_tsvector('english', ${q.slice(0, 300)})), '{}') AS lexemes`,
    LexemeRow,
  );
  // Letters and digits only, so every stem is a plain tsquery term.
  return (row?.lexemes ?? []).filter((l) => /^[\p{L}\p{N}]+$/u.test(l)).slice(0, MAX_WORDS);
}

export type WeightedStem = { stem: string; idf: number };

/**
 * The query's words worth looking up, with their weights, and whether they are only common ones
 * (every meaningful word is on more than COMMON_SHARE of the catalogue: kept because nothing else is left).
 */
export function weighStems(stems: string[], freq: DocumentFrequencies): { words: WeightedStem[]; common: boolean } {
  const n = Math.max(freq.total, 1);
  const weighed = stems
    .map((stem) => {
      const df = freq.df.get(stem) ?? 0;
      return { stem, df, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) };
    })
    .filter((s) => s.df > 0);
  const specific = weighed.filter((s) => s.df / n <= COMMON_SHARE);
  return {
    words: (specific.length ? specific : weighed).map(({ stem, idf }) => ({ stem, idf })),
    common: !specific.length,
  };
}

/**
 * The relaxed leg's ranked tool ids (at most `limit`), under the listing's filters. `strictFound`: the
 * strict (lexical) search found something. Common words are kept only so that a query never returns
 * nothing; when the strict search has answered, a leg of common words alone adds no tool worth its
 * cost: it ranks a large share of the catalogue ('generator' is on 38 % of the tools, 37,211 of them at
 * 100,000: 250–290 ms on PostgreSQL, issue 32's slowest searches).
 */
export async function relaxedLeg(
  db: Db,
  q: string,
  filters: SQL,
  limit: number,
  strictFound: boolean,
): Promise<string[]> {
  const [stems, freq] = await Promise.all([queryStems(db, q), documentFrequencies(db)]);
  const { words, common } = weighStems(stems, freq);
  if (!words.length || (common && strictFound)) return [];
  const any = sql`to_tsquery('simple', ${words.map((w) => w.stem).join(" | ")})`;
  const score = sql.join(
    words.map(
      (w) =>
        sql`${w.idf}::real * ts_rank('{0.1, 0.2, 0.4, 1.0}'::real[], t.search_vector, to_tsquery('simple', ${w.stem}), 32)`,
    ),
    sql` + `,
  );
  const rows = await queryRows(
    db,
    sql`SELECT t.id::text AS id FROM tools t WHERE ${filters} AND t.search_vector @@ ${any}
        ORDER BY (${score}) DESC, t.rating_score DESC NULLS LAST, t.id LIMIT ${limit}`,
    IdRow,
  );
  return rows.map((r) => r.id);
}
