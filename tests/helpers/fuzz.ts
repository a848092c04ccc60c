import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApi } from "../../server/api/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { createMember, type Member } from "./accounts.ts";
import { fetch } from "./http.ts";
import { createRecordingLogger } from "./logger.ts";
import { startTestServer, type TestServer } from "./server.ts";

/**
 * HOSTILE INPUT: every page route (read from the build's route manifest, plus its `.data` twin) and
 * every API endpoint (read from the API's route table) × odd methods, odd bodies, odd cookies and
 * odd query keys. Nothing may answer 5xx or drop the connection. The cases come from a seeded
 * generator, so a failure names a request that can be replayed. The sweep is long (over 2,000
 * requests), so it runs as shards in files of their own (fuzz-sweep-N.db.test.ts), in parallel:
 * every shard builds the same case list and sends every Nth case to its own server.
 */

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "LOCK", "QUERY"] as const;

/** `chunked`: sent as a stream (Transfer-Encoding: chunked, no Content-Length). */
export type Body = { label: string; type?: string; body?: string | Uint8Array<ArrayBuffer>; chunked?: boolean };
const MULTIPART = [
  '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\n__proto__\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\x00\xff\r\n',
  "--XyZ--\r\n",
].join("");
export const BODIES: Body[] = [
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
  // Issue 31: bodies without a length, read by the edge's capped reader like any other.
  { label: "chunked multipart with a file", type: "multipart/form-data; boundary=XyZ", body: MULTIPART, chunked: true },
  { label: "chunked JSON", type: "application/json", body: '{"email": "a@example.com", "name": "x"}', chunked: true },
];
export const HUGE: Body = {
  label: "huge",
  type: "application/x-www-form-urlencoded",
  body: `email=${"a".repeat(6_000_000)}`,
};
/** Over every route's limit, with no Content-Length (issue 31: once read whole by the NUL guard). */
export const HUGE_CHUNKED: Body = {
  label: "huge chunked multipart",
  type: "multipart/form-data; boundary=XyZ",
  body: `--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\n${"a".repeat(6_000_000)}\r\n--XyZ--\r\n`,
  chunked: true,
};

export const COOKIES: { label: string; value: string }[] = [
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

export const QUERIES = [
  "?__proto__=1",
  "?sort=__proto__",
  "?sort=constructor&page=toString",
  "?sort=a&sort=b&page=1&page=2&limit[]=3",
  "?page[]=1&q[]=x&q=y",
  "?category=__proto__&pricing=constructor&tags=toString&rating=__proto__&featured=constructor",
  "?tools=__proto__,constructor,toString&ids=__proto__&kind=__proto__&tab=constructor&tier=toString",
  "?to=__proto__&source=constructor&token=__proto__&redirectTo=toString&callbackURL=__proto__",
  "?q=%&q=%E0%A4%A",
  "?q=%00&category=a%00b",
  "?_routes=__proto__,constructor&index&index",
];

export type Case = { method: string; path: string; body?: Body; cookie?: string; origin?: string; label: string };

/** A small deterministic generator (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FuzzTarget = {
  server: TestServer;
  member: Member;
  pagePaths: string[];
  apiPaths: { method: string; path: string }[];
};

/** Starts a server with pages and a member, and reads every page route and API endpoint to fuzz. */
export async function startFuzzTarget(logger = createRecordingLogger()): Promise<FuzzTarget> {
  const file = path.join(BUILD_DIR, "server/index.js");
  if (!existsSync(file)) throw new Error("run `npm run build` first");
  const server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" }, logger });
  const member = await createMember(server, { name: "Fuzz Member" });
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
  const pagePaths = [...pages].sort();

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
  const apiPaths = [...api.values()];
  return { server, member, pagePaths, apiPaths };
}

export function buildCases({ server, member, pagePaths, apiPaths }: FuzzTarget): Case[] {
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
  for (const p of ["/sign-in", "/tools.data", "/api/newsletter/subscribe", "/api/auth/sign-in/email", "/mcp"]) {
    cases.push({ method: "POST", path: p, body: HUGE_CHUNKED, origin, label: "huge chunked" });
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

export async function send(server: TestServer, c: Case): Promise<number | string> {
  const headers = new Headers({ "x-forwarded-for": "10.9.9.9", "x-forwarded-proto": "https" });
  if (c.cookie) headers.set("cookie", c.cookie);
  if (c.origin) headers.set("origin", c.origin);
  if (c.body?.type) headers.set("content-type", c.body.type);
  const withBody = c.body?.body !== undefined && c.method !== "GET" && c.method !== "HEAD";
  const raw = withBody ? c.body?.body : undefined;
  const body = raw !== undefined && c.body?.chunked ? chunks(raw) : raw;
  try {
    const res = await fetch(`${server.url}${c.path}`, {
      method: c.method,
      headers,
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    return `connection error: ${(err as Error).message} ${String((err as Error).cause ?? "")}`;
  }
}

/** The body as a stream of 64 KB pieces: fetch sends it chunked, with no Content-Length. */
function chunks(body: string | Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + 65_536));
      at += 65_536;
    },
  });
}

/** One shard of the sweep: every `count`-th case from `shard` (1-based), against its own server. */
export function fuzzSweep(shard: number, count: number): void {
  let target: FuzzTarget;
  const logger = createRecordingLogger();
  beforeAll(async () => {
    target = await startFuzzTarget(logger);
  });
  afterAll(async () => {
    await target?.server.close();
  });

  it(`answers every hostile request below 500 and never drops a connection (shard ${shard} of ${count})`, {
    timeout: 300_000,
  }, async () => {
    const all = buildCases(target);
    expect(all.length).toBeGreaterThan(2_000);
    const cases = all.filter((_, i) => i % count === shard - 1);
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++] as Case;
        const status = await send(target.server, c);
        if (typeof status !== "number" || status >= 500) {
          failures.push(
            `${c.method} ${c.path.slice(0, 120)} [${c.label}; body ${c.body?.label ?? "none"}] → ${status}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    if (process.env.FUZZ_REPORT) {
      (await import("node:fs")).writeFileSync(`${process.env.FUZZ_REPORT}.${shard}`, failures.join("\n"));
    }
    expect(failures.slice(0, 60), `${failures.length} of ${cases.length} failed`).toEqual([]);
    // Nothing was logged as an error without its cause.
    const causeless = logger.entries.filter((e) => e.level === "error" && !(e.fields.err instanceof Error));
    expect(causeless.map((e) => e.msg)).toEqual([]);
  });
}
