// engine: both — warm-up queries against the pool at start.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../../server/platform/db/index.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * ADR 0062: with WARM_UP on (the default outside tests) the server renders its busiest pages once
 * before it listens, so the first visitors are answered from a warm instance; the warming requests
 * are not visits (no tool-view tally, no search-miss tally, nothing written).
 */
const ORIGIN = "http://warm.example";

/** A visitor's GET with the public Host header (fetch always sends the address it connects to). */
function visit(server: TestServer, path: string): Promise<{ status: number; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${server.url}${path}`,
      { headers: { host: "warm.example", "user-agent": BROWSER } },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, cache: res.headers["x-cache"] as string | undefined }),
        );
      },
    );
    req.on("error", reject);
  });
}
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

describe("warm-up before listening", () => {
  let warm: TestServer;
  let cold: TestServer;
  beforeAll(async () => {
    // Pages are kept by host: the warm-up renders them for the public origin, the one visitors use.
    warm = await startTestServer({ pages: true, env: { WARM_UP: "1", PUBLIC_URL: ORIGIN } });
    cold = await startTestServer({ pages: true, env: { WARM_UP: "0", PUBLIC_URL: ORIGIN } });
  });
  afterAll(async () => {
    await warm?.close();
    await cold?.close();
  });

  it("the first visitor's home page and catalogue come from the page cache; without it they are rendered", async () => {
    for (const path of ["/", "/tools"]) {
      const first = await visit(warm, path);
      expect(first, path).toEqual({ status: 200, cache: "HIT" });
      const unwarmed = await visit(cold, path);
      expect(unwarmed, path).toEqual({ status: 200, cache: "MISS" });
    }
    expect(warm.services.stats.pageCache?.().entries ?? 0).toBeGreaterThan(3);
  });

  it("warming is not a visit: no tool views or search misses tallied, no rows written", async () => {
    expect(warm.services.tallies.toolViews.pending()).toBe(0);
    expect(warm.services.tallies.searchMisses.pending()).toBe(0);
    for (const table of ["rate_limits", "sessions", "users", "tool_view_days"]) {
      const res = await warm.services.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
      const n = (res as unknown as { rows: { n: number }[] }).rows[0]?.n;
      const coldRes = await cold.services.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
      // The same as a server that did not warm up (the seed's own rows only).
      expect(n, table).toBe((coldRes as unknown as { rows: { n: number }[] }).rows[0]?.n);
    }
  });
});
