import { describe, expect, it } from "vitest";
import { FUSION } from "./ranking.ts";
import { fuseRanks, legWeights } from "./search-fusion.ts";
import { trigramSimilarity } from "./search-suggest.ts";
import { decodeVectorFile, embeddingKey, encodeVectorFile, toolEmbeddingText } from "./tool-vectors.ts";

describe("reciprocal-rank fusion (ADR 0066)", () => {
  it("sums weight / (k + rank) over the legs that list a tool, best first", () => {
    const fused = fuseRanks({ lexical: ["a", "b"], relaxed: ["b", "c"], vector: ["c", "b"] }, { k: 10 });
    const w = FUSION.weights; // the strict search found fewer than FUSION.strictEnough: full weights
    const b = fused.find((f) => f.id === "b");
    expect(b?.ranks).toEqual({ lexical: 2, relaxed: 1, vector: 2 });
    expect(b?.score).toBeCloseTo(w.lexical / 12 + w.relaxed / 11 + w.vector / 12, 12);
    expect(fused.map((f) => f.id)[0]).toBe("b"); // found by every leg
    expect(fused.map((f) => f.score)).toEqual([...fused.map((f) => f.score)].sort((x, y) => y - x));
  });

  it("quiets the other legs when the strict search found enough", () => {
    const strict = Array.from({ length: FUSION.strictEnough }, (_, i) => `s${i}`);
    const w = legWeights({ lexical: strict });
    expect(w.lexical).toBe(FUSION.weights.lexical);
    expect(w.vector).toBeCloseTo(FUSION.weights.vector * FUSION.quietShare, 12);
    expect(legWeights({ lexical: strict.slice(1) }).vector).toBe(FUSION.weights.vector);
    // The tasks leg (ADR 0074) is a curated reading of the query: never quieted.
    expect(w.tasks).toBe(FUSION.weights.tasks);
    // …unless the query is one word, most often a name.
    expect(legWeights({ lexical: strict }, {}, "chatgpt").tasks).toBeCloseTo(
      FUSION.weights.tasks * FUSION.quietShare,
      12,
    );
  });

  it("fuses the tasks leg like any other, and names its rank", () => {
    const fused = fuseRanks({ lexical: ["a"], tasks: ["t", "a"] }, { k: 3 });
    expect(fused.find((f) => f.id === "a")?.ranks).toEqual({ lexical: 1, tasks: 2 });
    expect(fused.find((f) => f.id === "t")?.score).toBeCloseTo(FUSION.weights.tasks / 4, 12);
  });

  it("lists a tool once per leg, and breaks ties by the lexical rank, then deterministically", () => {
    const fused = fuseRanks({ relaxed: ["x", "x", "y"], lexical: [] }, { k: 60, weights: { relaxed: 1 } });
    expect(fused.find((f) => f.id === "x")?.ranks).toEqual({ relaxed: 1 });
    const tie = fuseRanks({ lexical: ["p"], vector: ["q"] }, { k: 60, weights: { lexical: 1, vector: 1 } });
    expect(tie.map((f) => f.id)).toEqual(["p", "q"]);
    expect(fuseRanks({})).toEqual([]);
  });
});

describe("tool vectors", () => {
  it("round-trips the shipped file within int8 precision", () => {
    const v = Float32Array.from({ length: 8 }, (_, i) => Math.sin(i + 1));
    const norm = Math.hypot(...v);
    const unit = v.map((x) => x / norm);
    const key = embeddingKey("m", "text");
    const back = decodeVectorFile(encodeVectorFile([{ key, vector: unit }], 8)).get(key);
    expect(back).toBeTruthy();
    const cos = unit.reduce((s, x, i) => s + x * (back?.[i] ?? 0), 0);
    expect(cos).toBeGreaterThan(0.999);
  });

  it("keys a vector by the model and the text, so either change makes it owed", () => {
    const text = toolEmbeddingText({
      name: "Remove.bg",
      description: "Remove Background From Image.",
      editorialSummary: null,
      category: "Image Generation",
      tags: ["Image Editing"],
      useCases: [],
    });
    expect(text).toBe("Remove.bg. Remove Background From Image. Image Generation. Image Editing.");
    expect(embeddingKey("a", text)).not.toBe(embeddingKey("b", text));
    expect(embeddingKey("a", text)).not.toBe(embeddingKey("a", `${text} `));
  });
});

describe("did you mean", () => {
  it("measures word likeness as pg_trgm does (padded trigrams, shared over union)", () => {
    expect(trigramSimilarity("subtitle", "subtitle")).toBe(1);
    expect(trigramSimilarity("subtitel", "subtitle")).toBeGreaterThan(0.4);
    expect(trigramSimilarity("subtitel", "summary")).toBeLessThan(0.2);
  });
});
