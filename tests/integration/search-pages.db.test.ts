// engine: both — search pages during a database outage.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POPULAR_SEARCHES, PRICE_RANGE_NOTE } from "../../server/modules/catalog/index.ts";
import { queryRows } from "../../server/platform/db/index.ts";
import { sharedEncoder } from "../../server/platform/embeddings/index.ts";
import { decode } from "../helpers/html.ts";
import { createRecordingLogger } from "../helpers/logger.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** The /search, /categories and /category/{key} pages over real HTTP and the seeded catalogue. */

let server: TestServer;
const logger = createRecordingLogger();
/** What the server logged of failed vector legs (the search answers without them, and logs why). */
const vectorFailures = () => logger.entries.filter((e) => e.msg.startsWith("search: the vector leg failed"));
beforeAll(async () => {
  server = await startTestServer({ pages: true, logger });
  // Hybrid search (issue 32) waits for the query's embedding in tests: load the sentence encoder here,
  // so the first search's test does not carry the model's cold start (tens of seconds on a busy machine).
  await sharedEncoder().embed(["warm up"]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Page = { status: number; html: string; text: string };
async function page(path: string): Promise<Page> {
  const res = await server.get(path);
  const html = await res.text();
  const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
  const text = decode(main.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
  return { status: res.status, html, text };
}

type Card = { name: string; href: string; category: string; pricing: string };
function cards(html: string): Card[] {
  return [...html.matchAll(/<article data-testid="tool-card"[\s\S]*?<\/article>/g)].map(([card]) => {
    const link = /<h3[^>]*><a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(card);
    const meta = /<p class="mt-0\.5[^"]*">([\s\S]*?)<\/p>/.exec(card);
    // The card's facts line starts with the pricing chip (none when the pricing is unknown).
    const facts = /data-testid="card-facts">\s*(?:<span class="badge[^"]*">([^<]*)<\/span>)?/.exec(card);
    const [category = ""] = decode(meta?.[1] ?? "").split(" · ");
    return {
      href: decode(link?.[1] ?? ""),
      name: decode(link?.[2] ?? ""),
      category,
      pricing: decode(facts?.[1] ?? ""),
    };
  });
}

/** href of the link with this exact aria-label (attributes are rendered in a fixed order). */
function hrefOf(html: string, label: string): string | null {
  for (const [tag] of html.matchAll(/<a [^>]*>/g)) {
    if (decode(tag).includes(`aria-label="${label}"`)) return decode(/href="([^"]*)"/.exec(tag)?.[1] ?? "");
  }
  return null;
}

function hrefsOf(html: string, text: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)]
    .filter(([, , inner]) => decode((inner ?? "").replace(/<[^>]+>/g, "")).trim() === text)
    .map(([, href]) => decode(href ?? ""));
}

const meta = (html: string, name: string) =>
  decode(new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? "");
const canonical = (html: string) => decode(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? "");
function itemList(html: string): { numberOfItems: number; itemListElement: { name: string; url: string }[] } {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error("no JSON-LD");
  return JSON.parse(m[1]);
}
const apiTotal = async (qs: string) =>
  (await server.json<{ pagination: { total: number } }>(`/api/tools?${qs}`)).body.pagination.total;

/** Makes the next catalogue queries whose SQL contains `marker` (or passes the test) fail, to exercise the error states. */
function failQueriesContaining(marker: string | ((sql: string) => boolean)): () => void {
  const matches = typeof marker === "string" ? (text: string) => text.includes(marker) : marker;
  const db = server.services.db as unknown as {
    execute: (q: SQL) => Promise<unknown>;
    dialect: { sqlToQuery(q: SQL): { sql: string } };
  };
  const original = db.execute;
  db.execute = function (this: unknown, q: SQL) {
    if (matches(db.dialect.sqlToQuery(q).sql)) return Promise.reject(new Error("simulated outage"));
    return original.call(this, q);
  };
  return () => {
    db.execute = original;
  };
}

describe("/search", () => {
  it("a vector leg that fails answers from the other legs and logs its cause", async () => {
    const before = vectorFailures().length;
    // The vector leg's filter step: its nearest tools, kept only where the page's filters hold.
    const restore = failQueriesContaining(
      (text) => text.includes("AS id FROM tools t WHERE") && text.includes("AND t.id IN ("),
    );
    try {
      const { status, html } = await page("/search?q=midjourney+alternative&pricing=free,freemium,paid");
      expect(status).toBe(200);
      expect(cards(html).length).toBeGreaterThan(0);
    } finally {
      restore();
    }
    const logged = vectorFailures().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.level).toBe("warn");
    expect(logged[0]?.fields).toMatchObject({ error: "simulated outage" });
  });

  it("without any filter shows the start state, indexable", async () => {
    const { status, html, text } = await page("/search");
    expect(status).toBe(200);
    expect(text).toContain("Search AI Tools");
    expect(hrefsOf(html, "Browse all tools")).toContain("/tools");
    expect(hrefsOf(html, "Go Home")).toContain("/");
    expect(hrefsOf(html, "← Back to all tools")).toContain("/tools");
    for (const p of POPULAR_SEARCHES) expect(hrefsOf(html, p.label)).toContain(p.href);
    expect(cards(html)).toHaveLength(0);
    expect(meta(html, "robots")).toBe("index, follow");
    expect(canonical(html)).toBe(`${server.url}/search`);
    expect(html).toContain("<title>Search AI Tools | Toolscape</title>");
  });

  it("shows results with the count in the heading, not indexed", async () => {
    const failedBefore = vectorFailures().length;
    const { status, html, text } = await page("/search?q=midjurney");
    expect(status).toBe(200);
    // The page and the API must rank with every leg (CI once saw 1 result on the page and 26 in the API).
    expect(vectorFailures().slice(failedBefore), "a vector leg failed (its cause is logged)").toEqual([]);
    const total = await apiTotal("q=midjurney");
    expect(total).toBeGreaterThan(0);
    expect(text).toContain(`${total.toLocaleString("en-US")} result${total === 1 ? "" : "s"} for 'midjurney'`);
    expect(cards(html).map((c) => c.name)).toContain("Midjourney");
    expect(meta(html, "robots")).toBe("noindex, follow");
    expect(canonical(html)).toBe(`${server.url}/search?q=midjurney`);
  });

  it("no results: 'No tools found' with Clear Filters to /search", async () => {
    const { status, html, text } = await page("/search?q=qqxqzzvvkkj");
    expect(status).toBe(200);
    expect(text).toContain("0 results for 'qqxqzzvvkkj'");
    expect(text).toContain("No tools found");
    expect(hrefsOf(html, "Clear Filters")).toEqual(["/search"]);
    expect(cards(html)).toHaveLength(0);
  });

  it.each([
    ["rating=9", "rating must be a number from 0 to 5"],
    ["pricing=cheap", "Unknown pricing 'cheap'"],
    ["q=a&page=abc", "page must be a whole number"],
  ])("invalid input (%s) is a 400 with 'Search failed'", async (qs, message) => {
    const { status, html, text } = await page(`/search?${qs}`);
    expect(status).toBe(400);
    expect(text).toContain("Search failed");
    expect(text).toContain("Failed to search tools. Please try again.");
    expect(text).toContain(message);
    expect(hrefsOf(html, "Try again")).toEqual([`/search?${qs}`]);
    expect(meta(html, "robots")).toBe("noindex, follow");
  });

  it("a failing search is a 500 with 'Search failed' and Try Again", async () => {
    const restore = failQueriesContaining("to_tsquery");
    try {
      const { status, html, text } = await page("/search?q=image");
      expect(status).toBe(500);
      expect(text).toContain("Search failed");
      expect(text).toContain("Failed to search tools. Please try again.");
      expect(hrefsOf(html, "Try again")).toEqual(["/search?q=image"]);
    } finally {
      restore();
    }
    expect((await page("/search?q=image")).status).toBe(200);
  });

  it("shows one removable badge per filter value, each a link to the search without it", async () => {
    const { html, text } = await page("/search?q=image&categories=vision,writing&pricing=free,paid&tags=art&rating=3");
    // The query is in the heading and on its badge; the summary line names only the other filters (issue 36).
    expect(text).not.toContain("Search: “image”");
    expect(text).toContain("Category: Image Generation or Writing");
    expect(text).toContain("Pricing: Free or Paid");
    const base = "q=image&category=vision,writing&pricing=free,paid&rating=3&tags=art";
    expect(hrefOf(html, "Remove filter “image”")).toBe(`/search?${base.replace("q=image&", "")}`);
    expect(hrefOf(html, "Remove filter Image Generation")).toBe(
      "/search?q=image&category=writing&pricing=free,paid&rating=3&tags=art",
    );
    expect(hrefOf(html, "Remove filter Writing")).toBe(
      "/search?q=image&category=vision&pricing=free,paid&rating=3&tags=art",
    );
    expect(hrefOf(html, "Remove filter Free")).toBe(
      "/search?q=image&category=vision,writing&pricing=paid&rating=3&tags=art",
    );
    expect(hrefOf(html, "Remove filter 3.0+ stars")).toBe(
      "/search?q=image&category=vision,writing&pricing=free,paid&tags=art",
    );
    expect(hrefOf(html, "Remove filter #art")).toBe(
      "/search?q=image&category=vision,writing&pricing=free,paid&rating=3",
    );
    expect(hrefsOf(html, "Clear all")).toEqual(["/search"]);
    // Following a badge's link gives the narrower search.
    const removed = await page("/search?q=image&category=vision&pricing=free,paid&tags=art");
    expect(removed.status).toBe(200);
    expect(removed.text).not.toContain("Writing ×");
  });

  it("Load More without JavaScript: page n holds the first n pages, then stops at 300", async () => {
    const total = await apiTotal("pricing=freemium");
    expect(total).toBeGreaterThan(300);
    const first = await page("/search?pricing=freemium");
    const p1 = cards(first.html);
    expect(p1).toHaveLength(30);
    expect(hrefsOf(first.html, "Load more results")).toEqual(["/search?pricing=freemium&page=2#result-31"]);
    expect(first.text).toContain(`Showing 30 of ${total.toLocaleString("en-US")} results`);

    const third = await page("/search?pricing=freemium&page=3");
    const p3 = cards(third.html);
    expect(p3).toHaveLength(90);
    expect(p3.slice(0, 30)).toEqual(p1);
    expect(new Set(p3.map((c) => c.href)).size).toBe(90);
    expect(hrefsOf(third.html, "Load more results")).toEqual(["/search?pricing=freemium&page=4#result-91"]);
    expect(third.html).toContain('id="result-61"');

    // The enhanced Load More asks for one page only: the same tools as positions 61-90.
    const only = await page("/search?pricing=freemium&page=3&append=1");
    expect(cards(only.html)).toEqual(p3.slice(60));

    const last = await page("/search?pricing=freemium&page=10");
    expect(cards(last.html)).toHaveLength(300);
    expect(hrefsOf(last.html, "Load more results")).toEqual([]);
    expect(last.text).toContain("Showing the first 300 results");
    const beyond = await page("/search?pricing=freemium&page=99");
    expect(beyond.status).toBe(200);
    expect(cards(beyond.html)).toHaveLength(300);
  });

  it("a short list has no Load More", async () => {
    // A bare name search is no longer short: hybrid search (issue 32) adds the relaxed and vector legs'
    // nearest tools. Filters narrow every leg, so this search lists a few free image generators.
    const qs = "q=image&category=image-generation&pricing=free";
    const total = await apiTotal(qs);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(30);
    const { html } = await page(`/search?${qs}`);
    expect(cards(html)).toHaveLength(total);
    expect(hrefsOf(html, "Load more results")).toEqual([]);
  });

  it("understands the home hero's parameters: categories, price and rating labels", async () => {
    const hero = await page("/search?q=image&categories=Image%20Generation,NLP&price=Free&rating=All%20Ratings");
    expect(hero.status).toBe(200);
    expect(hero.text).toContain("Category: Image Generation or Chatbots & Assistants");
    expect(hero.text).toContain("Pricing: Free");
    const found = cards(hero.html);
    expect(found.length).toBeGreaterThan(0);
    for (const c of found) {
      expect(["Image Generation", "Chatbots & Assistants"]).toContain(c.category);
      expect(c.pricing).toBe("Free");
    }

    for (const range of ["Under $10", "$10 - $50", "$50 - $200", "$200+"]) {
      const r = await page(`/search?q=video&price=${encodeURIComponent(range)}`);
      expect(r.status, range).toBe(200);
      expect(r.text, range).toContain(PRICE_RANGE_NOTE);
      expect(r.text).toContain(`${(await apiTotal("q=video")).toLocaleString("en-US")} results for 'video'`);
    }
    const ranged = await page("/search?price=Under%20%2410");
    expect(ranged.text).toContain(PRICE_RANGE_NOTE);
    expect(cards(ranged.html)).toHaveLength(30);

    const stars = await page("/search?q=image&rating=4%2B%20Stars");
    expect(stars.status).toBe(200);
    expect(stars.text).toContain("Rating: 4.0+ stars");
  });

  it("reports category keys that match nothing", async () => {
    const { status, text } = await page("/search?category=no-such-category");
    expect(status).toBe(200);
    expect(text).toContain("No category matches 'no-such-category'");
    expect(text).toContain("No tools found");
  });

  it("every Popular Search returns relevant real tools", async () => {
    const expectations: Record<string, (c: Card) => boolean> = {
      "AI Writing Tools": (c) => c.category === "Writing",
      "Image Generation": (c) => c.category === "Image Generation",
      "Code Assistants": (c) => c.category === "Code & Development",
      "Productivity AI": (c) => c.category === "Productivity",
      "Free AI Tools": (c) => c.pricing === "Free",
      "Enterprise AI": () => true,
    };
    for (const p of POPULAR_SEARCHES) {
      const r = await page(p.href);
      expect(r.status, p.label).toBe(200);
      const found = cards(r.html);
      expect(found.length, p.label).toBeGreaterThan(0);
      const check = expectations[p.label];
      expect(check, p.label).toBeDefined();
      for (const c of found) expect(check?.(c), `${p.label}: ${c.name}`).toBe(true);
    }
    const enterprise = await server.json<{
      tools: { slug: string; description: string; tags: string[]; name: string }[];
    }>("/api/tools?q=enterprise&limit=10");
    for (const t of enterprise.body.tools) {
      // The editors' summary is searchable too (ADR 0035): GitHub Copilot's names its Enterprise plan.
      const [row] = await queryRows<{ summary: string | null }>(
        server.services.db,
        sql`SELECT editorial_summary AS summary FROM tools WHERE slug = ${t.slug}`,
      );
      expect(`${JSON.stringify(t)} ${row?.summary ?? ""}`.toLowerCase(), t.name).toContain("enterprise");
    }
  });
});

type ApiCategory = { slug: string; name: string; toolCount: number; featured: boolean };

describe("/categories", () => {
  it("lists featured and all categories with real tool counts, linking to their tools", async () => {
    const { status, html, text } = await page("/categories");
    expect(status).toBe(200);
    const { body } = await server.json<{ categories: ApiCategory[] }>("/api/categories");
    expect(text).toContain("Featured categories");
    expect(text).toContain("More categories");
    for (const c of body.categories) {
      const label = `Browse tools in ${c.name}`;
      const href = hrefOf(html, label);
      expect(href, c.name).toBe(`/tools?category=${c.slug}`);
      expect(hrefOf(html, `${c.name} category page`)).toBe(`/category/${c.slug}`);
    }
    const featured = body.categories.filter((c) => c.featured).length;
    expect(featured).toBeGreaterThan(0);
    // Each category once (issue 36: the featured six were shown twice).
    expect(html.match(/<article/g)).toHaveLength(body.categories.length);
    expect(hrefsOf(html, "Browse all tools")).toContain("/tools");
    expect(hrefsOf(html, "Suggest a category")).toEqual(["/contact"]);
    expect(canonical(html)).toBe(`${server.url}/categories`);
    expect(meta(html, "robots")).toBe("index, follow");
    const list = itemList(html);
    expect(list.numberOfItems).toBe(body.categories.length);
    expect(list.itemListElement[0]?.url).toBe(`${server.url}/tools?category=${body.categories[0]?.slug}`);
  });

  it("searches name and description on the server", async () => {
    const byName = await page("/categories?q=image");
    expect(byName.status).toBe(200);
    expect(byName.text).toContain("Image Generation");
    expect(byName.text).not.toContain("Featured categories");
    expect(byName.text).toContain("matching “image”");
    expect(meta(byName.html, "robots")).toBe("noindex, follow");

    const byDescription = await page("/categories?q=spreadsheets");
    expect(byDescription.text).toContain("Data Analysis");
    expect(byDescription.html.match(/<article/g)).toHaveLength(1);
    expect(itemList(byDescription.html).numberOfItems).toBe(1);

    const none = await page("/categories?q=zzzqqq");
    expect(none.status).toBe(200);
    expect(none.text).toContain("No categories found");
    expect(hrefsOf(none.html, "Suggest a category")).toEqual(["/contact"]);

    const tooLong = await page(`/categories?q=${"x".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain("at most 100 characters");
  });
});

describe("/category/{key}", () => {
  const SPEC_KEYS: Record<string, string> = {
    nlp: "Chatbots & Assistants",
    vision: "Image Generation",
    audio: "Audio & Music",
    writing: "Writing",
    design: "Design",
    development: "Code & Development",
    productivity: "Productivity",
    marketing: "Marketing",
    // The categories page's ids.
    "image-generation": "Image Generation",
    "data-analysis": "Data Analysis",
    "customer-service": "Customer Service",
    "video-audio": "Video Generation",
  };

  it.each(Object.entries(SPEC_KEYS))("%s shows %s with its real tools", async (key, name) => {
    const { status, html, text } = await page(`/category/${key}`);
    expect(status).toBe(200);
    expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight">${name.replace("&", "&amp;")}</h1>`);
    expect(text).toMatch(/Home \/ Tools \/ /);
    const found = cards(html);
    expect(found.length).toBeGreaterThan(0);
    for (const c of found) expect(c.category).toBe(name);
  });

  it("has a breadcrumb, a canonical URL on the category's slug and an ItemList of its tools", async () => {
    const { html } = await page("/category/nlp");
    const crumb = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect(hrefsOf(crumb, "Home")).toEqual(["/"]);
    expect(hrefsOf(crumb, "Tools")).toEqual(["/tools"]);
    expect(crumb).toContain('aria-current="page"');
    expect(canonical(html)).toBe(`${server.url}/category/chatbots-assistants`);
    expect(meta(html, "robots")).toBe("index, follow");
    const list = itemList(html);
    const shown = cards(html);
    expect(list.numberOfItems).toBe(shown.length);
    expect(list.itemListElement.map((i) => i.url)).toEqual(shown.map((c) => `${server.url}${c.href}`));
  });

  it("an unknown key is a 404 with the capitalised key, a generic description and an empty state", async () => {
    const { status, html, text } = await page("/category/quantum");
    expect(status).toBe(404);
    expect(text).toContain("Quantum");
    expect(text).toContain("Explore AI tools in this category.");
    expect(text).toContain("No tools found");
    expect(hrefsOf(html, "Browse Categories")).toEqual(["/categories"]);
    expect(meta(html, "robots")).toBe("noindex, follow");
    expect(cards(html)).toHaveLength(0);
  });

  it("filters by price: free is the free model, paid everything else", async () => {
    const all = await apiTotal("category=image-generation");
    const free = await apiTotal("category=image-generation&pricing=free");
    expect(free).toBeGreaterThan(0);
    const freePage = await page("/category/vision?price=free");
    expect(freePage.text).toContain(`${free} tool${free === 1 ? "" : "s"} match these filters`);
    for (const c of cards(freePage.html)) expect(c.pricing).toBe("Free");
    const paidPage = await page("/category/vision?price=paid");
    expect(paidPage.text).toContain(`${all - free} tools match these filters`);
    for (const c of cards(paidPage.html)) expect(c.pricing).not.toBe("Free");
    expect(meta(paidPage.html, "robots")).toBe("noindex, follow");
    expect(canonical(paidPage.html)).toBe(`${server.url}/category/image-generation`);
  });

  it("filters by minimum rating, searches within the category, sorts and pages by 30", async () => {
    await server.services.db.execute(sql`UPDATE tools SET rating = 4.6, review_count = 3 WHERE slug = 'midjourney'`);
    const rated = await page("/category/vision?rating=4.5");
    expect(cards(rated.html).map((c) => c.name)).toEqual(["Midjourney"]);
    const none = await page("/category/vision?rating=4.5&price=free");
    expect(none.text).toContain("No tools found");
    expect(hrefsOf(none.html, "Clear Filters")).toEqual(["/category/vision"]);

    const searched = await page("/category/vision?q=midjourney");
    expect(cards(searched.html)[0]?.name).toBe("Midjourney");
    for (const c of cards(searched.html)) expect(c.category).toBe("Image Generation");

    for (const sort of ["name-asc", "name-desc", "newest", "oldest", "rating-asc", "rating-desc"]) {
      const shown = cards((await page(`/category/vision?sort=${sort}`)).html).map((c) => c.name);
      const api = await server.json<{ tools: { name: string }[] }>(
        `/api/tools?category=image-generation&sort=${sort}&limit=30`,
      );
      expect(shown, sort).toEqual(api.body.tools.map((t) => t.name));
    }
    expect(cards((await page("/category/vision?sort=rating-desc")).html)[0]?.name).toBe("Midjourney");

    const first = await page("/category/vision");
    expect(cards(first.html)).toHaveLength(30);
    expect(hrefOf(first.html, "Page 2")).toBe("/category/vision?page=2");
    const second = await page("/category/vision?page=2");
    expect(second.status).toBe(200);
    expect(cards(second.html)).toHaveLength(30);
    expect(cards(second.html)[0]?.name).not.toBe(cards(first.html)[0]?.name);
    expect(canonical(second.html)).toBe(`${server.url}/category/image-generation?page=2`);
  });

  it("invalid filters are a 400 that still shows the category", async () => {
    const { status, text } = await page("/category/vision?price=cheap");
    expect(status).toBe(400);
    expect(text).toContain("Image Generation");
    expect(text).toContain("Unknown price 'cheap'");
  });

  it("a failing query shows 'Error fetching category tools.' with a 500", async () => {
    const restore = failQueriesContaining("count(*)::int AS n FROM (SELECT 1 FROM tools t");
    try {
      const { status, text } = await page("/category/vision?ref=outage-test");
      expect(status).toBe(500);
      expect(text).toContain("Error fetching category tools.");
      expect(text).toContain("Try again");
    } finally {
      restore();
    }
  });
});
