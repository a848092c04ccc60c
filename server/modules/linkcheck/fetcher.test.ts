import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpFetcher, FetchError } from "./fetcher.ts";

/**
 * A connection closed under a request (a kept-alive socket the site's idle timeout closed as we reused
 * it) is sent once more on a new connection; a site that keeps resetting, or never answers, is not.
 */

let server: Server;
let base = "";
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    if (path === "/reset-once" && n === 1) return req.socket.destroy();
    if (path === "/reset-always") return req.socket.destroy();
    if (path === "/silent") return; // never answers
    if (path === "/reset-midbody") {
      res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": "100" });
      res.write("ab");
      setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": "2" });
    res.end(req.method === "HEAD" ? undefined : "ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const fetcher = createHttpFetcher({ allowPrivateAddresses: true });
const get = (path: string, timeoutMs = 5_000) =>
  fetcher.fetch({ url: `${base}${path}`, method: "GET", timeoutMs, maxBytes: 100, userAgent: "test" });

describe("the HTTP fetcher", () => {
  it("sends a request again once when its connection is closed before any answer", async () => {
    const res = await get("/reset-once");
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(res.body)).toBe("ok");
    expect(hits.get("/reset-once")).toBe(2);
  });

  it("reports a site that resets every time as a connection failure, after two tries", async () => {
    const err = await get("/reset-always").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).kind).toBe("connect");
    expect(hits.get("/reset-always")).toBe(2);
  });

  it("does not repeat a request whose connection closed after the answer began", async () => {
    const err = await get("/reset-midbody").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect(hits.get("/reset-midbody")).toBe(1);
  });

  it("does not repeat a request that timed out", async () => {
    const err = await get("/silent", 300).catch((e: unknown) => e);
    expect((err as FetchError).kind).toBe("timeout");
    expect(hits.get("/silent")).toBe(1);
  });
});
