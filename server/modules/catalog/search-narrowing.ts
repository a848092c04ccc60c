import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";

/**
 * Which word of a multi-word search the full-text index should look up on its own.
 *
 * A search for 'studio pro' is `studio:* & pro:*`. GIN answers a prefix term by collecting every
 * posting of every lexeme it covers ('pro:*' covers tens of thousands of rows at 100,000 tools)
 * before intersecting, so one common word makes the whole index scan slow. When one word is much
 * rarer than the others, the search looks up only that word in the index and rechecks the full
 * query on those rows (see buildSearch): the same rows match, far fewer postings are read.
 *
 * Word frequencies come from PostgreSQL's own statistics on the search vector (ANALYZE's
 * most_common_elems, about 1,000 lexemes with their share of rows). A prefix's share is the sum of
 * the shares of the common lexemes it covers; a prefix that covers none of them is rarer than the
 * rarest common lexeme. The estimate only chooses the plan, never the results, so statistics a
 * little out of date (they move at ANALYZE, not at every edit) cost at most some speed.
 */

/** Narrow only when the rarest word is at most this share of the next rarer one. */
const NARROW_RATIO = 0.25;
/** Prefixes this short cover too many rare lexemes for the common-lexeme sum to bound them. */
const MIN_STEM_LENGTH = 3;
/**
 * Nor when the rarest word itself is in many rows: every one of them is read and rechecked, where
 * the index would have intersected the words' postings first (measured: 'learning tools' and
 * 'marketing ai', both past the cap, 18–29 ms → 32–53 ms when narrowed).
 */
const NARROW_MAX_ROWS = 2_000;
const STATS_TTL_MS = 60_000;
const MAX_STEMS = 5_000;

type Stats = { at: number; lexemes: string[]; freqs: number[]; floor: number; rows: number };
const statsByDb = new WeakMap<Db, Stats>();
const stemCache = new Map<string, string[]>();

/** pg_stats on search_vector (no row before the first ANALYZE); reltuples is real. */
const StatsRow = z.object({
  elems: z.array(z.string()).nullable(),
  freqs: z.array(z.number()).nullable(),
  rows: z.number(),
});
const StemRow = z.object({ term: z.string(), lexemes: z.array(z.string()) });

async function loadStats(db: Db): Promise<Stats> {
  const cached = statsByDb.get(db);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached;
  const [row] = await queryRows(
    db,
    sql`SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs,
               (SELECT c.reltuples FROM pg_class c WHERE c.oid = 'tools'::regclass) AS rows
        FROM pg_stats s WHERE s.schemaname = current_schema() AND s.tablename = 'tools' AND s.attname = 'search_vector'`,
    StatsRow,
  );
  const lexemes = toArray(row?.elems).map(String);
  const freqs = toArray(row?.freqs).map(Number);
  // most_common_elem_freqs ends with the minimum, maximum and null share after the per-lexeme ones.
  const perLexeme = freqs.slice(0, lexemes.length);
  const floor = perLexeme.length ? Math.min(...perLexeme) : Number.NaN;
  const stats = { at: Date.now(), lexemes, freqs: perLexeme, floor, rows: Number(row?.rows ?? 0) };
  statsByDb.set(db, stats);
  return stats;
}

/** Forgets the cached statistics of `db` (after an ANALYZE, so the next search reads the new ones). */
export function forgetSearchStatistics(db: Db): void {
  statsByDb.delete(db);
}

/** Drivers return arrays parsed or as PostgreSQL's text form, depending on the engine. */
function toArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string" || !value.startsWith("{")) return [];
  const body = value.slice(1, -1);
  if (!body) return [];
  return body.split(",").map((s) => s.replace(/^"(.*)"$/, "$1"));
}

/** Each term's lexemes under the 'english' configuration, as the search vector holds them. */
async function stems(db: Db, terms: string[]): Promise<Map<string, string[]>> {
  const missing = [...new Set(terms.filter((t) => !stemCache.has(t)))];
  if (missing.length) {
    const rows = await queryRows(
      db,
      sql`SELECT term, tsvector_to_array(to_tsvector('english', term)) AS lexemes
          FROM unnest(ARRAY[${sql.join(
            missing.map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]) AS term`,
      StemRow,
    );
    for (const row of rows) {
      if (stemCache.size >= MAX_STEMS) stemCache.delete(stemCache.keys().next().value as string);
      stemCache.set(row.term, toArray(row.lexemes).map(String));
    }
  }
  return new Map(terms.map((t) => [t, stemCache.get(t) ?? []]));
}

/** Estimated share of rows holding a lexeme that starts with `stem`. */
function prefixShare(stats: Stats, stem: string): number {
  let sum = 0;
  let covered = false;
  for (let i = 0; i < stats.lexemes.length; i++) {
    if ((stats.lexemes[i] as string).startsWith(stem)) {
      sum += stats.freqs[i] as number;
      covered = true;
    }
  }
  return covered ? sum : stats.floor;
}

/**
 * The term to look up in the index alone, or null (one word, no statistics yet, no word much rarer
 * than the rest, or a rarest word still in many rows). `terms` are searchTerms' output.
 */
export async function rarestTerm(db: Db, terms: string[]): Promise<string | null> {
  if (terms.length < 2) return null;
  const stats = await loadStats(db);
  if (!stats.lexemes.length || !(stats.rows > 0)) return null;
  const lexemes = await stems(db, terms);
  const shares: { term: string; share: number; narrowable: boolean }[] = [];
  for (const term of terms) {
    const found = lexemes.get(term) ?? [];
    if (found.length === 0) continue; // a stop word: not part of the text query
    const stem = found[0] as string;
    const narrowable = found.length === 1 && stem.length >= MIN_STEM_LENGTH;
    shares.push({ term, share: prefixShare(stats, stem), narrowable });
  }
  if (shares.length < 2) return null;
  // Narrowable words first, rarest first; then the others.
  shares.sort((a, b) => (a.narrowable === b.narrowable ? a.share - b.share : a.narrowable ? -1 : 1));
  const [rarest, next] = shares as [(typeof shares)[number], (typeof shares)[number]];
  return rarest.narrowable && rarest.share <= next.share * NARROW_RATIO && rarest.share * stats.rows <= NARROW_MAX_ROWS
    ? rarest.term
    : null;
}
