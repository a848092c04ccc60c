import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { yieldToEventLoop } from "../../platform/yield.ts";
import { type DuplicateCandidate, type ScoredPair, withSides } from "./duplicate-sides.ts";

/**
 * Probable duplicates (issue 13): one product listed twice under two names or domains. The importer
 * refuses exact repeats (name key + domain key, ADR 0003); this finds the rest for an admin to judge:
 *  - names that are the same or nearly so (trigram similarity of the compact name),
 *  - descriptions copied between listings,
 *  - sites that end on the same registrable domain (the link checker's final URLs, else the listed one).
 * A shared domain alone is common (one company, several products), so it counts only together with a
 * similar name or description, or when both sites end on the very same address.
 */

export const DUPLICATE_THRESHOLDS = {
  /** a name pair is looked at from here… */
  nameFloor: 0.4,
  /** …and proposed on its own from here when the descriptions agree a little */
  nameStrong: 0.6,
  descriptionWith: 0.3,
  /** descriptions this alike are a copy, whatever the names */
  descriptionCopy: 0.8,
  /** with a shared domain, a name or description this alike is enough */
  domainName: 0.4,
  domainDescription: 0.5,
} as const;

const PairRow = z.object({
  a: z.string(),
  b: z.string(),
  name_sim: z.number(),
  desc_sim: z.number(),
  same_name: z.boolean(),
  same_domain: z.string().nullable(),
  same_final: z.boolean(),
});

const LiveTool = z.object({ id: z.string(), name_key: z.string(), site_key: z.string(), description_key: z.string() });
type LiveTool = z.infer<typeof LiveTool>;

/** pg_trgm's trigrams of one word (lower-case alphanumerics, padded "  x "), so thresholds mean the same here. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** At most this long between two turns of the event loop: the job runs in the web process, and requests go on. */
const SLICE_MS = 20;
/**
 * The name join's threshold. A pair of names less alike than `nameStrong` is proposed only with a shared
 * site, and pairs on one site are compared anyway (below); so joining at `nameStrong` misses only pairs
 * on a host with more than 60 listings (an app store), which are not a signal. At 100,000 tools joining
 * at `nameFloor` made 727,153 pairs in 365 s; at `nameStrong`, 253,819.
 */
const NAME_JOIN = DUPLICATE_THRESHOLDS.nameStrong;
/** Shortlisted pairs measured by one statement. */
const PAIRS_PER_STATEMENT = 10_000;

/**
 * The shortlist: pairs with names at least `nameFloor` alike, pairs on one site, and pairs whose
 * descriptions start alike. Pairs come back as [smaller id, larger id].
 *
 * The names are joined by prefix filtering (Bayardo et al., "Scaling up all pairs similarity search"),
 * which finds exactly the pairs a comparison of every tool with every other would: each name's trigrams
 * are ordered rarest first, and two names with a Jaccard similarity of at least t share one of the first
 * |x| − ⌈t·|x|⌉ + 1 trigrams of each. Only those are indexed and probed, so the commonest trigrams ("  a",
 * " ai") are never walked; a name is compared only with names of a length that could reach t. The inverted
 * index over every trigram it replaces walked 97,342 synthetic names' common postings for more than five minutes at
 * 100,000 tools, holding the event loop the whole time.
 */
export async function pairsToCompare(live: LiveTool[]): Promise<[string, string][]> {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  const add = (x: string, y: string) => {
    if (x === y) return;
    const [a, b] = x < y ? [x, y] : [y, x];
    const key = `${a}|${b}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push([a, b]);
  };
  const t = NAME_JOIN;
  // Trigrams as integers ranked rarest first (ties by the trigram), each name's sorted ascending.
  const ids = new Map<string, number>();
  const named = live.map((tool) =>
    [...trigrams(tool.name_key)].map((g) => {
      let id = ids.get(g);
      if (id === undefined) {
        id = ids.size;
        ids.set(g, id);
      }
      return id;
    }),
  );
  await yieldToEventLoop();
  const frequency = new Int32Array(ids.size);
  for (const list of named) for (const g of list) frequency[g] = (frequency[g] as number) + 1;
  const rank = new Int32Array(ids.size);
  [...ids]
    .sort(([a, x], [b, y]) => (frequency[x] as number) - (frequency[y] as number) || (a < b ? -1 : a > b ? 1 : 0))
    .forEach(([, id], r) => {
      rank[id] = r;
    });
  await yieldToEventLoop();
  const grams = named.map((list) => Int32Array.from(list, (g) => rank[g] as number).sort());
  await yieldToEventLoop();
  const sizeOf = (i: number) => (grams[i] as Int32Array).length;
  const sharedCount = (x: Int32Array, y: Int32Array) => {
    let n = 0;
    for (let a = 0, b = 0; a < x.length && b < y.length; ) {
      const d = (x[a] as number) - (y[b] as number);
      if (d === 0) {
        n++;
        a++;
        b++;
      } else if (d < 0) a++;
      else b++;
    }
    return n;
  };
  // Shortest names first: a name is compared with those already indexed, none longer than itself, so
  // each posting list is in length order and its names too short to reach t (|y| < t·|x|) stay behind
  // its start, which only moves on.
  const order = live.map((_, i) => i).sort((a, b) => sizeOf(a) - sizeOf(b));
  const postings: number[][] = Array.from({ length: ids.size }, () => []);
  const starts = new Int32Array(ids.size);
  const stamp = new Int32Array(live.length).fill(-1);
  let sliceStarted = performance.now();
  for (let k = 0; k < order.length; k++) {
    if (performance.now() - sliceStarted > SLICE_MS) {
      await yieldToEventLoop();
      sliceStarted = performance.now();
    }
    const i = order[k] as number;
    const mine = grams[i] as Int32Array;
    const size = mine.length;
    const shortest = t * size - 1e-9;
    const prefix = size - Math.ceil(shortest) + 1;
    for (let p = 0; p < prefix; p++) {
      const g = mine[p] as number;
      const list = postings[g] as number[];
      let from = starts[g] as number;
      while (from < list.length && sizeOf(list[from] as number) < shortest) from++;
      starts[g] = from;
      for (let q = from; q < list.length; q++) {
        const j = list[q] as number;
        if (stamp[j] === k) continue;
        stamp[j] = k;
        const theirs = grams[j] as Int32Array;
        const shared = sharedCount(mine, theirs);
        if (shared / (size + theirs.length - shared) >= t) add((live[i] as LiveTool).id, (live[j] as LiveTool).id);
      }
    }
    for (let p = 0; p < prefix; p++) (postings[mine[p] as number] as number[]).push(i);
  }
  const groups = (key: (t: LiveTool) => string | null) => {
    const by = new Map<string, string[]>();
    for (const t of live) {
      const k = key(t);
      if (!k) continue;
      const list = by.get(k);
      if (list) list.push(t.id);
      else by.set(k, [t.id]);
    }
    for (const ids of by.values()) {
      // A host with very many listings (an app store, a code host) is not a signal.
      if (ids.length > 60) continue;
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) add(ids[i] as string, ids[j] as string);
    }
  };
  groups((t) => t.site_key);
  groups((t) => (t.description_key.length >= 30 ? t.description_key : null));
  return out;
}

const pct = (n: number) => `${Math.round(n * 100)} %`;

/** Every pair the finder proposes, best first (the expensive part: the whole live catalogue is read). */
export async function scoreDuplicatePairs(db: Db): Promise<ScoredPair[]> {
  const T = DUPLICATE_THRESHOLDS;
  const live = await queryRows(
    db,
    sql`SELECT t.id::text AS id, t.name_key, coalesce(ls.final_domain_key, t.domain_key) AS site_key,
          left(regexp_replace(lower(t.description), '[^a-z0-9]+', '', 'g'), 80) AS description_key
        FROM tools t LEFT JOIN tool_link_status ls ON ls.tool_id = t.id
        WHERE t.status = 'active' AND t.merged_into_id IS NULL`,
    LiveTool,
  );
  const candidatePairs = await pairsToCompare(live);
  if (!candidatePairs.length) return [];
  // Only the shortlisted pairs are measured in SQL (pg_trgm's similarity on names and descriptions), a
  // slice at a time: at 100,000 tools the shortlist held 253,819 pairs, and one statement's rows were
  // parsed in one piece of the event loop.
  const siteUrl = (t: string, l: string) =>
    sql.raw(
      `lower(regexp_replace(coalesce(${l}.final_url, ${t}.website_url), '^https?://(www[.])?|[/?#]+$', '', 'g'))`,
    );
  const pairs: z.infer<typeof PairRow>[] = [];
  for (let i = 0; i < candidatePairs.length; i += PAIRS_PER_STATEMENT) {
    if (i > 0) await yieldToEventLoop();
    const slice = candidatePairs.slice(i, i + PAIRS_PER_STATEMENT);
    const as = `{${slice.map((p) => p[0]).join(",")}}`;
    const bs = `{${slice.map((p) => p[1]).join(",")}}`;
    const rows = await queryRows(
      db,
      sql`SELECT p.a::text AS a, p.b::text AS b,
            similarity(ta.name_key, tb.name_key)::float8 AS name_sim,
            similarity(ta.description, tb.description)::float8 AS desc_sim,
            (ta.name_key = tb.name_key) AS same_name,
            CASE WHEN coalesce(la.final_domain_key, ta.domain_key) = coalesce(lb.final_domain_key, tb.domain_key)
              THEN coalesce(la.final_domain_key, ta.domain_key) END AS same_domain,
            (${siteUrl("ta", "la")} = ${siteUrl("tb", "lb")}) AS same_final
          FROM unnest(${as}::uuid[], ${bs}::uuid[]) AS p(a, b)
          JOIN tools ta ON ta.id = p.a AND ta.status = 'active' AND ta.merged_into_id IS NULL
          LEFT JOIN tool_link_status la ON la.tool_id = ta.id
          JOIN tools tb ON tb.id = p.b AND tb.status = 'active' AND tb.merged_into_id IS NULL
          LEFT JOIN tool_link_status lb ON lb.tool_id = tb.id
          WHERE NOT EXISTS (SELECT 1 FROM tool_duplicate_dismissals d WHERE d.tool_a = p.a AND d.tool_b = p.b)`,
      PairRow,
    );
    for (const row of rows) pairs.push(row);
  }

  const scored: ScoredPair[] = [];
  for (const p of pairs) {
    const reasons: string[] = [];
    if (p.same_name) reasons.push("Same name");
    else if (p.name_sim >= T.nameFloor) reasons.push(`Names ${pct(p.name_sim)} alike`);
    if (p.desc_sim >= T.descriptionWith) reasons.push(`Descriptions ${pct(p.desc_sim)} alike`);
    if (p.same_final) reasons.push("Both sites end on the same address");
    else if (p.same_domain) reasons.push(`Both sites are on ${p.same_domain}`);
    const candidate =
      p.same_name ||
      p.same_final ||
      p.desc_sim >= T.descriptionCopy ||
      (p.name_sim >= T.nameStrong && p.desc_sim >= T.descriptionWith) ||
      (p.same_domain !== null && (p.name_sim >= T.domainName || p.desc_sim >= T.domainDescription));
    if (!candidate) continue;
    const score = Math.min(
      1,
      (p.same_name ? 0.5 : p.name_sim * 0.4) + p.desc_sim * 0.3 + (p.same_final ? 0.3 : p.same_domain ? 0.15 : 0),
    );
    scored.push({ a: p.a, b: p.b, score: Math.round(score * 100) / 100, reasons });
  }
  scored.sort((x, y) => y.score - x.score || x.a.localeCompare(y.a) || x.b.localeCompare(y.b));
  return scored;
}

/** Scored now, from the whole catalogue (the API's answer: seconds on a large catalogue). */
export async function findDuplicateCandidates(db: Db, options: { limit?: number } = {}): Promise<DuplicateCandidate[]> {
  const scored = await scoreDuplicatePairs(db);
  return withSides(db, scored.slice(0, options.limit ?? 50));
}
