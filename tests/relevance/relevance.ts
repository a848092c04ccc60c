import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listTools, setVectorBudget, ToolListParams } from "../../server/modules/catalog/index.ts";
import type { Db } from "../../server/platform/db/index.ts";

/**
 * The judged relevance set (queries.json) and its scores: hit@3 (share of queries with a wanted
 * tool among the first three results) and MRR (mean of 1/rank of the first wanted tool within the
 * first ten, 0 when none). Used by the relevance test (against baseline.json) and by `npm run bench`.
 */

const DIR = path.dirname(fileURLToPath(import.meta.url));
const DEPTH = 10;

export type JudgedQuery = { q: string; expect: string[]; kind: string };
export type Scored = JudgedQuery & { rank: number | null; top: string[]; total: number };
export type RelevanceReport = {
  hit3: number;
  mrr: number;
  /** share of queries that found nothing at all (issue 32: never a silent empty page) */
  zero: number;
  count: number;
  byKind: Record<string, { hit3: number; mrr: number; zero: number; count: number }>;
  queries: Scored[];
};
export type JudgedSet = "main" | "hidden" | "jobs";
const FILES: Record<JudgedSet, { queries: string; baseline: string }> = {
  main: { queries: "queries.json", baseline: "baseline.json" },
  hidden: { queries: "hidden-queries.json", baseline: "hidden-baseline.json" },
  // Issue 32's job descriptions, judged before its ranking changes (jobs.json's "about" says how).
  jobs: { queries: "jobs.json", baseline: "jobs-baseline.json" },
};

/**
 * `hidden`: the second set (hidden-queries.json), judged before ADR 0029's changes and never tuned against.
 * `jobs`: issue 32's job descriptions (jobs.json).
 */
export function loadJudgedQueries(set: JudgedSet = "main"): JudgedQuery[] {
  return (JSON.parse(readFileSync(path.join(DIR, FILES[set].queries), "utf8")) as { queries: JudgedQuery[] }).queries;
}

/** `zero` (the highest zero-result rate allowed) is recorded for the jobs set only. */
export function loadBaseline(set: JudgedSet = "main"): { hit3: number; mrr: number; zero?: number } {
  return JSON.parse(readFileSync(path.join(DIR, FILES[set].baseline), "utf8")) as {
    hit3: number;
    mrr: number;
    zero?: number;
  };
}

function summarise(scored: Scored[]): { hit3: number; mrr: number; zero: number; count: number } {
  const n = scored.length || 1;
  const hit3 = scored.filter((s) => s.rank !== null && s.rank <= 3).length / n;
  const mrr = scored.reduce((sum, s) => sum + (s.rank ? 1 / s.rank : 0), 0) / n;
  const zero = scored.filter((s) => s.total === 0).length / n;
  return { hit3, mrr, zero, count: scored.length };
}

/** Runs every judged query through the catalogue's own search (the same call /api/tools makes). */
export async function evaluateRelevance(db: Db, queries = loadJudgedQueries()): Promise<RelevanceReport> {
  // Ranking, not latency: every search waits for its vector leg. A server started earlier in the same
  // worker sets the page budget (SEARCH_VECTOR_BUDGET_MS), which would let a cold leg drop out.
  setVectorBudget(0);
  const scored: Scored[] = [];
  for (const query of queries) {
    const page = await listTools(db, ToolListParams.parse({ q: query.q, limit: String(DEPTH) }));
    const top = page.tools.map((t) => t.slug);
    const index = top.findIndex((slug) => query.expect.includes(slug));
    scored.push({ ...query, rank: index === -1 ? null : index + 1, top, total: page.pagination.total });
  }
  const kinds = [...new Set(scored.map((s) => s.kind))];
  const byKind = Object.fromEntries(kinds.map((k) => [k, summarise(scored.filter((s) => s.kind === k))]));
  return { ...summarise(scored), byKind, queries: scored };
}
