import { describe, expect, it } from "vitest";
import { listParamsFromSearch, ToolListParams } from "./query-schema.ts";

const parse = (qs: string) => ToolListParams.safeParse(listParamsFromSearch(new URLSearchParams(qs)));

describe("tool list parameters", () => {
  it("has the spec's defaults", () => {
    const r = parse("");
    expect(r.success && r.data).toEqual({
      q: undefined,
      categories: [],
      explain: false,
      pricing: [],
      minRating: undefined,
      tags: [],
      featured: undefined,
      decision: {
        maxPrice: undefined,
        freeTier: false,
        noCard: false,
        api: false,
        openSource: false,
        selfHosted: false,
      },
      advanced: { exclude: [], excludeCategories: [], noTraining: false },
      advancedAllowed: false,
      sort: undefined,
      page: 1,
      limit: 30,
    });
  });

  it("reads both spellings the screens send (categories/category, price/pricing)", () => {
    const r = parse("categories=writing,design&price=free&q=%20hello%20");
    expect(r.success && r.data).toMatchObject({ q: "hello", categories: ["writing", "design"], pricing: ["free"] });
  });

  it("treats blank form fields as absent", () => {
    const r = parse("q=&category=&sort=&page=");
    expect(r.success && r.data).toMatchObject({ q: undefined, categories: [], sort: undefined, page: 1 });
  });

  it("accepts sort aliases", () => {
    for (const [alias, sort] of [
      ["rating", "rating-desc"],
      ["name", "name-asc"],
      ["Z-A", "name-desc"],
      ["newest", "newest"],
    ]) {
      const r = parse(`sort=${alias}`);
      expect(r.success && r.data.sort).toBe(sort);
    }
  });

  it.each([
    "page=0",
    "page=1.5",
    "limit=500",
    "rating=5.5",
    "rating=-1",
    "sort=random",
    "featured=maybe",
    "pricing=cheap",
  ])("rejects %s", (qs) => expect(parse(qs).success).toBe(false));
});
