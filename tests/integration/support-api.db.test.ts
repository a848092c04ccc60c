import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_RULE } from "../../server/modules/accounts/index.ts";
import { listAudit } from "../../server/platform/audit.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Support tickets, the contact form and Expert API keys (issue 12 items 5, 6, 8). */

type Mail = { to: string; subject: string; text: string; tag: string };

let server: TestServer;
let admin: Member;
const clock = createTestClock();
const SUPPORT = "help@toolscape.test";

function outbox(): Mail[] {
  const dir = path.join(server.services.env.DATA_DIR, "mail");
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")));
}

beforeAll(async () => {
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1", SUPPORT_EMAIL: SUPPORT } });
  admin = await createMember(server, { role: "admin", name: "Sam Support" });
});
afterAll(async () => {
  await server?.close();
});

describe("support tickets", () => {
  it("stores a ticket, acknowledges it, lets the admin answer and the member read the answer", async () => {
    const member = await createMember(server, { tier: "standard", name: "Ada Member" });
    const expert = await createMember(server, { tier: "expert", name: "Eve Expert" });
    const bad = await member.client.json("/api/support/tickets", "POST", {
      name: "Ada",
      email: "x",
      subject: "",
      message: "",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/email|required/i);

    const res = await member.client.json("/api/support/tickets", "POST", {
      name: "Ada Member",
      email: member.email,
      subject: "Cannot export my list",
      message: "The CSV export button does nothing.",
    });
    expect(res.status).toBe(201);
    const { ticket } = (await res.json()) as {
      ticket: { id: string; ref: string; priority: boolean; category: string; status: string };
    };
    expect(ticket.ref).toMatch(/^TS-\d{6}$/);
    expect(ticket).toMatchObject({ priority: false, category: "general", status: "open" });
    clock.advance(60_000);
    const ex = await expert.client.json("/api/support/tickets", "POST", {
      name: "Eve",
      email: expert.email,
      subject: "API question",
      message: "How many requests a minute?",
      category: "technical",
    });
    const expertTicket = ((await ex.json()) as { ticket: { id: string; priority: boolean } }).ticket;
    expect(expertTicket.priority).toBe(true);

    await server.services.jobs.runDue();
    const ack = outbox().find((m) => m.to === member.email && m.tag === "support-ack");
    expect(ack?.subject).toContain(ticket.ref);
    expect(outbox().some((m) => m.to === SUPPORT && m.subject.includes(ticket.ref))).toBe(true);

    // The inbox: Expert first even though it came later; members and visitors cannot read it.
    expect((await member.client.fetch("/api/admin/support/tickets")).status).toBe(403);
    expect((await new Client(server).fetch("/api/admin/support/tickets")).status).toBe(401);
    const inbox = (await (await admin.client.fetch("/api/admin/support/tickets")).json()) as {
      tickets: { id: string }[];
    };
    const ids = inbox.tickets.map((t) => t.id);
    expect(ids.indexOf(expertTicket.id)).toBeLessThan(ids.indexOf(ticket.id));

    const reply = await admin.client.json(`/api/admin/support/tickets/${ticket.id}/reply`, "POST", {
      message: "Fixed: try again please.",
    });
    expect(reply.status).toBe(200);
    await server.services.jobs.runDue();
    const mailed = outbox().find((m) => m.to === member.email && m.tag === "support-reply");
    expect(mailed?.text).toContain("Fixed: try again please.");
    const audit = await listAudit(server.services.db, { limit: 20 });
    expect(JSON.stringify(audit)).toContain("support.reply");

    const mine = (await (await member.client.fetch(`/api/support/tickets/${ticket.id}`)).json()) as {
      ticket: { status: string; messages: { author: string; body: string }[] };
    };
    expect(mine.ticket.status).toBe("answered");
    expect(mine.ticket.messages.map((m) => m.author)).toEqual(["requester", "staff"]);
    // Someone else's ticket is not found.
    expect((await expert.client.fetch(`/api/support/tickets/${ticket.id}`)).status).toBe(404);
    // The member answers: open again.
    const back = await member.client.json(`/api/support/tickets/${ticket.id}/replies`, "POST", {
      message: "Works now, thanks",
    });
    expect(((await back.json()) as { ticket: { status: string } }).ticket.status).toBe("open");
  });
});

describe("contact", () => {
  it("stores and e-mails a message, drops a honeypot silently, validates and rate-limits", async () => {
    const visitor = new Client(server);
    const bad = await visitor.json("/api/contact", "POST", { name: "", email: "nope", message: "" });
    expect(bad.status).toBe(400);
    const ok = await visitor.json("/api/contact", "POST", {
      name: "Vic",
      email: "vic@example.com",
      message: "Hello there",
    });
    expect(ok.status).toBe(200);
    const bot = await visitor.json("/api/contact", "POST", {
      name: "Bot",
      email: "bot@example.com",
      message: "Buy now",
      website: "http://spam.example",
    });
    expect(bot.status).toBe(200);
    await server.services.jobs.runDue();
    const rows = await queryRows<{ name: string }>(server.services.db, sql`SELECT name FROM contact_messages`);
    expect(rows.map((r) => r.name)).toEqual(["Vic"]);
    expect(outbox().some((m) => m.to === SUPPORT && m.tag === "contact" && m.text.includes("Hello there"))).toBe(true);
    expect(outbox().some((m) => m.text.includes("Buy now"))).toBe(false);
    const listed = (await (await admin.client.fetch("/api/admin/contact-messages")).json()) as {
      messages: { name: string }[];
    };
    expect(listed.messages.map((m) => m.name)).toContain("Vic");
    // 5 per 10 minutes per address (the two above count).
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await visitor.json("/api/contact", "POST", { name: "Vic", email: "vic@example.com", message: `n${i}` }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("API keys", () => {
  it("lets an Expert list tools with a key; refuses Standard, revoked and downgraded keys; rate-limits", async () => {
    const standard = await createMember(server, { tier: "standard" });
    const refused = await standard.client.json("/api/account/api-keys", "POST", { name: "mine" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Expert/);

    const expert = await createMember(server, { tier: "expert" });
    const created = await expert.client.json("/api/account/api-keys", "POST", { name: "CI script" });
    expect(created.status).toBe(201);
    const { key, apiKey } = (await created.json()) as { key: string; apiKey: { id: string; prefix: string } };
    expect(key).toMatch(/^tsk_/);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const stored = await queryRows<{ key_hash: string }>(server.services.db, sql`SELECT key_hash FROM api_keys`);
    expect(JSON.stringify(stored)).not.toContain(key);

    const anon = new Client(server);
    const auth = { authorization: `Bearer ${key}` };
    const tools = await anon.fetch("/api/tools?limit=2", { headers: auth });
    expect(tools.status).toBe(200);
    expect(((await tools.json()) as { success: boolean; tools: unknown[] }).success).toBe(true);
    expect(tools.headers.get("ratelimit-limit")).toBe(String(API_KEY_RULE.max));
    expect(Number(tools.headers.get("ratelimit-remaining"))).toBe(API_KEY_RULE.max - 1);
    expect((await anon.fetch("/api/categories", { headers: auth })).status).toBe(200);
    const listed = (await (await expert.client.fetch("/api/account/api-keys")).json()) as {
      keys: { lastUsedAt: string | null }[];
    };
    expect(listed.keys[0]?.lastUsedAt).not.toBeNull();

    expect((await anon.fetch("/api/tools", { headers: { authorization: "Bearer tsk_unknown" } })).status).toBe(401);

    // The rate limit: two requests so far; the rest of the window, then 429 with the headers.
    let last: Response | null = null;
    for (let i = 0; i < API_KEY_RULE.max - 2; i++) last = await anon.fetch("/api/categories", { headers: auth });
    expect(last?.status).toBe(200);
    const limited = await anon.fetch("/api/categories", { headers: auth });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBeTruthy();
    clock.advance(61_000);
    expect((await anon.fetch("/api/categories", { headers: auth })).status).toBe(200);

    // Downgraded owner: 403 with a clear message.
    await server.services.db.execute(sql`UPDATE user_profiles SET tier = 'standard' WHERE user_id = ${expert.id}`);
    const down = await anon.fetch("/api/tools", { headers: auth });
    expect(down.status).toBe(403);
    expect(((await down.json()) as { error: string }).error).toMatch(/Expert/);
    await server.services.db.execute(sql`UPDATE user_profiles SET tier = 'expert' WHERE user_id = ${expert.id}`);

    const revoke = await expert.client.fetch(`/api/account/api-keys/${apiKey.id}`, { method: "DELETE" });
    expect(revoke.status).toBe(200);
    expect((await anon.fetch("/api/tools", { headers: auth })).status).toBe(401);
  });
});

describe("OpenAPI", () => {
  it("serves a valid OpenAPI 3.1 document of the whole API with the key and session schemes", async () => {
    const res = await new Client(server).fetch("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, { scheme: string }> };
    };
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    // The read API an API key opens, among every other operation (issue 31: the whole /api is documented).
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/categories",
        "/community/trending",
        "/tools",
        "/tools/tool-of-the-day",
        "/tools/{idOrSlug}",
        // a tool's fact history (issue 20: facts and provenance)
        "/tools/{idOrSlug}/history",
        "/top-lists",
        "/saved-tools",
        "/admin/corrections/{id}/vote",
      ]),
    );
    expect(doc.components.securitySchemes.apiKey?.scheme).toBe("bearer");
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(["sessionCookie", "sessionBearer"]),
    );
    // The route definitions validate too: a bad parameter is the API's usual 400.
    const bad = await new Client(server).fetch("/api/tools?featured=maybe");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/featured/);
  });
});
