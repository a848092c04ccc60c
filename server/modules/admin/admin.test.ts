import { describe, expect, it } from "vitest";
import { normaliseMissQuery } from "./daily-tally.ts";
import { growthPct } from "./dashboard.ts";
import { consecutiveDays } from "./user-stats.ts";

describe("admin figures", () => {
  it("growth is a percentage with one decimal, and null without a base", () => {
    expect(growthPct(15, 10)).toBe(50);
    expect(growthPct(2, 3)).toBe(-33.3);
    expect(growthPct(5, 0)).toBeNull();
    expect(growthPct(0, 0)).toBeNull();
  });

  it("counts consecutive days ending today or yesterday", () => {
    const today = "2026-03-01";
    expect(consecutiveDays(["2026-03-01", "2026-02-28", "2026-02-27", "2026-02-25"], today)).toBe(3);
    expect(consecutiveDays(["2026-02-28", "2026-02-27"], today)).toBe(2);
    expect(consecutiveDays(["2026-02-26"], today)).toBe(0);
    expect(consecutiveDays([], today)).toBe(0);
  });

  it("normalises missed queries into one key per wording", () => {
    expect(normaliseMissQuery("  ChatGPT   Clone ")).toBe("chatgpt clone");
    expect(normaliseMissQuery("ＡＩ writer")).toBe("ai writer");
    expect(normaliseMissQuery("x".repeat(500))).toHaveLength(120);
  });
});
