import { describe, expect, it } from "vitest";
import { searchTerms } from "./search.ts";
import { expandTerms, facetsFor, SYNONYM_RULES, transpositions } from "./synonyms.ts";

describe("transpositions", () => {
  it("lists every spelling one adjacent swap away, within words", () => {
    expect(transpositions("cluade")).toContain("claude");
    expect(transpositions("abcd").sort()).toEqual(["abdc", "acbd", "bacd"]);
    // Spaces never move, doubled letters give nothing new, the text itself is not a variant.
    expect(transpositions("ab cd")).toEqual(["ba cd", "ab dc"]);
    expect(transpositions("aabb")).toEqual(["abab"]);
  });

  it("leaves short and very long texts alone", () => {
    expect(transpositions("abc")).toEqual([]);
    expect(transpositions("x".repeat(10) + "y".repeat(20))).toEqual([]);
  });
});

describe("intent expansions", () => {
  it("expands the issue's intent phrases into catalogue vocabulary", () => {
    expect(expandTerms(searchTerms("dub my video into another language"))).toEqual(
      expect.arrayContaining(["dubbing", "translation"]),
    );
    expect(expandTerms(searchTerms("write sql from english"))).toContain("sql");
    expect(expandTerms(searchTerms("Text-to-image generator"))).toContain("text to image");
  });

  it("matches whole consecutive words only", () => {
    expect(expandTerms(searchTerms("dublin travel guide"))).toEqual([]);
    expect(expandTerms(searchTerms("image text to"))).toEqual([]);
    expect(expandTerms([])).toEqual([]);
  });

  it("keeps every rule well-formed: triggers in searchTerms form, expansions present", () => {
    for (const rule of SYNONYM_RULES) {
      expect(rule.expand.length).toBeGreaterThan(0);
      for (const trigger of rule.triggers) expect(searchTerms(trigger).join(" ")).toBe(trigger);
    }
  });
});

describe("category facets (ADR 0035)", () => {
  it("maps a rule's triggers to its catalogue tags", () => {
    const music = facetsFor(searchTerms("generate music from text"));
    expect(music.fired).toBe(true);
    expect(music.curated).toContain("music");
  });

  it("names every run of two or more words, singular and plural, never a lone word inside a phrase", () => {
    const f = facetsFor(searchTerms("best meeting assistant"));
    expect(f.phrases).toEqual(expect.arrayContaining(["meeting assistant", "meeting assistants", "best meeting"]));
    expect(f.phrases).not.toContain("meeting");
    expect(facetsFor(searchTerms("generate music from text")).phrases).not.toContain("text");
  });

  it("keeps a one-word query apart: it may be a brand (no category reading)", () => {
    const f = facetsFor(searchTerms("deepseek"));
    expect(f.single).toEqual(["deepseek", "deepseeks"]);
    expect(f.phrases).toEqual([]);
    expect(f.fired).toBe(false);
  });

  it("writes facets as search_facets holds them: lower-case words and single spaces", () => {
    for (const rule of SYNONYM_RULES) {
      for (const facet of rule.facets ?? []) expect(facet).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
    }
  });
});
