import { sql } from "drizzle-orm";
import { z } from "zod";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";

/**
 * "Did you mean" (issue 32 item 5): a query word the catalogue never uses, replaced by the most similar
 * word it uses often (trigram similarity, as pg_trgm computes it), when one is close enough. The
 * vocabulary is the published tools' names, one-line descriptions and tags, once per content version.
 */

const TextRow = z.object({ text: z.string() });
const MIN_SIMILARITY = 0.4;
/** a word on fewer listings is as likely a typo of the catalogue's own as a word to suggest */
const MIN_USES = 3;
const MIN_WORD = 4;

function vocabulary(db: Db): Promise<Map<string, number>> {
  return memoByVersion(db, "catalog:search-vocabulary", async () => {
    const rows = await queryRows(
      db,
      sql`SELECT lower(name || ' ' || description || ' ' || array_to_string(tags, ' ')) AS text FROM tools WHERE status = 'active'`,
      TextRow,
    );
    const counts = new Map<string, number>();
    for (const r of rows) {
      for (const w of new Set(r.text.match(/\p{L}[\p{L}\p{N}]*/gu) ?? [])) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    return counts;
  });
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared || 1);
}

/** The query with its unknown words corrected, or null when every word is known or none is close. */
export async function didYouMean(db: Db, terms: string[]): Promise<string | null> {
  if (!terms.length) return null;
  const vocab = await vocabulary(db);
  let changed = false;
  const words = terms.map((term) => {
    if (term.length < MIN_WORD || vocab.has(term) || /\d/.test(term)) return term;
    let best: { word: string; score: number } | null = null;
    for (const [word, uses] of vocab) {
      if (uses < MIN_USES || Math.abs(word.length - term.length) > 2) continue;
      const score = trigramSimilarity(term, word) + Math.log10(uses) / 100; // a tie goes to the commoner word
      if (score >= MIN_SIMILARITY && (!best || score > best.score)) best = { word, score };
    }
    if (!best) return term;
    changed = true;
    return best.word;
  });
  return changed ? words.join(" ") : null;
}
