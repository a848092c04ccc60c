import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postChunked } from "../helpers/chunked.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 31 (HIGH): every request body is read through one counting reader capped at the route's
 * limit, before anything parses it — with or without Content-Length. A chunked multipart body of
 * 200 MB used to be read whole (twice) by the NUL guard before any limit ran. Each oversized body
 * here is sent chunked, with no length, and the server must answer 413 having taken in little more
 * than its limit (the rest sits in socket buffers, never in the process). Pages need `npm run build`.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const MB = 1024 * 1024;
/** What loopback sockets may hold in flight between the client's writes and the server's reads. */
const IN_FLIGHT = 24 * MB;
const BODY = 120 * MB;
const BOUNDARY = "----edge31";
const multipart = { type: `multipart/form-data; boundary=${BOUNDARY}` };
const multipartPrefix = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n`;
const multipartSuffix = `\r\n--${BOUNDARY}--\r\n`;

describe("oversized chunked bodies are refused at the edge", () => {
  for (const { path, limit } of [
    { path: "/sign-in", limit: 1 * MB },
    { path: "/api/newsletter/subscribe", limit: 5 * MB },
    { path: "/api/auth/sign-in/email", limit: 5 * MB },
    { path: "/mcp", limit: 256 * 1024 },
  ]) {
    it(`a ${BODY / MB} MB chunked multipart body to ${path} is a 413 read no further than its limit`, {
      timeout: 120_000,
    }, async () => {
      const rssBefore = process.memoryUsage().rss;
      const res = await postChunked(server.url, path, {
        ...multipart,
        totalBytes: BODY,
        prefix: multipartPrefix,
        suffix: multipartSuffix,
        headers: { "x-forwarded-for": `10.31.0.${Math.floor(Math.random() * 250)}` },
      });
      const grown = process.memoryUsage().rss - rssBefore;
      expect(res.status, res.answer.slice(0, 300)).toBe(413);
      expect(res.answer).toMatch(/too large/i);
      expect(res.sentBeforeAnswer).toBeLessThan(limit + IN_FLIGHT);
      // Loosely: the process did not take the body in (it grew by more than twice the body before).
      expect(grown).toBeLessThan(100 * MB);
    });
  }

  it("a chunked JSON body over the limit is a 413 too (JSON-RPC shaped at /mcp)", { timeout: 60_000 }, async () => {
    const res = await postChunked(server.url, "/mcp", {
      type: "application/json",
      totalBytes: 2 * MB,
      prefix: '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"',
      suffix: '"}}',
    });
    expect(res.status).toBe(413);
    expect(res.answer).toContain('"jsonrpc":"2.0"');
    const api = await postChunked(server.url, "/api/newsletter/subscribe", {
      type: "application/json",
      totalBytes: 6 * MB,
      prefix: '{"email":"',
      suffix: '"}',
    });
    expect(api.status).toBe(413);
    expect(api.answer).toContain('"success":false');
  });
});

describe("a body just under the limit still works", () => {
  it("/mcp: a chunked ping padded to just under 256 KB is answered", { timeout: 60_000 }, async () => {
    const body = '{"jsonrpc":"2.0","id":7,"method":"ping"}';
    const res = await postChunked(server.url, "/mcp", {
      type: "application/json",
      totalBytes: 256 * 1024 - 10,
      prefix: body,
      fill: " ",
      headers: { accept: "application/json, text/event-stream", "x-forwarded-for": "10.31.1.1" },
    });
    expect(res.status, res.answer.slice(0, 400)).toBe(200);
    expect(res.answer).toContain('"id":7');
    expect(res.answer).toContain('"result"');
  });

  it("/api: a chunked JSON body padded to just under 5 MB reaches the route", { timeout: 60_000 }, async () => {
    const res = await postChunked(server.url, "/api/newsletter/subscribe", {
      type: "application/json",
      totalBytes: 5 * MB - 10,
      prefix: '{"email":"edge31@example.com"}',
      fill: " ",
      headers: { "x-forwarded-for": "10.31.1.2" },
    });
    expect(res.status, res.answer.slice(0, 400)).toBeLessThan(300);
    expect(res.answer).toContain('"success":true');
  });

  it("/sign-in: a chunked form padded to just under 1 MB is read by the page's action", {
    timeout: 60_000,
  }, async () => {
    const res = await postChunked(server.url, "/sign-in", {
      type: "application/x-www-form-urlencoded",
      totalBytes: MB - 10,
      prefix: "email=nobody%40example.com&password=wrong-password-31&pad=",
      headers: { "x-forwarded-for": "10.31.1.3" },
    });
    // The action ran: a wrong password is answered on the page (401), not refused at the edge.
    expect(res.status, res.answer.slice(0, 400)).toBe(401);
    expect(res.answer).not.toMatch(/too large/i);
    expect(res.answer).toContain("Sign in failed");
  });
});
