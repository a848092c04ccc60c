import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ATTACK_LIMITS, ATTACK_RESULTS, attackTableMarkdown } from "../../server/modules/community/index.ts";

/** Issue 35: docs/benchmarks.md carries the attack test's own figures (server/modules/community/attack-results.json). */
describe("the published rating attack", () => {
  it("docs/benchmarks.md has the table the attack test measured", () => {
    const doc = readFileSync("docs/benchmarks.md", "utf8");
    const between = doc.split("<!-- attack-table:start -->")[1]?.split("<!-- attack-table:end -->")[0] ?? "";
    // The formatter pads the table's columns: compare the cells, not the padding.
    const cells = (table: string) =>
      table
        .trim()
        .split("\n")
        .map((row) => row.split("|").map((c) => c.trim().replace(/^-+$/, "---")));
    expect(cells(between)).toEqual(cells(attackTableMarkdown()));
  });

  it("the committed figures cover N = 10, 50, 200 for each attack and stay within the stated limits", () => {
    expect(ATTACK_RESULTS.map((r) => `${r.attack}:${r.accounts}`)).toEqual(
      ["burst", "paced", "related"].flatMap((a) => [10, 50, 200].map((n) => `${a}:${n}`)),
    );
    for (const r of ATTACK_RESULTS) {
      expect(r.targetRankBefore - r.targetRankAfter).toBeLessThanOrEqual(ATTACK_LIMITS.maxRankGain);
      expect(r.rivalRatingBefore - r.rivalRatingAfter).toBeLessThanOrEqual(ATTACK_LIMITS.maxRivalDrop);
      expect(r.featured || r.trending || r.home).toBe(false);
    }
  });
});
