import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pageMatches, pageMatchesUncut } from "../../server/platform/page-methods.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(async () => {
  await server?.close();
});

const html = async (path: string) => {
  const res = await server.get(path);
  return { status: res.status, body: await res.text(), headers: res.headers };
};

describe("server-rendered pages", () => {
  it("/tools already contains 30 tools and page links in the HTML", async () => {
    const { status, body } = await html("/tools");
    expect(status).toBe(200);
    expect(body.match(/<article/g)).toHaveLength(30);
    expect(body).toContain("2,658 tools");
    expect(body).toContain('href="/tools?page=2"');
  });

  it("/tools?page=2 shows the next 30 tools", async () => {
    const first = await html("/tools");
    const second = await html("/tools?page=2");
    const names = (b: string) => [...b.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(names(second.body)).toHaveLength(30);
    expect(names(second.body)[0]).not.toBe(names(first.body)[0]);
  });

  it("/tools honours search and category parameters", async () => {
    const { body } = await html("/tools?q=midjurney");
    expect(body).toContain("Midjourney");
    const cat = await html("/tools?category=vision");
    expect(cat.status).toBe(200);
    expect(cat.body).toContain("Image Generation");
  });

  it("/tools with a bad parameter answers 400 with the message, not a 500", async () => {
    const { status, body } = await html("/tools?page=abc");
    expect(status).toBe(400);
    expect(body).toContain("page must be a whole number");
  });

  it("/tools/{slug} shows the tool; an unknown one is a 404 with the not-found view", async () => {
    const ok = await html("/tools/midjourney");
    expect(ok.status).toBe(200);
    expect(ok.body).toContain("<h1");
    expect(ok.body).toContain("Midjourney");
    expect(ok.body).toContain("Visit website");
    const missing = await html("/tools/no-such-tool");
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("Tool Not Found");
    expect(missing.body).toContain("Browse all tools");
  });

  it("the home page links to the catalogue and shows real figures", async () => {
    const { status, body } = await html("/");
    expect(status).toBe(200);
    expect(body).toContain("2,658");
    expect(body).toContain('href="/tools"');
    expect(body).toContain("Tool of the day");
  });

  it("serves the files of build/client outside assets/ (listed once at start), and pages next to them", async () => {
    const icon = await server.get("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    const image = await server.get("/blog/writing.svg");
    expect(image.status).toBe(200);
    expect((await html("/blog")).status).toBe(200);
    expect((await html("/favicon.svg.missing")).status).toBe(404);
  });

  it("unknown routes answer 404", async () => {
    for (const path of ["/nope", "/tools/a/b/c", "/%E2%98%83"]) {
      const { status, body } = await html(path);
      expect(status, path).toBe(404);
      expect(body).toContain("Page not found");
    }
  });

  it("sends security headers and a request id", async () => {
    const { headers } = await html("/tools");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-security-policy")).toContain("object-src 'none'");
    expect(headers.get("x-request-id")).toBeTruthy();
  });

  it("compresses HTML when the client accepts it", async () => {
    const res = await server.get("/tools", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends a small JSON answer as it is, with its length, and gzips a large one (ADR 0096)", async () => {
    const refused = await server.get("/api/tools", { method: "PUT", headers: { "accept-encoding": "gzip" } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("content-encoding")).toBeNull();
    const text = await refused.text();
    expect(Number(refused.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ success: false });
    const list = await server.get("/api/categories", { headers: { "accept-encoding": "gzip" } });
    expect(list.headers.get("content-encoding")).toBe("gzip");
    expect(((await list.json()) as { categories: unknown[] }).categories.length).toBeGreaterThan(5);
  });

  it("sends an asset's Brotli or gzip copy made at build time, as the browser accepts (ADR 0097)", async () => {
    const dir = path.join(BUILD_DIR, "client/assets");
    const file = readdirSync(dir).find((f) => f.endsWith(".js") && readFileSync(path.join(dir, f)).length > 20_000);
    if (!file) throw new Error("no large script in the build");
    const original = readFileSync(path.join(dir, file));
    const ask = async (acceptEncoding: string) => {
      // undici's request: the bytes as sent, not decoded.
      const res = await request(`${server.url}/assets/${file}`, { headers: { "accept-encoding": acceptEncoding } });
      const body = Buffer.from(await res.body.arrayBuffer());
      return { headers: res.headers, body };
    };
    const br = await ask("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.body.equals(readFileSync(path.join(dir, `${file}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    const gz = await ask("gzip, deflate");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await ask("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });
});

describe("route matching in front of React Router", () => {
  it("the tree cut to a path's first segment matches as the whole tree does, for every route (page-methods.ts)", async () => {
    const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
    const routes = Object.values(build.routes).filter((r) => r !== undefined);
    const byId = new Map(routes.map((r) => [r.id, r]));
    const fullPath = (id: string | undefined): string => {
      const r = id ? byId.get(id) : undefined;
      return r ? `${fullPath(r.parentId)}/${r.path ?? ""}` : "";
    };
    const paths = new Set(["/", "//", "/_root.data", "/nope", "/%E0%A4%A", "/tools/%E0%A4%A", "/%74ools", "/a%2Fb"]);
    for (const r of routes) {
      const pattern = fullPath(r.id).replace(/\/+/g, "/");
      // Each route's path filled in (optional parts in, then out), in capitals, and behind an unknown first
      // segment; the whole tree costs about 2 ms a path, so a few shapes per route.
      const full = pattern.replace(/:\w+\??/g, "x-1").replace(/\*/g, "a/b");
      const short = pattern
        .replace(/\/:\w+\?/g, "")
        .replace(/:\w+/g, "Y")
        .replace(/\*/g, "");
      for (const p of [full, short, full.toUpperCase(), `/zz${full}`]) paths.add(p.startsWith("/") ? p : `/${p}`);
    }
    for (const p of ["/tools/x-1/", "/tools/x-1.data", "/tools/x-1/extra/more", "/admin/", "/ADMIN/TOOLS"])
      paths.add(p);
    // React Router warns on the console about each path it cannot decode (it then matches it as it is).
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const shape = (m: ReturnType<typeof pageMatchesUncut>) => m?.map((x) => ({ id: x.route.id, params: x.params }));
    const reached = new Set<string>();
    try {
      for (const p of paths) {
        const whole = pageMatchesUncut(build, p);
        for (const m of whole ?? []) reached.add(m.route.id as string);
        expect(shape(pageMatches(build, p)), p).toEqual(shape(whole));
      }
    } finally {
      warn.mockRestore();
    }
    // Every route is in some answer, so the comparison covers each cut tree.
    expect(routes.map((r) => r.id).filter((id) => !reached.has(id))).toEqual([]);
  });
});

describe("shutdown", () => {
  it("finishes in-flight requests before closing", async () => {
    const other = await startTestServer({ pages: true });
    // Close only once the server has received both requests: requests that arrive after close()
    // are refused, which is correct, but not what this test is about.
    let received = 0;
    const bothReceived = new Promise<void>((resolve) =>
      other.server.on("request", () => {
        if (++received === 2) resolve();
      }),
    );
    const inFlight = Promise.all([other.get("/tools?page=7"), other.get("/api/tools?q=image")]);
    await bothReceived;
    const closing = other.close();
    const responses = await inFlight;
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    await closing;
    await expect(fetch(`${other.url}/api/health`)).rejects.toThrow();
  });
});

describe("HTML cache", () => {
  it("serves repeat anonymous requests from the cache and shows a change to a tool at once", async () => {
    const first = await server.get("/tools/midjourney");
    const second = await server.get("/tools/midjourney");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    await server.services.db.execute(
      // Without the editors' summary, whose first sentence a card shows instead of the listing's line.
      sql`UPDATE tools SET description = 'Edited just now for the cache test', full_description = '',
            editorial_summary = NULL WHERE slug = 'midjourney'`,
    );
    const after = await server.get("/tools/midjourney");
    expect(after.headers.get("x-cache")).not.toBe("HIT");
    expect(await after.text()).toContain("Edited just now for the cache test");
    const list = await server.get("/tools?q=midjourney");
    expect(await list.text()).toContain("Edited just now");
  });

  it("keeps theme variants apart and never stores personal or failed responses", async () => {
    await server.get("/tools?page=3", { headers: { cookie: "theme=dark" } });
    const light = await server.get("/tools?page=3");
    expect(await light.text()).not.toMatch(/<html lang="en" class="dark"/);
    await server.get("/tools/no-such-tool");
    const missing = await server.get("/tools/no-such-tool");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-cache")).toBeNull();
    await server.get("/tools", { headers: { cookie: "better-auth.session_token=abc" } });
    const personal = await server.get("/tools", { headers: { cookie: "better-auth.session_token=abc" } });
    expect(personal.headers.get("x-cache")).toBeNull();
  });

  it("does not bump the version for click counters", async () => {
    await server.get("/tools/claude");
    await server.services.db.execute(sql`UPDATE tools SET clicks = clicks + 1 WHERE slug = 'claude'`);
    const again = await server.get("/tools/claude");
    expect(again.headers.get("x-cache")).toBe("HIT");
  });
});
