import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { type Role, type Tier, updateAccount } from "../../server/modules/accounts/index.ts";
import { sql } from "../../server/platform/db/index.ts";
import { fetch, headersFrom } from "./http.ts";
import type { TestServer } from "./server.ts";

/**
 * A browser-like HTTP client for one person: keeps cookies, sends the site's Origin on writes (as
 * browsers do) and a client address of its own (test servers run with TRUST_PROXY=1), so rate
 * limits by address do not mix different test users.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  constructor(
    readonly server: TestServer,
    ip?: string,
  ) {
    this.ip = ip ?? `10.${rand255()}.${rand255()}.${rand255()}`;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(path: string, init: RequestInit & { origin?: string | null } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has("cookie")) headers.set("cookie", this.cookieHeader);
    headers.set("x-forwarded-for", this.ip);
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && init.origin !== null && !headers.has("origin")) {
      headers.set("origin", init.origin ?? this.server.url);
    }
    const res = await fetch(`${this.server.url}${path}`, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * A GET sent as the browser sends it, with exactly these headers (node:http: Node's fetch always
   * overwrites Sec-Fetch-Mode with "cors", so a top-level navigation cannot be sent through it).
   */
  navigate(path: string, headers: Record<string, string>): Promise<Response> {
    const url = new URL(`${this.server.url}${path}`);
    const all: Record<string, string> = { ...headers, "x-forwarded-for": this.ip };
    if (this.cookies.size) all.cookie = this.cookieHeader;
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method: "GET", headers: all }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const out = headersFrom(res.headers);
          for (const line of out.getSetCookie()) {
            const [pair = ""] = line.split(";");
            const i = pair.indexOf("=");
            this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
          }
          const status = res.statusCode ?? 0;
          resolve(
            new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: out }),
          );
        });
      });
      req.on("error", reject);
      req.end();
    });
  }

  json(path: string, method: string, body?: unknown, init: RequestInit & { origin?: string | null } = {}) {
    return this.fetch(path, {
      ...init,
      method,
      headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Posts a form the way a browser without JavaScript does. */
  form(path: string, fields: Record<string, string>, init: RequestInit & { origin?: string | null } = {}) {
    return this.fetch(path, { ...init, method: "POST", body: new URLSearchParams(fields) });
  }
}

const rand255 = () => 1 + Math.floor(Math.random() * 254);

export type Member = { client: Client; id: string; email: string; password: string; name: string };

/** Signs a new member up through HTTP (better-auth's endpoint), then sets tier/role via the module. */
export async function createMember(
  server: TestServer,
  options: { tier?: Tier; role?: Role; name?: string; email?: string; password?: string } = {},
): Promise<Member> {
  const client = new Client(server);
  const email = options.email ?? `member-${randomBytes(5).toString("hex")}@example.com`;
  const password = options.password ?? "correct-horse-42";
  const name = options.name ?? "Test Member";
  const res = await client.json("/api/auth/sign-up/email", "POST", { name, email, password });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  if (options.tier || options.role) {
    await updateAccount(server.services.db, user.id, { tier: options.tier, role: options.role });
  }
  return { client, id: user.id, email, password, name };
}

/**
 * An account whose reviews count at once (ADR 0029: a review counts when its author's account is a
 * day old and the e-mail address verified): the e-mail is marked verified and the account dated two
 * days before `now`.
 */
export async function establishMember<M extends { id: string }>(
  server: TestServer,
  member: M,
  now = new Date(),
): Promise<M> {
  await server.services.db.execute(
    sql`UPDATE users SET email_verified = true, created_at = ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz
        WHERE id = ${member.id}`,
  );
  return member;
}
