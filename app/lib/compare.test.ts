import { describe, expect, it } from "vitest";
import { parseCompareIds } from "./compare";

describe("parseCompareIds (localStorage compareTools)", () => {
  it("reads a JSON array of ids, trimmed and without repeats", () => {
    expect(parseCompareIds('["a"," b ","a"]')).toEqual(["a", "b"]);
  });

  it("treats anything else as an empty list instead of failing", () => {
    for (const raw of [null, "", "not json", "{}", '"a"', "[1,2]", "null"]) {
      expect(parseCompareIds(raw), String(raw)).toEqual([]);
    }
    expect(parseCompareIds('["a", 3, null, ""]')).toEqual(["a"]);
  });

  it("keeps at most 10 ids (the highest cap) and drops absurdly long ones", () => {
    const many = JSON.stringify(Array.from({ length: 15 }, (_, i) => `t${i}`));
    expect(parseCompareIds(many)).toHaveLength(10);
    expect(parseCompareIds(JSON.stringify(["x".repeat(101), "ok"]))).toEqual(["ok"]);
  });
});
