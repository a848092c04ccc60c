import { describe, expect, it } from "vitest";
import { filterCategories, parseCategoryPageUrl, pricingForPrice, unknownCategoryName } from "./category-page.ts";
import { PRICING_MODELS } from "./normalize.ts";

const parse = (qs: string) => parseCategoryPageUrl(new URLSearchParams(qs));

describe("category page price filter", () => {
  it("free is the free model; paid is every model that is not free", () => {
    expect(pricingForPrice("free")).toEqual(["free"]);
    expect(pricingForPrice("paid")).toEqual(PRICING_MODELS.filter((m) => m !== "free"));
    expect(pricingForPrice("paid")).toContain("freemium");
    expect(pricingForPrice("paid")).not.toContain("free");
    expect(pricingForPrice(undefined)).toEqual([]);
  });
});

/** The decision filters (issue 33) when the address sets none. */
const NO_DECISION_FILTERS = {
  api: false,
  freeTier: false,
  maxPrice: undefined,
  noCard: false,
  openSource: false,
  selfHosted: false,
};

describe("parseCategoryPageUrl", () => {
  it("reads q, price, rating, sort and page", () => {
    const r = parseCategoryPageUrl(new URLSearchParams("q=%20chat%20&price=Paid&rating=4.5&sort=name-asc&page=2"));
    expect(r).toEqual({
      ok: true,
      input: {
        q: "chat",
        price: "paid",
        minRating: 4.5,
        sort: "name-asc",
        page: 2,
        decision: NO_DECISION_FILTERS,
      },
    });
  });
  it("treats blanks and 'all' as no filter", () => {
    expect(parse("q=&price=&rating=&sort=&page=")).toEqual({
      ok: true,
      input: {
        q: undefined,
        price: undefined,
        minRating: undefined,
        sort: undefined,
        page: 1,
        decision: NO_DECISION_FILTERS,
      },
    });
    expect(parse("price=all")).toMatchObject({ ok: true, input: { price: undefined } });
  });
  it.each([
    ["price=cheap", "Unknown price 'cheap'"],
    ["rating=9", "rating"],
    ["sort=random", "Unknown sort"],
    ["page=-1", "page"],
  ])("rejects %s", (qs, message) => {
    const r = parse(qs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});

describe("unknown categories", () => {
  it("capitalise the key", () => {
    expect(unknownCategoryName("quantum")).toBe("Quantum");
    expect(unknownCategoryName("x".repeat(200))).toHaveLength(80);
  });
});

describe("filterCategories", () => {
  const list = [
    { name: "Image Generation", description: "Create images from text prompts." },
    { name: "Writing", description: "Copywriting and editing tools." },
    { name: "Audio & Music", description: "Voice and sound." },
  ];
  it("matches name or description, case and accent blind, every word", () => {
    expect(filterCategories(list, "IMAGE").map((c) => c.name)).toEqual(["Image Generation"]);
    expect(filterCategories(list, "édit").map((c) => c.name)).toEqual(["Writing"]);
    expect(filterCategories(list, "audio and music").map((c) => c.name)).toEqual(["Audio & Music"]);
    expect(filterCategories(list, "text images").map((c) => c.name)).toEqual(["Image Generation"]);
    expect(filterCategories(list, "nothing-like-this")).toEqual([]);
    expect(filterCategories(list, "  ")).toHaveLength(3);
    expect(filterCategories(list, undefined)).toHaveLength(3);
  });
});
