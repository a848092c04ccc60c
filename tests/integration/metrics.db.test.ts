// engine: both — pool and query metrics differ per engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const TOKEN = "metrics-token-for-tests-0123456789";

/** Reads one sample's value from Prometheus' text format (labels in any order). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? "";
    const have = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(line.split(" ").at(-1));
  }
  return undefined;
}

describe("GET /metrics with METRICS_TOKEN", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: true, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await server?.close();
  });
  const scrape = async () => {
    const res = await server.get("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it("refuses a missing or wrong token with 401", async () => {
    expect((await server.get("/metrics")).status).toBe(401);
    const wrong = await server.get("/metrics", { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const near = await server.get("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(near.status).toBe(401);
  });

  it("counts requests by route (not by URL) and status, with latency histograms", async () => {
    await server.get("/api/tools?q=video");
    await server.get("/api/tools/no-such-tool-here");
    const tools = (await (await server.get("/api/tools?limit=2")).json()) as { tools: { slug: string }[] };
    const slug = tools.tools[0]?.slug;
    await server.get(`/tools/${slug}`);
    await server.get(`/tools/${tools.tools[1]?.slug}`);
    await server.get("/tools");
    await server.get("/tools");
    const text = await scrape();
    expect(
      sample(text, "toolscape_http_requests_total", { route: "/api/tools", status: "200" }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, "toolscape_http_requests_total", { route: "/api/tools/:idOrSlug", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    // Two tool pages, one route label.
    expect(
      sample(text, "toolscape_http_requests_total", { route: "routes/tools/detail", status: "200" }),
    ).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(`route="/tools/${slug}"`);
    expect(
      sample(text, "toolscape_http_request_duration_seconds_count", { route: "routes/tools/index", method: "GET" }),
    ).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/toolscape_http_request_duration_seconds_bucket\{le="0\.005"/);
  });

  it("reports the page cache's hits and misses", async () => {
    await server.get("/categories");
    await server.get("/categories");
    const text = await scrape();
    expect(sample(text, "toolscape_page_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "toolscape_page_cache_misses_total")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "toolscape_page_cache_entries")).toBeGreaterThanOrEqual(1);
  });

  it("reports the API cache and the database's queue or pool", async () => {
    await server.get("/api/tools?q=writing");
    await server.get("/api/tools?q=writing");
    const text = await scrape();
    expect(sample(text, "toolscape_api_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "toolscape_api_cache_misses_total")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "toolscape_api_cache_bytes")).toBeGreaterThan(0);
    if (server.services.engine === "pglite") {
      expect(sample(text, "toolscape_db_queue_waiting")).toBe(0);
      expect(sample(text, "toolscape_db_queue_rejected_total")).toBe(0);
    } else {
      expect(sample(text, "toolscape_db_pool_connections")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "toolscape_db_pool_waiting")).toBe(0);
    }
  });

  it("reports process memory", async () => {
    const text = await scrape();
    expect(sample(text, "toolscape_process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
    expect(sample(text, "toolscape_nodejs_heap_size_used_bytes")).toBeGreaterThan(1_000_000);
  });

  it("folds invented methods into one label", async () => {
    await server.get("/tools", { method: "PROPFIND" });
    const text = await scrape();
    expect(text).not.toContain('method="PROPFIND"');
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is off: the path is an unknown page, whatever the token", async () => {
    const res = await server.get("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("toolscape_http_requests_total");
  });
});
