import { seedCatalog } from "../server/modules/catalog/index.ts";
import { systemClock } from "../server/platform/clock.ts";
import { openDatabase } from "../server/platform/db/index.ts";
import { evaluateRelevance, loadBaseline, type RelevanceReport } from "../tests/relevance/relevance.ts";

/**
 * Relevance is judged on the real catalogue, not on the benchmark's synthetic one: a fresh
 * in-memory PGlite, migrated and seeded, runs the judged set (tests/relevance/queries.json).
 */
export async function measureRelevance(): Promise<RelevanceReport & { baseline: { hit3: number; mrr: number } }> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    await seedCatalog(database.db, systemClock);
    return { ...(await evaluateRelevance(database.db)), baseline: loadBaseline() };
  } finally {
    await database.close();
  }
}

export function renderRelevance(r: Awaited<ReturnType<typeof measureRelevance>>): string[] {
  const f = (n: number) => n.toFixed(3);
  const out = [
    `### Search relevance (${r.count} judged queries, seeded catalogue, PGlite)`,
    "",
    `hit@3 **${f(r.hit3)}** (baseline ${f(r.baseline.hit3)}), MRR **${f(r.mrr)}** (baseline ${f(r.baseline.mrr)}) — ${
      r.hit3 >= r.baseline.hit3 && r.mrr >= r.baseline.mrr ? "at or above the baseline" : "**below the baseline**"
    }.`,
    "",
    "| kind | n | hit@3 | MRR |",
    "| --- | ---: | ---: | ---: |",
    ...Object.entries(r.byKind).map(([kind, k]) => `| ${kind} | ${k.count} | ${f(k.hit3)} | ${f(k.mrr)} |`),
    "",
  ];
  const misses = r.queries.filter((s) => s.rank === null || s.rank > 3);
  if (misses.length) {
    out.push("Outside the top 3:", "");
    for (const s of misses)
      out.push(`- \`${s.q}\` → ${s.rank ?? "not in the top 10"} (top: ${s.top.slice(0, 3).join(", ")})`);
    out.push("");
  }
  return out;
}
