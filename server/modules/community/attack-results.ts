import RESULTS from "./attack-results.json" with { type: "json" };

/**
 * The attack we resist, as measured (issue 35, ADR 0069): tests/integration/rating-attack.db.test.ts
 * runs it on every CI run and fails when its figures differ from attack-results.json or break these
 * limits. /how-we-rank and docs/benchmarks.md print the same figures.
 */
export const ATTACK_LIMITS = {
  /**
   * the target may climb at most this many places in its category's top rated (the issue asked for
   * "a few"; measured: 4 for a ring paced under the burst rule, ADR 0069)
   */
  maxRankGain: 4,
  /** the rival's shown rating may drop at most this much (stars) */
  maxRivalDrop: 0.5,
} as const;

export type AttackKind = "burst" | "paced" | "related";

export type AttackResult = {
  attack: AttackKind;
  accounts: number;
  reviews: number;
  /** the attack's reviews held for a moderator */
  held: number;
  /** how long the attack took, in days */
  days: number;
  targetRankBefore: number;
  targetRankAfter: number;
  rivalRankBefore: number;
  rivalRankAfter: number;
  rivalRatingBefore: number;
  rivalRatingAfter: number;
  featured: boolean;
  trending: boolean;
  home: boolean;
};

export const ATTACK_RESULTS: readonly AttackResult[] = RESULTS as AttackResult[];

export const ATTACK_LABELS: Record<AttackKind, string> = {
  burst: "Burst (all in one hour)",
  paced: "Paced under the burst rule",
  related: "Paced, 10 accounts per address",
};

const yesNo = (v: boolean) => (v ? "yes" : "no");

/** One row per attack: the cells /how-we-rank and docs/benchmarks.md both print. */
export function attackRows(results: readonly AttackResult[] = ATTACK_RESULTS): string[][] {
  return results.map((r) => [
    ATTACK_LABELS[r.attack],
    String(r.accounts),
    String(r.days),
    `${r.held} of ${r.reviews}`,
    `${r.targetRankBefore} → ${r.targetRankAfter}`,
    `${r.rivalRatingBefore.toFixed(2)} → ${r.rivalRatingAfter.toFixed(2)} (#${r.rivalRankBefore} → #${r.rivalRankAfter})`,
    `${yesNo(r.featured)} / ${yesNo(r.trending)} / ${yesNo(r.home)}`,
  ]);
}

export const ATTACK_HEADERS = [
  "Attack",
  "Fake accounts",
  "Days",
  "Reviews held",
  "Target's rank in its category",
  "Rival's rating (rank)",
  "Target Featured / trending / home",
];

/** The Markdown table docs/benchmarks.md carries (a unit test compares them). */
export function attackTableMarkdown(results: readonly AttackResult[] = ATTACK_RESULTS): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(ATTACK_HEADERS), line(ATTACK_HEADERS.map(() => "---")), ...attackRows(results).map(line)].join("\n");
}
