// engine: both — concurrent misses, the overload queue and its 503 depend on the connection pool.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshRatings } from "../../server/modules/community/index.ts";
import { sql } from "../../server/platform/db/index.ts";
import { createMember } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 8 §2–3 over real HTTP: GET /api/tools answers from memory by query, tier and content
 * version; the embedded database's bounded queue answers 503 + Retry-After when saturated; the
 * public tool page is one cached page for every visitor.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

describe("the /api/tools cache", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers a repeated query from memory, the same bytes; normalised input shares an entry", async () => {
    const before = server.services.apiCache.stats();
    const first = await server.get("/api/tools?q=image&limit=5");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const firstBody = await first.text();
    const second = await server.get("/api/tools?q=image&limit=5");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-type")).toBe("application/json");
    expect(await second.text()).toBe(firstBody);
    // The same query written differently (spaces, parameter order) is the same entry.
    const same = await server.get("/api/tools?limit=5&q=%20image%20");
    expect(same.headers.get("x-cache")).toBe("HIT");
    // gzip when asked, and the JSON reads the same.
    const gz = await fetch(`${server.url}/api/tools?q=image&limit=5`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toBe(firstBody);
    const after = server.services.apiCache.stats();
    expect(after.hits - before.hits).toBe(3);
    expect(after.misses - before.misses).toBe(1);
    expect(after.entries).toBeGreaterThanOrEqual(1);
    expect(after.bytes).toBeGreaterThan(firstBody.length);
    // Bad input is still a 400, never cached as an answer.
    expect((await server.get("/api/tools?sort=nope")).status).toBe(400);
  });

  it("shows a change to the catalogue at once (the content version moves)", async () => {
    await server.get("/api/tools?q=midjourney");
    expect((await server.get("/api/tools?q=midjourney")).headers.get("x-cache")).toBe("HIT");
    await server.services.db.execute(
      sql`UPDATE tools SET description = 'Cache invalidation probe 5521' WHERE slug = 'midjourney'`,
    );
    const fresh = await server.get("/api/tools?q=midjourney");
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect(await fresh.text()).toContain("Cache invalidation probe 5521");
  });

  it("keeps answers per tier: a card above the caller's tier loses its gated fields only for them", async () => {
    await server.services.db.execute(
      sql`UPDATE tools SET tier = 'expert', features = ARRAY['Expert-only api feature 7781'] WHERE slug = 'chatgpt'`,
    );
    const expert = await createMember(server, { tier: "expert" });
    const visitor = await server.get("/api/tools?q=chatgpt");
    expect(await visitor.text()).not.toContain("Expert-only api feature 7781");
    for (let i = 0; i < 2; i++) {
      const res = await expert.client.fetch("/api/tools?q=chatgpt");
      expect(await res.text()).toContain("Expert-only api feature 7781");
    }
    const again = await server.get("/api/tools?q=chatgpt");
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).not.toContain("Expert-only api feature 7781");
    // One tool is never cached: an indexed read, and its counters must be current.
    const locked = await server.get("/api/tools/chatgpt");
    expect(locked.headers.get("x-cache")).toBeNull();
    expect(locked.headers.get("cache-control")).toBe("private, no-store");
    const lockedBody = (await locked.json()) as { locked?: { reason: string } };
    expect(lockedBody.locked?.reason).toBe("tier");
    expect(JSON.stringify(lockedBody)).not.toContain("Expert-only api feature 7781");
    const clicksOf = async () =>
      ((await (await server.get("/api/tools/midjourney")).json()) as { tool: { clicks: number } }).tool.clicks;
    const before = await clicksOf();
    // A click counter does not bump the content version (no page shows it at once), yet the answer follows it.
    await server.services.db.execute(sql`UPDATE tools SET clicks = clicks + 1 WHERE slug = 'midjourney'`);
    expect(await clicksOf()).toBe(before + 1);
    expect((await server.get("/api/tools/no-such-tool-xyz")).status).toBe(404);
  });

  it("stays within its memory bound, least recently used out first", async () => {
    const { createResponseCache } = await import("../../server/platform/response-cache.ts");
    const cache = createResponseCache({ maxBytes: 4_000 });
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, 1, "x".repeat(500));
    expect(cache.stats().bytes).toBeLessThanOrEqual(4_000);
    expect(cache.get("k0", 1)).toBeNull();
    expect(cache.get("k19", 1)).not.toBeNull();
  });

  it("keeps an answer at most maxAgeMs, so counters in it (views, clicks) are never older", async () => {
    const { createResponseCache } = await import("../../server/platform/response-cache.ts");
    const cache = createResponseCache({ maxBytes: 100_000, maxAgeMs: 10_000 });
    cache.set("q", 1, "answer", undefined, 1_000);
    expect(cache.get("q", 1, 10_999)).not.toBeNull();
    expect(cache.get("q", 1, 11_001)).toBeNull();
    expect(cache.stats().entries).toBe(0);
  });

  it("computes a missing answer once for concurrent requests, and serves an old one while one refresh runs", async () => {
    const { createResponseCache } = await import("../../server/platform/response-cache.ts");
    const cache = createResponseCache({ maxBytes: 100_000, maxAgeMs: 10_000 });
    let runs = 0;
    let release: () => void = () => {};
    const compute = () =>
      new Promise<string>((resolve) => {
        runs++;
        release = () => resolve(`answer ${runs}`);
      });
    const many = Array.from({ length: 5 }, () => cache.fetch("q", 1, compute, 0));
    release();
    const first = await Promise.all(many);
    expect(runs).toBe(1);
    expect(first.map((r) => r.body.body.toString())).toEqual(Array(5).fill("answer 1"));
    expect((await cache.fetch("q", 1, compute, 5_000)).state).toBe("HIT");
    // Past maxAgeMs: the old answer at once, one refresh behind it, then the new answer.
    const stale = await Promise.all([cache.fetch("q", 1, compute, 20_000), cache.fetch("q", 1, compute, 20_001)]);
    expect(stale.map((r) => [r.state, r.body.body.toString()])).toEqual([
      ["STALE", "answer 1"],
      ["STALE", "answer 1"],
    ]);
    expect(runs).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 0));
    const fresh = await cache.fetch("q", 1, compute, 20_002);
    expect(fresh.body.body.toString()).toBe("answer 2");
    // A new content version is never answered from the old one.
    const next = cache.fetch("q", 2, compute);
    release();
    expect((await next).state).toBe("MISS");
    expect(runs).toBe(3);
    expect(cache.get("k19", 2)).toBeNull(); // another version: gone
  });
});

describe("the tool page for visitors", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is one cached public page: a HIT on the second view, with no visitor's numbers in it", async () => {
    const view = (cookie?: string) =>
      fetch(`${server.url}/tools/midjourney`, { headers: { "user-agent": BROWSER, ...(cookie ? { cookie } : {}) } });
    const first = await view();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const cookies = first.headers.getSetCookie().map((c) => c.split(";")[0]);
    expect(cookies.map((c) => c?.split("=")[0])).toEqual(["ts_views", "ts_views_n"]);
    const second = await view();
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toBe("private, no-store");
    const body = await second.text();
    expect(body).not.toContain("Free tool views today");
    expect(body).not.toContain("ts_views");
    // A visitor with views already counted gets the same bytes, and their count in the cookie only.
    const counted = await view(cookies.join("; "));
    expect(counted.headers.get("x-cache")).toBe("HIT");
    expect(await counted.text()).toBe(body);
    expect(counted.headers.getSetCookie()).toEqual([]);
    expect(server.services.stats.pageCache?.()).toMatchObject({
      hits: expect.any(Number),
      entries: expect.any(Number),
    });
  });

  it("renders a page once for many first views at once; an edit shows at once; a no-op rating recount keeps the cache", async () => {
    const slug = "chatgpt";
    const view = () => fetch(`${server.url}/tools/${slug}`, { headers: { "user-agent": BROWSER } });
    const before = server.services.stats.pageCache?.() ?? { hits: 0, misses: 0 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => view()));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    for (const r of answers) expect(r.status).toBe(200);
    // One render, seven answers from it: the same bytes, and each visitor's own view cookies.
    const after = server.services.stats.pageCache?.() ?? { hits: 0, misses: 0 };
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(7);
    for (const body of bodies) expect(body).toBe(bodies[0]);
    for (const r of answers) expect(r.headers.getSetCookie().length).toBeGreaterThan(0);
    // The rating recount (at boot and every 15 min) changes nothing here: the page stays cached.
    await refreshRatings(server.services.db, new Date());
    expect((await view()).headers.get("x-cache")).toBe("HIT");
    // An edit shows at once, to concurrent first views too.
    await server.services.db.execute(
      sql`UPDATE tools SET description = 'Single flight probe 6620' WHERE slug = ${slug}`,
    );
    const edited = await Promise.all(Array.from({ length: 4 }, () => view()));
    for (const r of edited) expect(await r.text()).toContain("Single flight probe 6620");
  });
});

describe("the database under more load than it can take", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      pages: true,
      env: { PGLITE_MAX_QUEUE: "1", PGLITE_MAX_WAIT_MS: "5", API_CACHE_MB: "0", PAGE_CACHE: "0" },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 503 with Retry-After and a message (API and pages), never a 500 or a long wait", async (ctx) => {
    if (server.services.engine !== "pglite") {
      // PostgreSQL queues in its pool: its counters are what metrics read.
      expect(server.services.stats.db()).toMatchObject({ engine: "postgres", totalCount: expect.any(Number) });
      ctx.skip();
    }
    const words = ["image", "video", "chat", "code", "music", "voice", "write", "design", "data", "agent"];
    const requests = [
      ...Array.from({ length: 30 }, (_, i) => `/api/tools?q=${words[i % words.length]}&page=${1 + (i % 3)}`),
      ...Array.from({ length: 6 }, (_, i) => `/tools?q=${words[i]}`),
    ];
    const started = performance.now();
    // Something slow holds the one connection (a transaction waiting on other work, an import):
    // requests pile up behind it. (pg_sleep would block PGlite's thread, and the requests with it.)
    const hold = server.services.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await new Promise((r) => setTimeout(r, 500));
    });
    const answers = await Promise.all(
      requests.map(async (p) => {
        const res = await server.get(p, { headers: { "user-agent": BROWSER } });
        return { p, status: res.status, retry: res.headers.get("retry-after"), body: await res.text() };
      }),
    );
    const elapsed = performance.now() - started;
    await hold;
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s !== 200 && s !== 503),
      JSON.stringify(statuses),
    ).toEqual([]);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.filter((a) => a.p.startsWith("/api/")).length).toBeGreaterThan(0);
    expect(busy.filter((a) => a.p.startsWith("/tools")).length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.retry).toBe("1");
      expect(a.body).toContain("busy right now");
    }
    const api = busy.find((a) => a.p.startsWith("/api/"));
    expect(JSON.parse(api?.body ?? "{}")).toEqual({
      success: false,
      error: "The site is busy right now. Please try again in a moment.",
    });
    expect(elapsed).toBeLessThan(20_000);
    const stats = server.services.stats.db();
    expect(stats.engine).toBe("pglite");
    if (stats.engine === "pglite") {
      expect(stats.rejected + stats.timedOut).toBeGreaterThan(0);
      expect(stats.limits).toEqual({ maxQueued: 1, maxWaitMs: 5 });
    }
    // Once the burst is over the site answers again.
    expect((await server.get("/api/tools?q=image")).status).toBe(200);
  });
});
