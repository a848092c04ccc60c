import { describe, expect, it } from "vitest";
import { addToCompare, compareCapMessage } from "./compare-add.ts";
import { COMPARE_CAPS, compareCap, DEFAULT_COMPARE_CAP, MAX_COMPARE_TOOLS } from "./compare-rules.ts";
import { featureMatrix } from "./feature-matrix.ts";

describe("compare caps", () => {
  it("are 2 / 5 / 10 for free / standard / expert, and 2 for visitors", () => {
    expect(COMPARE_CAPS).toEqual({ free: 2, standard: 5, expert: 10 });
    expect(compareCap("free")).toBe(2);
    expect(compareCap("standard")).toBe(5);
    expect(compareCap("expert")).toBe(10);
    expect(compareCap(null)).toBe(2);
    expect(compareCap(undefined)).toBe(DEFAULT_COMPARE_CAP);
    expect(MAX_COMPARE_TOOLS).toBe(10);
  });
});

describe("the cap message", () => {
  it("states the cap (N) and the free slots (M) while the list is below the cap", () => {
    expect(compareCapMessage(2, 1)).toBe(
      "You can compare up to 2 tools. Add 1 more tool(s) for a complete comparison.",
    );
    expect(compareCapMessage(5, 2)).toBe(
      "You can compare up to 5 tools. Add 3 more tool(s) for a complete comparison.",
    );
    expect(compareCapMessage(10, 0)).toBe(
      "You can compare up to 10 tools. Add 10 more tool(s) for a complete comparison.",
    );
  });

  it("never says 'Add 0 more': at the cap it tells the visitor to remove one", () => {
    expect(compareCapMessage(2, 2)).toBe("You can compare up to 2 tools. Remove a tool to add another.");
    expect(compareCapMessage(2, 3)).toBe("You can compare up to 2 tools. Remove a tool to add another.");
  });
});

describe("addToCompare", () => {
  it("adds below the cap, keeping the order", () => {
    expect(addToCompare([], "a", 2)).toEqual({ ok: true, ids: ["a"] });
    expect(addToCompare(["a"], "b", 2)).toEqual({ ok: true, ids: ["a", "b"] });
  });

  it("refuses a third tool at the visitor cap, with the cap message, and leaves the list alone", () => {
    const list = ["a", "b"];
    const result = addToCompare(list, "c", compareCap(null));
    expect(result).toEqual({
      ok: false,
      reason: "cap",
      ids: ["a", "b"],
      message: "You can compare up to 2 tools. Remove a tool to add another.",
    });
    expect(list).toEqual(["a", "b"]);
  });

  it("lets a standard member add a third and refuses the sixth", () => {
    expect(addToCompare(["a", "b"], "c", compareCap("standard")).ok).toBe(true);
    const full = addToCompare(["a", "b", "c", "d", "e"], "f", compareCap("standard"));
    expect(full.ok).toBe(false);
    expect(full.ok === false && full.reason).toBe("cap");
  });

  it("does not add a tool twice (even at the cap, that is not a cap refusal)", () => {
    expect(addToCompare(["a"], "a", 2)).toEqual({ ok: false, reason: "already-added", ids: ["a"] });
    expect(addToCompare(["a", "b"], "b", 2)).toEqual({ ok: false, reason: "already-added", ids: ["a", "b"] });
  });
});

describe("featureMatrix", () => {
  it("is the union of features in first-seen order with a flag per tool", () => {
    const rows = featureMatrix([
      { features: ["API available", "Open source"] },
      { features: ["SSO", "API available"] },
    ]);
    expect(rows).toEqual([
      { feature: "API available", has: [true, true] },
      { feature: "Open source", has: [true, false] },
      { feature: "SSO", has: [false, true] },
    ]);
  });

  it("treats case and spacing variants as one feature and skips blanks", () => {
    const rows = featureMatrix([{ features: ["Open  source", " "] }, { features: ["open source"] }, { features: [] }]);
    expect(rows).toEqual([{ feature: "Open source", has: [true, true, false] }]);
  });

  it("is empty when no tool lists features", () => {
    expect(featureMatrix([{ features: [] }, { features: [] }])).toEqual([]);
  });
});
