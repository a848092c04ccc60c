import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.ts";
import type { AppServices } from "../../server/context.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { createRecordingLogger } from "../helpers/logger.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * HOSTILE INPUT: every page route (read from the build's route manifest, plus its `.data` twin) and
 * every API endpoint (read from the API's route table) × odd methods, odd bodies, odd cookies and
 * odd query keys. Nothing may answer 5xx or drop the connection. The cases come from a seeded
 * generator, so a failure names a request that can be replayed.
 */

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "LOCK", "QUERY"] as const;

type Body = { label: string; type?: string; body?: string | Uint8Array<ArrayBuffer> };
const BODIES: Body[] = [
  { label: "none" },
  { label: "text/plain", type: "text/plain", body: "email=a@example.com&password=x" },
  { label: "broken JSON", type: "application/json", body: '{"email": "a@example.com", ' },
  { label: "JSON array", type: "application/json", body: '[1, "two", {"three": 3}]' },
  {
    label: "JSON with prototype keys",
    type: "application/json",
    body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}, "email": ["a@example.com"], "name": {"toString": 1}, "tool_id": ["x"], "kind": "__proto__", "tier": "constructor", "feature": "toString", "user_id": "__proto__"}',
  },
  {
    label: "broken multipart",
    type: "multipart/form-data; boundary=XyZ",
    body: '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com',
  },
  { label: "multipart without boundary", type: "multipart/form-data", body: "email=a" },
  {
    label: "form with prototype keys",
    type: "application/x-www-form-urlencoded",
    body: "__proto__[admin]=1&constructor=1&intent=__proto__&intent=toString&email[]=a&kind=constructor&on=__proto__&theme=toString&name=%E0%A4%A",
  },
  { label: "binary", type: "application/octet-stream", body: new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28]) },
];
const HUGE: Body = { label: "huge", type: "application/x-www-form-urlencoded", body: `email=${"a".repeat(6_000_000)}` };

const COOKIES: { label: string; value: string }[] = [
  { label: "session token %", value: "better-auth.session_token=%" },
  { label: "garbage session token", value: "better-auth.session_token=not-a-token.not-a-signature" },
  { label: "broken percent encodings", value: "better-auth.session_token=%E0%A4%A; theme=%ZZ; cookie_consent=%" },
  { label: "non-UTF-8 bytes", value: "better-auth.session_token=\xff\xfe\xc3\x28; theme=\xe9" },
  { label: "prototype names", value: "__proto__=1; constructor=x; toString=y; better-auth.session_token=__proto__" },
  { label: "huge session token", value: `better-auth.session_token=${"A".repeat(12_000)}` },
  {
    label: "broken session data",
    value: "better-auth.session_token=abc.def%; better-auth.session_data=%; better-auth.dont_remember=%ZZ",
  },
];

const QUERIES = [
  "?__proto__=1",
  "?sort=__proto__",
  "?sort=constructor&page=toString",
  "?sort=a&sort=b&page=1&page=2&limit[]=3",
  "?page[]=1&q[]=x&q=y",
  "?category=__proto__&pricing=constructor&tags=toString&rating=__proto__&featured=constructor",
  "?tools=__proto__,constructor,toString&ids=__proto__&kind=__proto__&tab=constructor&tier=toString",
  "?to=__proto__&source=constructor&token=__proto__&redirectTo=toString&callbackURL=__proto__",
  "?q=%&q=%E0%A4%A",
  "?_routes=__proto__,constructor&index&index",
];

type Case = { method: string; path: string; body?: Body; cookie?: string; origin?: string; label: string };

/** A small deterministic generator (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let server: TestServer;
let member: Member;
const logger = createRecordingLogger();
let pagePaths: string[] = [];
let apiPaths: { method: string; path: string }[] = [];

beforeAll(async () => {
  const file = path.join(BUILD_DIR, "server/index.js");
  if (!existsSync(file)) throw new Error("run `npm run build` first");
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" }, logger });
  member = await createMember(server, { name: "Fuzz Member" });
  const [tool] = await queryRows<{ slug: string }>(
    server.services.db,
    sql`SELECT slug FROM tools ORDER BY name LIMIT 1`,
  );
  const [category] = await queryRows<{ slug: string }>(
    server.services.db,
    sql`SELECT slug FROM categories ORDER BY slug LIMIT 1`,
  );
  const samples: Record<string, string> = {
    idOrSlug: tool?.slug ?? "x",
    toolId: tool?.slug ?? "x",
    slug: tool?.slug ?? "x",
    categoryId: category?.slug ?? "x",
    userId: member.id,
    id: member.id,
  };
  const fill = (p: string) =>
    p.replace(/:(\w+)/g, (_m, name: string) => (Object.hasOwn(samples, name) ? (samples[name] ?? "x") : "x"));

  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const fullPath = (id: string): string => {
    const r = build.routes[id];
    if (!r) return "";
    const parent = r.parentId ? fullPath(r.parentId) : "";
    return r.path ? `${parent.replace(/\/$/, "")}/${r.path}` : parent || "/";
  };
  const pages = new Set<string>();
  for (const [id, r] of Object.entries(build.routes)) {
    if (!r || (!r.path && !r.index)) continue;
    const p = fill(fullPath(id)).replace(/\/\*$/, "/no/such/page");
    pages.add(p);
    pages.add(p === "/" ? "/_root.data" : `${p}.data`);
    if (r.index) {
      pages.add(`${p}?index`);
      pages.add("/_root.data?index");
    }
  }
  // Hostile path parameters.
  for (const p of ["/tools/__proto__", "/category/constructor", "/user/toString", "/go/__proto__", "/tools/%E0%A4%A"]) {
    pages.add(p);
  }
  pagePaths = [...pages].sort();

  const api = new Map<string, { method: string; path: string }>();
  for (const r of createApi().routes) {
    if (r.method === "ALL") continue;
    const p = `/api${fill(r.path).replace(/\/\*$/, "/get-session")}`;
    api.set(`${r.method} ${p}`, { method: r.method, path: p });
  }
  for (const p of [
    "/api/tools/__proto__",
    "/api/users/constructor",
    "/api/saved-tools/toString",
    "/api/auth/sign-in/email",
    // The MCP endpoint (issue 22) sits outside /api and the page manifest.
    "/mcp",
  ]) {
    api.set(`POST ${p}`, { method: "POST", path: p });
  }
  apiPaths = [...api.values()];
});
afterAll(async () => {
  await server?.close();
});

function buildCases(): Case[] {
  const all = [...pagePaths, ...apiPaths.map((a) => a.path)];
  const origin = server.url;
  const cases: Case[] = [];
  // Every route × every method, no body.
  for (const p of all) for (const method of METHODS) cases.push({ method, path: p, origin, label: "method" });
  // Every route × every body, as a same-origin POST (and as the API's own method).
  for (const p of pagePaths)
    for (const body of BODIES) cases.push({ method: "POST", path: p, body, origin, label: "body" });
  for (const a of apiPaths) {
    for (const body of BODIES) {
      cases.push({ method: a.method === "GET" ? "POST" : a.method, path: a.path, body, origin, label: "body" });
    }
  }
  // Every route × every odd cookie (a read, and a write that carries it).
  for (const p of all) {
    for (const c of COOKIES) {
      cases.push({ method: "GET", path: p, cookie: c.value, label: `cookie ${c.label}` });
      cases.push({ method: "POST", path: p, cookie: c.value, origin, body: BODIES[7], label: `cookie ${c.label}` });
    }
  }
  // Every route × every odd query.
  for (const p of all) {
    for (const q of QUERIES)
      cases.push({ method: "GET", path: `${p}${p.includes("?") ? q.replace("?", "&") : q}`, label: "query" });
  }
  // React Router's own origin check: a proxy says https, the request reached us as http.
  for (const p of pagePaths) {
    cases.push({
      method: "POST",
      path: p,
      body: BODIES[7],
      origin: origin.replace("http:", "https:"),
      label: "origin",
    });
    cases.push({ method: "POST", path: p, body: BODIES[7], origin: "null", label: "origin null" });
  }
  // Huge bodies on a few routes.
  for (const p of ["/sign-in", "/", "/?index", "/tools.data", "/api/newsletter/subscribe", "/api/auth/sign-in/email"]) {
    cases.push({ method: "POST", path: p, body: HUGE, origin, label: "huge" });
  }
  // Seeded random mixes of all of the above.
  const rand = rng(8);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  for (let i = 0; i < 400; i++) {
    const method = pick(METHODS);
    const p = pick(all);
    cases.push({
      method,
      path: `${p}${rand() < 0.5 ? pick(QUERIES).replace("?", p.includes("?") ? "&" : "?") : ""}`,
      body: method === "GET" || method === "HEAD" ? undefined : pick(BODIES),
      cookie: rand() < 0.5 ? pick(COOKIES).value : rand() < 0.5 ? member.client.cookieHeader : undefined,
      origin: rand() < 0.8 ? origin : undefined,
      label: `random ${i}`,
    });
  }
  return cases;
}

async function send(c: Case): Promise<number | string> {
  const headers = new Headers({ "x-forwarded-for": "10.9.9.9", "x-forwarded-proto": "https" });
  if (c.cookie) headers.set("cookie", c.cookie);
  if (c.origin) headers.set("origin", c.origin);
  if (c.body?.type) headers.set("content-type", c.body.type);
  const withBody = c.body?.body !== undefined && c.method !== "GET" && c.method !== "HEAD";
  try {
    const res = await fetch(`${server.url}${c.path}`, {
      method: c.method,
      headers,
      body: withBody ? c.body?.body : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    return `connection error: ${(err as Error).message} ${String((err as Error).cause ?? "")}`;
  }
}

describe("fuzz", () => {
  it("reads every page route and API endpoint", () => {
    expect(pagePaths).toContain("/tools.data");
    expect(pagePaths.length).toBeGreaterThan(40);
    expect(apiPaths.length).toBeGreaterThan(15);
  });

  it("answers every hostile request below 500 and never drops a connection", { timeout: 300_000 }, async () => {
    const cases = buildCases();
    const failures: string[] = [];
    const statuses = new Map<number | string, number>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++] as Case;
        const status = await send(c);
        statuses.set(typeof status === "number" ? status : "error", (statuses.get(status) ?? 0) + 1);
        if (typeof status !== "number" || status >= 500) {
          failures.push(
            `${c.method} ${c.path.slice(0, 120)} [${c.label}; body ${c.body?.label ?? "none"}] → ${status}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    if (process.env.FUZZ_REPORT) (await import("node:fs")).writeFileSync(process.env.FUZZ_REPORT, failures.join("\n"));
    expect(failures.slice(0, 60), `${failures.length} of ${cases.length} failed`).toEqual([]);
    expect(cases.length).toBeGreaterThan(2_000);
    // Nothing was logged as an error without its cause.
    const causeless = logger.entries.filter((e) => e.level === "error" && !(e.fields.err instanceof Error));
    expect(causeless.map((e) => e.msg)).toEqual([]);
  });
});

/** What a raw HTTP/1.1 request (bytes no fetch would send) gets back: the status line, or how the connection ended. */
function rawRequest(head: string): Promise<string> {
  return new Promise((resolve) => {
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    let data = "";
    socket.on("data", (d) => {
      data += d.toString("latin1");
    });
    socket.on("error", (e) => resolve(`connection error ${(e as NodeJS.ErrnoException).code}`));
    socket.on("close", () => resolve(data.split("\r\n")[0] || "closed without an answer"));
    socket.write(Buffer.from(head, "latin1"));
    setTimeout(() => socket.end(), 2_000);
  });
}

describe("hostile requests get the right 4xx", () => {
  const post = (p: string, type: string | null, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${p}`, {
      method: "POST",
      headers: { origin: server.url, ...(type ? { "content-type": type } : {}), ...headers },
      // fetch labels a string body text/plain: "" sends no body at all
      body: body === "" ? undefined : body,
      redirect: "manual",
    });

  it("an unknown sort key is a 400 with a message, never a lookup on Object.prototype", async () => {
    for (const sort of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const res = await fetch(`${server.url}/api/tools?sort=${sort}`);
      expect(res.status, sort).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(`Unknown sort '${sort.toLowerCase()}'`);
      const page = await fetch(`${server.url}/tools?sort=${sort}`);
      await page.arrayBuffer();
      expect(page.status, sort).toBe(400);
    }
  });

  it("methods a page does not handle are 405 with Allow; HEAD works", async () => {
    const cases: [string, string, string][] = [
      ["PATCH", "/sign-in", "GET, HEAD, POST"],
      ["PUT", "/sign-in.data", "GET, HEAD, POST"],
      ["POST", "/", "GET, HEAD"],
      ["POST", "/_root.data", "GET, HEAD"],
      ["POST", "/tools", "GET, HEAD"],
      ["POST", "/tools.data", "GET, HEAD"],
      ["LOCK", "/", "GET, HEAD"],
      ["QUERY", "/tools", "GET, HEAD"],
      ["OPTIONS", "/sign-in", "GET, HEAD, POST"],
      ["DELETE", "/dashboard", "GET, HEAD, POST"],
      ["OPTIONS", "/?index", "GET, HEAD, POST"],
    ];
    for (const [method, p, allow] of cases) {
      const res = await fetch(`${server.url}${p}`, { method, headers: { origin: server.url } });
      expect(res.status, `${method} ${p}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${p}`).toBe(allow);
      expect(await res.text()).toContain(`Method ${method} is not allowed here`);
    }
    for (const p of ["/", "/tools", "/sign-in", `/user/${member.id}`, "/tools.data"]) {
      const res = await fetch(`${server.url}${p}`, { method: "HEAD" });
      expect(res.status, `HEAD ${p}`).toBe(200);
    }
  });

  it("a form body that cannot be read is a 400 (413 when too large); a form with no fields still works", async () => {
    const plain = await post("/sign-in", "text/plain", "email=a@example.com");
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain(
      "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data",
    );
    const broken = await post(
      "/sign-in",
      "multipart/form-data; boundary=XyZ",
      '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na',
    );
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("The form could not be read");
    const json = await post("/sign-up.data", "application/json", "{");
    expect(json.status).toBe(400);
    const huge = await post("/sign-in", "application/x-www-form-urlencoded", `email=${"a".repeat(1_100_000)}`);
    expect(huge.status).toBe(413);
    // No body at all reads as an empty form: the action answers (a missing e-mail is its 400).
    const empty = await post("/forgot-password", null, "");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("mail");
  });

  it("a form sent through a TLS proxy (Origin https, request http) reaches the action", async () => {
    const res = await post(
      "/sign-in",
      "application/x-www-form-urlencoded",
      "email=nobody%40example.com&password=wrong-password",
      {
        origin: server.url.replace("http:", "https:"),
        "x-forwarded-proto": "https",
      },
    );
    expect(res.status).toBe(401);
    const other = await post("/sign-in", "application/x-www-form-urlencoded", "email=a", {
      origin: "https://evil.example",
    });
    expect(other.status).toBe(403);
  });

  it("an unreadable session cookie means signed out, on the API and on pages", async () => {
    for (const c of COOKIES) {
      const api = await fetch(`${server.url}/api/saved-tools`, { headers: { cookie: c.value } });
      expect(api.status, c.label).toBe(401);
      const page = await fetch(`${server.url}/dashboard`, { headers: { cookie: c.value } });
      await page.arrayBuffer();
      expect(page.status, c.label).toBe(401);
      const home = await fetch(`${server.url}/`, { headers: { cookie: c.value } });
      await home.arrayBuffer();
      expect(home.status, c.label).toBe(200);
    }
  });

  it("raw bytes no client library would send get an answer, never a dropped connection", async () => {
    const heads = [
      "GET /api/saved-tools HTTP/1.1\r\nHost: x\r\nCookie: better-auth.session_token=\xff\xfe%\x80\r\nConnection: close\r\n\r\n",
      "GET /dashboard HTTP/1.1\r\nHost: x\r\nCookie: better-auth.session_token=%; theme=\xe9%E0%A4%A\r\nConnection: close\r\n\r\n",
      "GET /api/tools HTTP/1.1\r\nHost: x\r\nCookie: better-auth.session_token=a\x01b.c\r\nConnection: close\r\n\r\n",
      `GET / HTTP/1.1\r\nHost: x\r\nCookie: better-auth.session_token=${"%".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      "GET /tools/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "POST /sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=\r\nContent-Length: 5\r\nConnection: close\r\n\r\n--\r\n-",
    ];
    for (const head of heads) {
      const status = await rawRequest(head);
      expect(status, head.slice(0, 80)).toMatch(/^HTTP\/1\.1 [234]\d\d /);
    }
  });
});

describe("a server-side failure", () => {
  // Every query fails with a bug-like error, except the readiness probe's `SELECT 1`: the database
  // is reachable, so the answer must stay a 500 (an unreachable one is a 503, db-outage tests).
  const isProbe = (query: unknown) =>
    ((query as { queryChunks?: { value?: string[] }[] }).queryChunks ?? []).some(
      (chunk) => chunk.value?.join("").trim() === "SELECT 1",
    );
  const brokenOver = (db: AppServices["db"]) =>
    new Proxy(
      {},
      {
        get(_target, prop) {
          if (prop === "execute") {
            return (query: unknown) => {
              if (isProbe(query)) return db.execute(query as Parameters<AppServices["db"]["execute"]>[0]);
              throw new TypeError("forced database failure");
            };
          }
          throw new TypeError("forced database failure");
        },
      },
    );

  async function withBrokenDatabase<T>(run: () => Promise<T>): Promise<T> {
    const services = server.services as { db: AppServices["db"] };
    const db = services.db;
    services.db = brokenOver(db) as AppServices["db"];
    try {
      return await run();
    } finally {
      services.db = db;
    }
  }

  it.each([
    ["GET", "/api/tools?q=image"],
    ["GET", "/tools"],
    ["GET", "/tools.data"],
    ["GET", "/dashboard.data"],
    ["POST", "/?index"],
  ])("%s %s answers 500 and logs the cause with the request id", async (method, p) => {
    const requestId = `forced-${method}-${p.replace(/\W/g, "")}`;
    logger.entries.length = 0;
    const res = await withBrokenDatabase(() =>
      member.client.fetch(p, {
        method,
        headers: { "x-request-id": requestId, "content-type": "application/x-www-form-urlencoded" },
        body: method === "POST" ? "email=forced@example.com" : undefined,
      }),
    );
    await res.arrayBuffer();
    expect(res.status).toBe(500);
    const entries = logger.entries.filter((e) => e.level === "error" && e.fields.requestId === requestId);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      const err = e.fields.err as Error;
      expect(err, e.msg).toBeInstanceOf(Error);
      expect(err.name).toBe("TypeError");
      expect(err.message).toBe("forced database failure");
      expect(err.stack).toContain("forced database failure");
    }
  });

  it("logs a request the client gave up on as aborted (499, info), not as an error", async () => {
    logger.entries.length = 0;
    const { createApp } = await import("../../server/app.ts");
    const app = createApp({ services: server.services });
    const controller = new AbortController();
    controller.abort();
    const res = await app.request("http://localhost/api/health", {
      signal: controller.signal,
      headers: { "x-request-id": "aborted-1" },
    });
    await res.arrayBuffer().catch(() => undefined);
    const entry = logger.entries.find((e) => e.fields.requestId === "aborted-1");
    expect(entry).toMatchObject({ level: "info", msg: "request aborted", fields: { status: 499 } });
    expect(logger.entries.some((e) => e.level === "error")).toBe(false);
  });
});
