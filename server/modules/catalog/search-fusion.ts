import { FUSION } from "./ranking.ts";

/**
 * Reciprocal-rank fusion (ADR 0066, ADR 0074) of the search's legs: lexical, relaxed, vector and the
 * tools of the tasks the query names. A leg's list is its own order, best first;
 * a tool's fused score is Σ weight / (k + rank) over the legs that list it, ties broken by the
 * better lexical rank, then the better rank anywhere (so the order is total and repeatable).
 */
export const LEGS = ["lexical", "relaxed", "vector", "tasks"] as const;
export type Leg = (typeof LEGS)[number];

export type Fused = { id: string; score: number; ranks: Partial<Record<Leg, number>> };

/**
 * Each leg's weight for this search: the others count less when the strict search found enough. The
 * tasks leg too when the query is one word: a name ('chatgpt') that a task's phrasing happens to hold
 * ('chatgpt alternative') stays a name search.
 */
export function legWeights(
  legs: Partial<Record<Leg, string[]>>,
  weights: Partial<Record<Leg, number>> = {},
  query = "",
): Record<Leg, number> {
  const quiet = (legs.lexical?.length ?? 0) >= FUSION.strictEnough ? FUSION.quietShare : 1;
  const oneWord = query.trim() !== "" && !/\s/.test(query.trim());
  const quieted: readonly Leg[] = oneWord ? [...FUSION.quietLegs, "tasks"] : FUSION.quietLegs;
  return Object.fromEntries(
    LEGS.map((leg) => [leg, (weights[leg] ?? FUSION.weights[leg]) * (quieted.includes(leg) ? quiet : 1)]),
  ) as Record<Leg, number>;
}

export function fuseRanks(
  legs: Partial<Record<Leg, string[]>>,
  options: { k?: number; weights?: Partial<Record<Leg, number>>; query?: string } = {},
): Fused[] {
  const k = options.k ?? FUSION.k;
  const weights = legWeights(legs, options.weights, options.query);
  const byId = new Map<string, Fused>();
  for (const leg of LEGS) {
    const weight = weights[leg];
    (legs[leg] ?? []).forEach((id, i) => {
      const entry = byId.get(id) ?? { id, score: 0, ranks: {} };
      if (entry.ranks[leg] !== undefined) return; // a leg lists a tool once
      entry.ranks[leg] = i + 1;
      entry.score += weight / (k + i + 1);
      byId.set(id, entry);
    });
  }
  const best = (f: Fused) => Math.min(...Object.values(f.ranks));
  return [...byId.values()].sort(
    (a, b) =>
      b.score - a.score ||
      (a.ranks.lexical ?? Number.POSITIVE_INFINITY) - (b.ranks.lexical ?? Number.POSITIVE_INFINITY) ||
      best(a) - best(b) ||
      (a.id < b.id ? -1 : 1),
  );
}
