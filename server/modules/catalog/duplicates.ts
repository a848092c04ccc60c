import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import { yieldToEventLoop } from "../../platform/yield.ts";

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

export const DuplicateSide = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  websiteUrl: z.string(),
  finalUrl: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  isFeatured: z.boolean(),
  reviewCount: z.number(),
  rating: z.number(),
  saves: z.number(),
  clicks: z.number(),
  /** timestamptz, as the server's text */
  createdAt: z.string(),
});
export type DuplicateSide = z.infer<typeof DuplicateSide>;

export type DuplicateCandidate = {
  a: DuplicateSide;
  b: DuplicateSide;
  /** 0–1: how sure the finder is */
  score: number;
  reasons: string[];
  /** the listing to keep by default: featured, then more reviews, saves, clicks, then the un-numbered slug, then older */
  suggestedKeep: string;
};

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

const StoredCandidateRow = z.object({
  a: z.string(),
  b: z.string(),
  score: z.number(),
  reasons: z.array(z.string()),
  computed_at: z.string(),
});
const LastComputedRow = z.object({ at: z.string().nullable() });
const ToolNameRow = z.object({ id: z.string(), name: z.string() });
const ReturnedRow = z.object({ n: z.number() });

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

type ScoredPair = { a: string; b: string; score: number; reasons: string[] };

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

/** Both sides of each pair, as the review shows them. */
async function withSides(db: Db, top: ScoredPair[]): Promise<DuplicateCandidate[]> {
  if (!top.length) return [];
  const ids = [...new Set(top.flatMap((p) => [p.a, p.b]))];
  const sides = await queryRows(
    db,
    sql`SELECT t.id::text AS id, t.slug, t.name, t.website_url AS "websiteUrl", ls.final_url AS "finalUrl",
          c.name AS category, t.description, t.is_featured AS "isFeatured", t.review_count AS "reviewCount",
          t.rating::float8 AS rating,
          (SELECT count(*)::int FROM saved_tools s WHERE s.tool_id = t.id) AS saves,
          t.clicks, t.created_at AS "createdAt"
        FROM tools t JOIN categories c ON c.id = t.category_id LEFT JOIN tool_link_status ls ON ls.tool_id = t.id
        WHERE t.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    DuplicateSide,
  );
  const byId = new Map(sides.map((s) => [s.id, s]));
  const out: DuplicateCandidate[] = [];
  for (const p of top) {
    const a = byId.get(p.a);
    const b = byId.get(p.b);
    if (!a || !b) continue;
    out.push({ a, b, score: p.score, reasons: p.reasons, suggestedKeep: keeperOf(a, b).id });
  }
  return out;
}

/** Scored now, from the whole catalogue (the API's answer: seconds on a large catalogue). */
export async function findDuplicateCandidates(db: Db, options: { limit?: number } = {}): Promise<DuplicateCandidate[]> {
  const scored = await scoreDuplicatePairs(db);
  return withSides(db, scored.slice(0, options.limit ?? 50));
}

/** Pairs kept by a refresh: far more than a reviewer works through between two runs. */
export const STORED_CANDIDATES_MAX = 1_000;
export const DUPLICATES_REFRESH_JOB = "catalog.duplicates.refresh";
export const DUPLICATES_REFRESH_EVERY_MS = 6 * 3_600_000;

/** The refresh job's work: the candidate table replaced in one transaction (readers see old or new). */
export async function refreshDuplicateCandidates(db: Db, now: Date): Promise<{ pairs: number }> {
  const scored = (await scoreDuplicatePairs(db)).slice(0, STORED_CANDIDATES_MAX);
  await transaction(db, async (tx) => {
    await tx.execute(sql`DELETE FROM tool_duplicate_candidates`);
    for (let i = 0; i < scored.length; i += 200) {
      const chunk = scored.slice(i, i + 200);
      await tx.execute(
        sql`INSERT INTO tool_duplicate_candidates (tool_a, tool_b, score, reasons, computed_at) VALUES ${sql.join(
          chunk.map(
            (p) =>
              sql`(${p.a}::uuid, ${p.b}::uuid, ${p.score}, ${JSON.stringify(p.reasons)}::jsonb, ${now.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )} ON CONFLICT DO NOTHING`,
      );
    }
  });
  return { pairs: scored.length };
}

/**
 * The review page's list: read from the precomputed table (no scoring here), minus pairs dismissed
 * or merged since the last refresh. `computedAt` is when that refresh ran (null: never).
 */
export async function listStoredDuplicateCandidates(
  db: Db,
  options: { limit?: number } = {},
): Promise<{ candidates: DuplicateCandidate[]; computedAt: string | null }> {
  const rows = await queryRows(
    db,
    sql`SELECT d.tool_a::text AS a, d.tool_b::text AS b, d.score::float8 AS score, d.reasons, d.computed_at
        FROM tool_duplicate_candidates d
        JOIN tools ta ON ta.id = d.tool_a JOIN tools tb ON tb.id = d.tool_b
        WHERE ta.status = 'active' AND ta.merged_into_id IS NULL AND tb.status = 'active' AND tb.merged_into_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM tool_duplicate_dismissals x WHERE x.tool_a = d.tool_a AND x.tool_b = d.tool_b)
        ORDER BY d.score DESC, d.tool_a
        LIMIT ${options.limit ?? 50}`,
    StoredCandidateRow,
  );
  const [last] = await queryRows(
    db,
    sql`SELECT max(computed_at) AS at FROM tool_duplicate_candidates`,
    LastComputedRow,
  );
  const candidates = await withSides(
    db,
    rows.map((r) => ({ a: r.a, b: r.b, score: r.score, reasons: r.reasons })),
  );
  return { candidates, computedAt: last?.at ? new Date(last.at).toISOString() : null };
}

/** Registers the refresh (every 6 hours and at boot); imports and merges ask for one at once. */
export function registerDuplicateJobs(deps: { db: Db; jobs: Jobs }): void {
  deps.jobs.register(DUPLICATES_REFRESH_JOB, async (_payload, ctx) => {
    await refreshDuplicateCandidates(deps.db, ctx.now);
  });
  deps.jobs.every(DUPLICATES_REFRESH_JOB, DUPLICATES_REFRESH_EVERY_MS);
}

/** Asks for a refresh soon (one pending at a time): after an import or a merge. */
export async function requestDuplicateRefresh(jobs: Jobs): Promise<void> {
  await jobs.enqueue({ type: DUPLICATES_REFRESH_JOB, key: "now" });
}

/** The listing that should survive a merge, unless the admin picks the other. */
export function keeperOf(a: DuplicateSide, b: DuplicateSide): DuplicateSide {
  const key = (s: DuplicateSide) => [Number(s.isFeatured), s.reviewCount, s.saves, s.clicks] as const;
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < ka.length; i++) {
    if ((ka[i] as number) !== (kb[i] as number)) return (ka[i] as number) > (kb[i] as number) ? a : b;
  }
  // The importer gives a repeated name a numbered slug ('dreamstudio-2'): the plain one was listed first.
  const numbered = (s: DuplicateSide) => /-\d+$/.test(s.slug);
  if (numbered(a) !== numbered(b)) return numbered(a) ? b : a;
  return new Date(a.createdAt) <= new Date(b.createdAt) ? a : b;
}

export const DismissInput = z.object({
  a: uuidSchema("Choose two tools"),
  b: uuidSchema("Choose two tools"),
});

/** "Not duplicates": the pair leaves the list for good (audited). */
export async function dismissDuplicate(
  db: Db,
  input: { a: string; b: string },
  ctx: { actor: AuditActor; requestId?: string | null },
): Promise<void> {
  const parsed = DismissInput.parse(input);
  if (parsed.a === parsed.b) throw new AppError("bad_request", "Choose two different tools");
  const [lo, hi] = [parsed.a, parsed.b].sort() as [string, string];
  await transaction(db, async (tx) => {
    const found = await queryRows(
      tx,
      sql`SELECT id::text AS id, name FROM tools WHERE id IN (${lo}::uuid, ${hi}::uuid)`,
      ToolNameRow,
    );
    if (found.length !== 2) throw notFound("Tool not found");
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO tool_duplicate_dismissals (tool_a, tool_b, dismissed_by) VALUES (${lo}::uuid, ${hi}::uuid, ${ctx.actor.label})
          ON CONFLICT DO NOTHING RETURNING 1 AS n`,
      ReturnedRow,
    );
    if (!inserted.length) return;
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "tool.duplicate_dismissed",
      targetType: "tool",
      targetId: lo,
      before: null,
      after: { notDuplicateOf: hi, names: found.map((f) => f.name) },
      requestId: ctx.requestId ?? null,
    });
  });
}
