// engine: both — hostile load and an outage against the pool.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../server/process/context.ts";
import type { Member } from "../helpers/accounts.ts";
import { COOKIES, startFuzzTarget } from "../helpers/fuzz.ts";
import { fetch } from "../helpers/http.ts";
import { createRecordingLogger } from "../helpers/logger.ts";
import type { TestServer } from "../helpers/server.ts";

/**
 * Hostile input with a known right answer (the 4xx each case deserves) and forced server-side
 * failures. The sweep of every route × odd methods, bodies, cookies and queries (tests/helpers/fuzz.ts)
 * runs in the fuzz-sweep-N.db.test.ts shards.
 */

let server: TestServer;
let member: Member;
const logger = createRecordingLogger();
let pagePaths: string[] = [];
let apiPaths: { method: string; path: string }[] = [];

beforeAll(async () => {
  ({ server, member, pagePaths, apiPaths } = await startFuzzTarget(logger));
});
afterAll(async () => {
  await server?.close();
});

describe("fuzz", () => {
  it("reads every page route and API endpoint", () => {
    expect(pagePaths).toContain("/tools.data");
    expect(pagePaths.length).toBeGreaterThan(40);
    expect(apiPaths.length).toBeGreaterThan(15);
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

describe("NUL bytes are refused at the edge (issue 18)", () => {
  /** Every route family with a NUL in each place a value comes from: 400, before any route runs. */
  it("a NUL in the path, the query, a form or a JSON body is a 400 on every page and API route", {
    timeout: 180_000,
  }, async () => {
    const nulPath = (p: string) => {
      const [pathname = "/", query] = p.split("?");
      const segments = pathname.split("/");
      const last = segments.length - 1;
      segments[last] = segments[last] ? `${segments[last]}%00` : "%00";
      return `${segments.join("/")}${query === undefined ? "" : `?${query}`}`;
    };
    const cases: { method: string; path: string; type?: string; body?: string }[] = [
      // issue 18's reproductions
      { method: "GET", path: "/blog?q=%00" },
      { method: "GET", path: "/tools/%00" },
      { method: "GET", path: "/api/tools/%00" },
      { method: "GET", path: "/api/tools/%00/poll/vote-status" },
      { method: "GET", path: "/category/writing/%00" },
    ];
    for (const p of pagePaths) {
      cases.push({ method: "GET", path: nulPath(p) });
      cases.push({ method: "GET", path: `${p}${p.includes("?") ? "&" : "?"}q=a%00b` });
      cases.push({
        method: "POST",
        path: p,
        type: "application/x-www-form-urlencoded",
        body: "email=a%00@example.com&q=x",
      });
      cases.push({
        method: "POST",
        path: p,
        type: "multipart/form-data; boundary=XyZ",
        body: '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\na\u0000b\r\n--XyZ--\r\n',
      });
    }
    for (const a of apiPaths) {
      cases.push({ method: a.method, path: nulPath(a.path) });
      cases.push({ method: a.method, path: `${a.path}?q=%00` });
      if (a.method !== "GET") {
        cases.push({
          method: a.method,
          path: a.path,
          type: "application/json",
          body: '{"email":"a@example.com","name":"x\\u0000y"}',
        });
        cases.push({ method: a.method, path: a.path, type: "application/x-www-form-urlencoded", body: "name=%00" });
      }
    }
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++] as (typeof cases)[number];
        const res = await fetch(`${server.url}${c.path}`, {
          method: c.method,
          headers: {
            origin: server.url,
            ...(c.type ? { "content-type": c.type } : {}),
            cookie: member.client.cookieHeader,
          },
          body: c.body,
          redirect: "manual",
        });
        const text = await res.text();
        if (res.status !== 400 || !text.includes("NUL")) {
          failures.push(`${c.method} ${c.path} ${c.type ?? ""} → ${res.status} ${text.slice(0, 80)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(failures.slice(0, 40), `${failures.length} of ${cases.length}`).toEqual([]);
    expect(cases.length).toBeGreaterThan(300);
  });

  it("text that merely spells an escape is not refused", async () => {
    const res = await fetch(`${server.url}/api/tools?q=${encodeURIComponent("%00")}`);
    expect(res.status).toBe(200);
    const search = await fetch(`${server.url}/search?q=${encodeURIComponent("\\u0000")}`);
    await search.arrayBuffer();
    expect(search.status).toBe(200);
  });
});

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
      ["POST", "/categories", "GET, HEAD"],
      ["POST", "/categories.data", "GET, HEAD"],
      // /tools saves a filter set (issue 34): a POST is its action, other methods are not.
      ["PUT", "/tools", "GET, HEAD, POST"],
      ["LOCK", "/", "GET, HEAD"],
      ["QUERY", "/categories", "GET, HEAD"],
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
    const { createApp } = await import("../../server/edge/app.ts");
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
