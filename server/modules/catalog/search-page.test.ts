import { describe, expect, it } from "vitest";
import {
  heroRating,
  isPriceRange,
  PRICE_RANGE_NOTE,
  parseSearchUrl,
  SEARCH_MAX_PAGES,
  type SearchFilters,
  searchBadges,
  searchHref,
} from "./search-page.ts";

const parse = (qs: string) => parseSearchUrl(new URLSearchParams(qs));
const ok = (qs: string) => {
  const r = parse(qs);
  if (!r.ok) throw new Error(r.error);
  return r.input;
};

const none: SearchFilters = {
  q: undefined,
  categories: [],
  pricing: [],
  minRating: undefined,
  tags: [],
  featured: undefined,
};

describe("parseSearchUrl", () => {
  it("an empty URL is the start state", () => {
    expect(ok("")).toEqual({ filters: none, page: 1, append: false, started: false, notes: [] });
    expect(ok("q=%20%20&category=").started).toBe(false);
    expect(ok("page=3").started).toBe(false);
  });

  it("reads q, category, pricing, rating and tags (comma lists)", () => {
    const input = ok("q=chat&category=writing,design&pricing=free,open%20source&rating=4.5&tags=seo,%20email");
    expect(input.started).toBe(true);
    expect(input.filters).toEqual({
      q: "chat",
      categories: ["writing", "design"],
      pricing: ["free", "open_source"],
      minRating: 4.5,
      tags: ["seo", "email"],
      featured: undefined,
    });
  });

  it("reads the hero's spellings: categories, price and its rating labels", () => {
    const input = ok("q=video&categories=NLP,Image%20Generation&price=Free&rating=4%2B%20Stars");
    expect(input.filters).toMatchObject({
      q: "video",
      categories: ["NLP", "Image Generation"],
      pricing: ["free"],
      minRating: 4,
    });
    expect(input.notes).toEqual([]);
    expect(ok("rating=All%20Ratings").filters.minRating).toBeUndefined();
    expect(ok("rating=5%20Stars").filters.minRating).toBe(5);
  });

  it("drops the hero's amount ranges with a note instead of failing", () => {
    for (const range of ["Under $10", "$10 - $50", "$50 - $200", "$200+"]) {
      const input = ok(`q=x&price=${encodeURIComponent(range)}`);
      expect(input.filters.pricing, range).toEqual([]);
      expect(input.notes, range).toEqual([PRICE_RANGE_NOTE]);
      expect(input.started).toBe(true);
    }
    const mixed = ok("price=Free,Under%20$10");
    expect(mixed.filters.pricing).toEqual(["free"]);
    expect(mixed.notes).toEqual([PRICE_RANGE_NOTE]);
  });

  it("takes repeated checkbox values and removes duplicates", () => {
    expect(ok("pricing=free&pricing=paid&price=free").filters.pricing).toEqual(["free", "paid"]);
  });

  it("caps Load More at the maximum page and reads append", () => {
    expect(ok("q=a&page=4").page).toBe(4);
    expect(ok("q=a&page=999").page).toBe(SEARCH_MAX_PAGES);
    expect(ok("q=a&page=2&append=1").append).toBe(true);
    expect(ok("q=a&page=2&append=yes").append).toBe(false);
  });

  it("ignores limit and sort (the page has its own)", () => {
    expect(parse("q=a&limit=100000&sort=whatever").ok).toBe(true);
  });

  it.each([
    ["rating=6", "rating"],
    ["rating=lots", "rating"],
    ["pricing=cheap", "Unknown pricing 'cheap'"],
    ["page=0", "page"],
    ["page=abc", "page must be a whole number"],
    [`q=${"x".repeat(201)}`, "at most 200"],
  ])("rejects %s with a message", (qs, message) => {
    const r = parse(qs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});

describe("price ranges and rating labels", () => {
  it.each(["Under $10", "$10 - $50", "$50 - $200", "$200+", "10-50", "under 10", "$10 to $50"])("%s is a range", (v) =>
    expect(isPriceRange(v)).toBe(true),
  );
  it.each(["Free", "paid", "freemium", "10"])("%s is not a range", (v) => expect(isPriceRange(v)).toBe(false));
  it("maps rating labels", () => {
    expect(heroRating("4+ Stars")).toBe("4");
    expect(heroRating("3+")).toBe("3");
    expect(heroRating("4.5")).toBe("4.5");
    expect(heroRating("All Ratings")).toBeNull();
    expect(heroRating("weird")).toBe("weird");
  });
});

describe("searchHref and badges", () => {
  const filters: SearchFilters = {
    q: "ai writer",
    categories: ["writing", "vision"],
    pricing: ["free", "paid"],
    minRating: 4,
    tags: ["seo"],
    featured: undefined,
  };

  it("writes a readable canonical URL", () => {
    expect(searchHref(none)).toBe("/search");
    expect(searchHref(filters)).toBe(
      "/search?q=ai%20writer&category=writing,vision&pricing=free,paid&rating=4&tags=seo",
    );
    expect(searchHref({ ...none, q: "a&b" }, 3)).toBe("/search?q=a%26b&page=3");
  });

  it("round-trips through parseSearchUrl", () => {
    const href = searchHref(filters);
    expect(ok(href.split("?")[1] ?? "").filters).toEqual(filters);
  });

  it("gives one badge per value, each linking to the search without it", () => {
    const badges = searchBadges(filters, new Map([["vision", "Image Generation"]]));
    expect(badges.map((b) => [b.kind, b.label])).toEqual([
      ["q", "“ai writer”"],
      ["category", "writing"],
      ["category", "Image Generation"],
      ["pricing", "Free"],
      ["pricing", "Paid"],
      ["rating", "4.0+ stars"],
      ["tags", "#seo"],
    ]);
    expect(badges[0]?.removeHref).toBe("/search?category=writing,vision&pricing=free,paid&rating=4&tags=seo");
    expect(badges[2]?.removeHref).toBe("/search?q=ai%20writer&category=writing&pricing=free,paid&rating=4&tags=seo");
    expect(badges[4]?.removeHref).toBe("/search?q=ai%20writer&category=writing,vision&pricing=free&rating=4&tags=seo");
    expect(badges[5]?.removeHref).toBe("/search?q=ai%20writer&category=writing,vision&pricing=free,paid&tags=seo");
    expect(searchBadges({ ...none, q: "x" })[0]?.removeHref).toBe("/search");
  });
});
