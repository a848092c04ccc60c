import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, type Member } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 31: a known API path asked with a method it does not take is a 405 with `Allow` (it was a
 * 404 without one), and answers that depend on who asks (a session cookie, an API key, the tier) say
 * so to caches: `Cache-Control: private, no-store` for a caller with credentials and `Vary: Cookie,
 * Authorization`, while public answers keep their caching. Pages need `npm run build`.
 */

let server: TestServer;
let member: Member;
let apiKey: string;
beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  member = await createMember(server, { tier: "expert" });
  const created = await member.client.json("/api/account/api-keys", "POST", { name: "edge headers" });
  apiKey = ((await created.json()) as { key: string }).key;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const ask = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });
const origin = () => ({ origin: server.url, "content-type": "application/json" });

describe("wrong methods on the API", () => {
  it("a known path with a method it does not take is a 405 listing the methods it does", async () => {
    for (const [method, path, allow] of [
      ["DELETE", "/api/tools", ["GET", "HEAD"]],
      ["POST", "/api/tools/chatgpt", ["GET", "HEAD"]],
      ["PUT", "/api/newsletter/subscribe", ["POST"]],
      ["DELETE", "/api/auth/sign-in/email", ["GET", "HEAD", "POST"]],
    ] as const) {
      const res = await ask(path, { method, headers: origin(), body: "{}" });
      expect(res.status, `${method} ${path}`).toBe(405);
      const allowed = (res.headers.get("allow") ?? "").split(/,\s*/).sort();
      expect(allowed, `${method} ${path}`).toEqual([...allow].sort());
      expect(((await res.json()) as { error: string }).error).toMatch(new RegExp(`${method}.*not allowed`));
    }
  });

  it("an unknown path stays a 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await ask("/api/no-such-resource", { method, headers: origin() });
      expect(res.status).toBe(404);
      expect(res.headers.get("allow")).toBeNull();
    }
  });
});

describe("caching of answers that depend on the caller", () => {
  it("/api/tools: private, no-store with a session or an API key; Vary on both for everyone", async () => {
    const anonymous = await ask("/api/tools?limit=2");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("cache-control") ?? "").not.toMatch(/private/);
    expect(anonymous.headers.get("vary")).toMatch(/Cookie/);
    expect(anonymous.headers.get("vary")).toMatch(/Authorization/);
    const signedIn = await member.client.fetch("/api/tools?limit=2");
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("vary")).toMatch(/Cookie/);
    const withKey = await ask("/api/tools?limit=2", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a member's .data answer is private, no-store", async () => {
    const res = await member.client.fetch("/tools.data");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
  });

  it("public answers keep their caching", async () => {
    const res = await member.client.fetch("/api/openapi.json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const robots = await ask("/robots.txt");
    expect(robots.headers.get("cache-control")).toBe("public, max-age=86400");
  });
});
