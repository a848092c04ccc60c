// engine: both — full-text and trigram search, and the health check's engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

type Tool = Record<string, unknown> & { id: string; slug: string; name: string; rating: number; tags: string[] };
type ListBody = {
  success: boolean;
  tools: Tool[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasMore: boolean };
  meta: Record<string, unknown>;
  error?: string;
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const list = (qs: string) => server.json<ListBody>(`/api/tools${qs}`);

describe("GET /api/health", () => {
  it("reports the engine and the number of tools", async () => {
    const { status, body } = await server.json("/api/health");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok", db: process.env.TEST_ENGINE, tools: 2658 });
  });
});

describe("GET /api/tools", () => {
  it("pages the whole catalogue 30 at a time by default", async () => {
    const { status, body } = await list("");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.tools).toHaveLength(30);
    expect(body.pagination).toEqual({ page: 1, limit: 30, total: 2658, totalPages: 89, hasMore: true });
    const last = await list("?page=89");
    expect(last.body.tools).toHaveLength(2658 - 88 * 30);
    expect(last.body.pagination.hasMore).toBe(false);
    const beyond = await list("?page=90");
    expect(beyond.body.tools).toEqual([]);
  });

  it("returns every tool exactly once across pages", async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 27; page++) {
      const { body } = await list(`?limit=100&page=${page}`);
      for (const t of body.tools) seen.add(t.id);
    }
    expect(seen.size).toBe(2658);
  });

  it("does not invent community figures: ratings and review counts start at zero", async () => {
    const { body } = await list("?limit=100");
    for (const t of body.tools) {
      expect(t.rating).toBe(0);
      expect(t.review_count).toBe(0);
    }
  });

  it("exposes the spec's tool fields and no private columns", async () => {
    const { body } = await list("?q=midjourney&limit=1");
    const tool = body.tools[0] as Tool;
    for (const key of [
      "id",
      "name",
      "slug",
      "description",
      "category",
      "category_id",
      "website_url",
      "url",
      "pricing_model",
      "company_name",
      "tags",
      "features",
      "rating",
      "review_count",
      "reviewCount",
      "is_featured",
      "featured",
      "tier",
      "status",
      "created_at",
    ]) {
      expect(tool).toHaveProperty(key);
    }
    for (const key of ["name_key", "domain_key", "search_vector", "search_name", "import_id"]) {
      expect(tool).not.toHaveProperty(key);
    }
  });

  it.each([
    ["name-asc", (a: Tool, b: Tool) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), "en") <= 0],
    ["name-desc", (a: Tool, b: Tool) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), "en") >= 0],
  ])("sorts by %s", async (sort, ordered) => {
    const { body } = await list(`?sort=${sort}&limit=50`);
    const pairs = body.tools.slice(1).map((t, i) => [body.tools[i] as Tool, t] as const);
    const inOrder = pairs.filter(([a, b]) => ordered(a, b)).length;
    // collation differences between engines on punctuation are tolerated, not wholesale disorder
    expect(inOrder).toBeGreaterThanOrEqual(pairs.length - 2);
  });

  it("sorts newest and oldest by creation time", async () => {
    const newest = await list("?sort=newest&limit=100");
    const oldest = await list("?sort=oldest&limit=100");
    const times = (b: ListBody) => b.tools.map((t) => Date.parse(String(t.created_at)));
    expect(times(newest.body)).toEqual([...times(newest.body)].sort((a, b) => b - a));
    expect(times(oldest.body)).toEqual([...times(oldest.body)].sort((a, b) => a - b));
  });

  it("filters by category given as id, slug, name or spec alias", async () => {
    const cats = await server.json<{ categories: { id: number; slug: string; name: string; toolCount: number }[] }>(
      "/api/categories",
    );
    const image = cats.body.categories.find((c) => c.slug === "image-generation");
    expect(image?.toolCount).toBeGreaterThan(100);
    for (const key of [String(image?.id), "image-generation", "Image Generation", "vision"]) {
      const { body } = await list(`?category=${encodeURIComponent(key)}&limit=5`);
      expect(body.pagination.total).toBe(image?.toolCount);
      for (const t of body.tools) expect(t.category).toBe("Image Generation");
    }
    const both = await list("?category=writing,design");
    const writing = cats.body.categories.find((c) => c.slug === "writing")?.toolCount ?? 0;
    const design = cats.body.categories.find((c) => c.slug === "design")?.toolCount ?? 0;
    expect(both.body.pagination.total).toBe(writing + design);
  });

  it("answers an unknown category with no tools, not an error", async () => {
    const { status, body } = await list("?category=no-such-category");
    expect(status).toBe(200);
    expect(body.pagination.total).toBe(0);
    expect(body.meta.unknownCategories).toEqual(["no-such-category"]);
  });

  it("filters by pricing model (comma list)", async () => {
    const free = await list("?pricing=free&limit=100");
    expect(free.body.pagination.total).toBeGreaterThan(50);
    for (const t of free.body.tools) expect(t.pricing_model).toBe("Free");
    const mixed = await list("?pricing=Free,Open%20Source");
    expect(mixed.body.pagination.total).toBeGreaterThan(free.body.pagination.total);
  });

  it("filters by tags with a partial, case-insensitive match", async () => {
    const { body } = await list("?tags=OPEN%20SOUR&limit=100");
    expect(body.pagination.total).toBeGreaterThan(10);
    for (const t of body.tools) expect(t.tags.some((tag) => tag.toLowerCase().includes("open sour"))).toBe(true);
  });

  it("filters by minimum rating (nothing is rated yet, so 4+ is empty and 0 is everything)", async () => {
    expect((await list("?rating=4")).body.pagination.total).toBe(0);
    expect((await list("?rating=0")).body.pagination.total).toBe(2658);
  });

  it("lists the editorial featured set with featured=true", async () => {
    const { body } = await list("?featured=true&limit=7");
    expect(body.tools).toHaveLength(7);
    for (const t of body.tools) expect(t.is_featured).toBe(true);
    const all = await list("?featured=true&limit=100");
    expect(all.body.tools.map((t) => t.slug)).toEqual(expect.arrayContaining(["chatgpt", "midjourney", "claude"]));
    const rest = await list("?featured=false");
    expect(rest.body.pagination.total + all.body.pagination.total).toBe(2658);
  });

  it("composes filters", async () => {
    const { body } = await list("?q=image&category=image-generation&pricing=freemium&limit=100");
    expect(body.pagination.total).toBeGreaterThan(0);
    for (const t of body.tools) {
      expect(t.category).toBe("Image Generation");
      expect(t.pricing_model).toBe("Freemium");
    }
  });

  it.each([
    ["?page=0", "page"],
    ["?page=abc", "page"],
    ["?page=-1", "page"],
    ["?limit=101", "limit"],
    ["?limit=0", "limit"],
    ["?limit=1.5", "limit"],
    ["?sort=price", "sort"],
    ["?rating=6", "rating"],
    ["?rating=high", "rating"],
    ["?featured=yes", "featured"],
    ["?pricing=cheap", "pricing"],
    [`?q=${"x".repeat(201)}`, "Search text"],
  ])("rejects %s with a 400 and a message", async (qs, word) => {
    const { status, body } = await list(qs);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toContain(word);
  });

  it("never answers odd input with a 5xx", async () => {
    const odd = [
      "?q=%27%3B%20DROP%20TABLE%20tools%3B--",
      "?q=%3A*%20%26%20%21%28",
      "?q=%00",
      "?q=%F0%9F%A4%96",
      "?q=%25%25%25",
      "?q=a&q=b",
      "?category=%2C%2C%2C",
      "?tags=%25_%5C",
      "?page=99999999999999999999",
      "?q=%E0%A4%A",
      "?category=1e9",
      "?category=99999999999",
      "?sort=",
    ];
    for (const qs of odd) {
      const res = await server.get(`/api/tools${qs}`);
      expect(res.status, qs).toBeLessThan(500);
    }
  });
});

describe("search", () => {
  it("finds Midjourney in the top 3 despite the misspelling 'midjurney'", async () => {
    const { body } = await list("?q=midjurney");
    expect(body.tools.slice(0, 3).map((t) => t.name)).toContain("Midjourney");
  });

  it("ranks an exact name match first", async () => {
    for (const name of ["Cursor", "Claude", "Gamma", "Runway"]) {
      const { body } = await list(`?q=${encodeURIComponent(name.toLowerCase())}`);
      expect(body.tools[0]?.name).toBe(name);
    }
  });

  it("matches prefixes, for search as you type", async () => {
    const { body } = await list("?q=midjou");
    expect(body.tools[0]?.name).toBe("Midjourney");
    const typed = await list("?q=elevenl");
    expect(typed.body.pagination.total).toBeGreaterThan(0);
  });

  it("searches tags, category and descriptions, not only names", async () => {
    const { body } = await list("?q=transcription&limit=100");
    expect(body.pagination.total).toBeGreaterThan(10);
    expect(body.tools.some((t) => !t.name.toLowerCase().includes("transcri"))).toBe(true);
  });

  it("ignores accents and case", async () => {
    const a = await list("?q=CL%C3%81UDE");
    expect(a.body.tools[0]?.name).toBe("Claude");
  });

  it("returns nothing (not an error) for text with no letters or digits", async () => {
    const { status, body } = await list("?q=%21%21%21");
    expect(status).toBe(200);
    expect(body.pagination.total).toBe(0);
  });
});

describe("GET /api/tools/{id or slug}", () => {
  it("finds a tool by slug and by id", async () => {
    const bySlug = await server.json<{ success: boolean; tool: Tool }>("/api/tools/midjourney");
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.tool.name).toBe("Midjourney");
    expect(bySlug.body.tool).toHaveProperty("full_description");
    expect(bySlug.body.tool).toHaveProperty("use_cases");
    const byId = await server.json<{ tool: Tool }>(`/api/tools/${bySlug.body.tool.id}`);
    expect(byId.body.tool.slug).toBe("midjourney");
  });

  it("answers 404 with the spec's shape for an unknown tool", async () => {
    for (const key of ["no-such-tool", "00000000-0000-0000-0000-000000000000", "%20"]) {
      const { status, body } = await server.json(`/api/tools/${key}`);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, error: "Tool not found" });
    }
  });
});

describe("GET /api/tools/tool-of-the-day", () => {
  it("gives the same tool all day, with whyToday and challenge", async () => {
    const a = await server.json<{ success: boolean; tool: Tool & { whyToday: string; challenge: string } }>(
      "/api/tools/tool-of-the-day",
    );
    const b = await server.json<{ tool: Tool }>("/api/tools/tool-of-the-day");
    expect(a.status).toBe(200);
    expect(a.body.tool.id).toBe(b.body.tool.id);
    expect(a.body.tool.whyToday.length).toBeGreaterThan(10);
    expect(a.body.tool.challenge).toContain(a.body.tool.name);
  });
});

describe("GET /api/categories", () => {
  it("lists every category with its tool count", async () => {
    const { status, body } = await server.json<{
      success: boolean;
      categories: { name: string; toolCount: number; icon: string; description: string }[];
    }>("/api/categories");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.categories.length).toBeGreaterThanOrEqual(19);
    expect(body.categories.reduce((n, c) => n + c.toolCount, 0)).toBe(2658);
    for (const c of body.categories) {
      expect(c.icon).toBeTruthy();
      expect(c.description).toBeTruthy();
    }
  });
});

describe("unknown API routes", () => {
  it("answer JSON 404", async () => {
    const { status, body } = await server.json("/api/nope");
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });
});
