import type { SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { cachedQueryEmbedder, sharedEncoder } from "../../platform/embeddings/index.ts";
import { processWide } from "../../platform/process-wide.ts";
import { FUSION } from "./ranking.ts";
import { type Fused, fuseRanks, LEGS, type Leg, legWeights } from "./search-fusion.ts";
import { relaxedLeg } from "./search-relaxed.ts";
import { didYouMean } from "./search-suggest.ts";
import { vectorLeg } from "./search-vector.ts";
import { tasksLeg } from "./tasks/queries.ts";

/**
 * One ranking everywhere (issue 32 item 1, ADR 0066): the lexical leg (the page's own ranking, given
 * by the caller), the relaxed leg (any meaningful word) and the vector leg (meaning), fused. Every
 * caller of listTools — /api/tools, /tools, /search, category pages, MCP — gets this order.
 */

export type Retrieval = {
  /** how many tools each leg found, within its window (FUSION.window) */
  legs: Record<Leg, number>;
  /** the legs that placed at least one tool on this page, in LEGS order */
  answered_by: Leg[];
  /** the tasks the query names, whose tools are the tasks leg (slugs, best match first) */
  tasks: string[];
  /** the strict (lexical) search found nothing: what is shown comes from the relaxed and vector legs */
  relaxed: boolean;
  /** the query with unknown words corrected, when the strict search found little */
  did_you_mean: string | null;
  /** the vector leg could not run (the model failed to load); the other legs answered */
  vector_unavailable?: true;
  /** the vector leg took longer than the budget (the query's embedding, or the first read of the tools' vectors); the other legs answered (both are kept for next time) */
  vector_skipped?: true;
};

/**
 * The search's settings and its cache of query vectors belong to the process, not to this copy of the
 * module: the pages' build and the API's bundle each hold one (platform/process-wide.ts).
 */
const shared = processWide("catalog.search", () => ({
  queryVector: cachedQueryEmbedder(sharedEncoder()),
  /** How long a search waits for its query's embedding (ms; 0 = always wait); see setVectorBudget. */
  vectorBudgetMs: 0,
  warnVectorFailure: (() => {}) as (message: string, fields: Record<string, unknown>) => void,
}));
const queryVector = (q: string) => shared.queryVector(q);
/**
 * Starts embedding the query while the lexical search runs (the encoder works in its own thread):
 * hybridSearch then finds the vector cached or on its way. Measured on the seeded catalogue (PGlite),
 * searches whose query was new: p95 70 → 55 ms.
 */
export function prefetchQueryVector(q: string): void {
  queryVector(q).catch(() => {}); // a failure is the vector leg's to report, in hybridSearch
}
/**
 * How long a search waits for its query's embedding (ms; 0 = always wait). Set once at start-up from
 * SEARCH_VECTOR_BUDGET_MS: a cold model or a busy machine must not hold up a page; the embedding goes
 * on in the background and is cached, so the same query has its vector leg next time.
 */
export function setVectorBudget(ms: number): void {
  shared.vectorBudgetMs = ms;
}
/**
 * Where a failed vector leg is reported: set once at start-up to the process's logger (startServer). The
 * search still answers from its other legs and says so (`retrieval.vector_unavailable`); the log keeps the
 * cause, which the answer does not show (a cold start lost the leg once in CI, and its cause was not known).
 */
export function setSearchWarning(warn: (message: string, fields: Record<string, unknown>) => void): void {
  shared.warnVectorFailure = warn;
}
const SKIPPED = Symbol("skipped");
function withinBudget<T>(work: Promise<T>): Promise<T | typeof SKIPPED> {
  const vectorBudgetMs = shared.vectorBudgetMs;
  if (!vectorBudgetMs) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof SKIPPED>((resolve) => {
    timer = setTimeout(() => resolve(SKIPPED), vectorBudgetMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
/** the strict search found fewer than this: offer a spelling */
const FEW = 3;

export async function hybridSearch(
  db: Db,
  q: string,
  terms: string[],
  filters: SQL,
  filtered: boolean,
  lexical: string[],
): Promise<{
  fused: Fused[];
  weights: Record<Leg, number>;
  legs: Record<Leg, string[]>;
  retrieval: Omit<Retrieval, "answered_by">;
}> {
  const window = FUSION.window;
  let vectorUnavailable = false;
  let vectorSkipped = false;
  const embedding = queryVector(q);
  embedding.catch(() => {}); // a late failure after the budget ran out is not an unhandled rejection
  const [relaxed, tasks, vector, suggestion] = await Promise.all([
    relaxedLeg(db, q, filters, window, lexical.length > 0),
    tasksLeg(db, q, filters, window),
    // The budget covers the whole leg: the query's embedding, and a process's first read of the tools' vectors.
    withinBudget(embedding.then((v) => vectorLeg(db, v, filters, filtered, window)))
      .then((near) => {
        if (near !== SKIPPED) return near;
        vectorSkipped = true;
        return [];
      })
      .catch((error: unknown) => {
        vectorUnavailable = true; // the search still answers from the other legs
        shared.warnVectorFailure("search: the vector leg failed; the other legs answered", {
          error: error instanceof Error ? error.message : String(error),
          queryChars: q.length,
        });
        return [];
      }),
    lexical.length < FEW ? didYouMean(db, terms) : Promise.resolve(null),
  ]);
  // A query that shares no word with the catalogue (no strict and no relaxed match: 'qqqqzzzz') has an
  // embedding that is noise; its nearest tools would be a random page, so the vector leg stays silent.
  const meaningful = lexical.length > 0 || relaxed.length > 0 || tasks.ids.length > 0;
  // A one-word query the strict search answers well is a name or a category ('enterprise', 'video'):
  // a task whose phrasing holds the word ('enterprise search') is not what was asked for.
  const named = !/\s/.test(q.trim()) && lexical.length >= FUSION.strictEnough;
  const taskIds = named ? [] : tasks.ids;
  const legs = { lexical, relaxed, vector: meaningful ? vector.map((n) => n.id) : [], tasks: taskIds };
  return {
    fused: fuseRanks(legs, { query: q }),
    weights: legWeights(legs, {}, q),
    legs,
    retrieval: {
      legs: Object.fromEntries(LEGS.map((l) => [l, legs[l].length])) as Record<Leg, number>,
      tasks: named ? [] : tasks.tasks,
      relaxed: lexical.length === 0,
      did_you_mean: suggestion,
      ...(vectorUnavailable ? { vector_unavailable: true as const } : {}),
      ...(vectorSkipped ? { vector_skipped: true as const } : {}),
    },
  };
}

export function answeredBy(page: Fused[]): Leg[] {
  return LEGS.filter((leg) => page.some((f) => f.ranks[leg] !== undefined));
}
