import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suspendUser } from "../../server/modules/admin/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 23 / ADR 0059: a member's dashboard is kept rendered and served again while nothing it shows
 * has changed. Each kind of change — by the app's forms or by any other writer (plain SQL here: the
 * versions move by triggers, not by the code paths that remember to) — shows on the very next request;
 * one member is never served another's page; sign-out and suspension end it at once.
 */
let server: TestServer;
let alice: Member;
let bob: Member;
let fern: Member;
let admin: Member;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
let tools: { id: string; slug: string; name: string }[];

beforeAll(async () => {
  // Each test client signs up from its own address (x-forwarded-for): the sign-up limit is per address.
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  [alice, bob, fern, admin] = await Promise.all([
    createMember(server, { tier: "standard", name: "Alice Quill-5512", email: "alice-5512@example.com" }),
    createMember(server, { tier: "standard", name: "Bob Marsh-6623", email: "bob-6623@example.com" }),
    createMember(server, { name: "Fern Free-7734", email: "fern-7734@example.com" }),
    createMember(server, { role: "admin", name: "Ada Admin" }),
  ]);
  tools = await queryRows<{ id: string; slug: string; name: string }>(
    server.services.db,
    sql`SELECT id::text AS id, slug, name FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY name LIMIT 3`,
  );
  expect(tools).toHaveLength(3);
});
afterAll(async () => {
  await server?.close();
});

async function dashboard(m: Member) {
  const res = await m.client.fetch("/dashboard", { headers: { "user-agent": BROWSER } });
  return { status: res.status, cache: res.headers.get("x-cache"), headers: res.headers, body: await res.text() };
}

/** The dashboard after a change: rendered again (not the kept page) and showing `expected`. */
async function rendersAgainWith(m: Member, expected: string | RegExp) {
  const after = await dashboard(m);
  expect(after.status).toBe(200);
  expect(after.cache).toBe("MISS");
  if (typeof expected === "string") expect(after.body).toContain(expected);
  else expect(after.body).toMatch(expected);
  // … and kept again from then on.
  const again = await dashboard(m);
  expect(again.cache).toBe("HIT");
  expect(again.body).toBe(after.body);
  return after.body;
}

describe("a member's own dashboard, kept rendered (ADR 0059)", () => {
  it("is rendered once, then served from memory, to its member only", async () => {
    const a1 = await dashboard(alice);
    const a2 = await dashboard(alice);
    const b1 = await dashboard(bob);
    expect([a1.status, a2.status, b1.status]).toEqual([200, 200, 200]);
    expect(a1.cache).toBe("MISS");
    expect(a2.cache).toBe("HIT");
    expect(a2.body).toBe(a1.body);
    expect(a2.headers.get("cache-control")).toBe("private, no-store");
    expect(a2.headers.get("content-type")).toMatch(/^text\/html/);
    // Bob's first visit is his own render, with his name and none of Alice's.
    expect(b1.cache).toBe("MISS");
    expect(a1.body).toContain(alice.name);
    expect(b1.body).toContain(bob.name);
    expect(b1.body).not.toContain(alice.name);
    expect(b1.body).not.toContain(alice.email);
    // A visitor with Alice's page in memory gets the log-in page, not hers.
    const visitor = await new Client(server).fetch("/dashboard", { headers: { "user-agent": BROWSER } });
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).not.toContain(alice.name);
  });

  it("a tool saved through the tool page's form shows at once", async () => {
    await dashboard(alice);
    const saved = await alice.client.form(`/tools/${tools[0]?.slug}`, { kind: "saved", on: "1" });
    expect(saved.status).toBe(200);
    await rendersAgainWith(alice, tools[0]?.name ?? "?");
  });

  it("saved searches written by any path show at once, and a deletion through the dashboard's form too", async () => {
    await dashboard(alice);
    await server.services.db.execute(
      sql`INSERT INTO saved_searches (user_id, name, query) VALUES (${alice.id}, 'Kept search 9051', 'q=video')`,
    );
    await rendersAgainWith(alice, "Kept search 9051");
    const [row] = await queryRows<{ id: string }>(
      server.services.db,
      sql`SELECT id::text AS id FROM saved_searches WHERE user_id = ${alice.id} AND name = 'Kept search 9051'`,
    );
    const deleted = await alice.client.form("/dashboard", { intent: "delete-search", id: row?.id ?? "" });
    expect(deleted.status).toBeLessThan(400);
    const after = await dashboard(alice);
    expect(after.cache).toBe("MISS");
    expect(after.body).not.toContain("Kept search 9051");
  });

  it("a Free member's usage today moves with each tool they open", async () => {
    const before = await dashboard(fern);
    expect(before.status).toBe(200);
    const opened = await fern.client.fetch(`/tools/${tools[1]?.slug}`, { headers: { "user-agent": BROWSER } });
    expect(opened.status).toBe(200);
    const after = await dashboard(fern);
    expect(after.cache).toBe("MISS");
    expect(after.body).not.toBe(before.body);
    // Opening the same tool again the same day counts nothing: the kept page stays right.
    await fern.client.fetch(`/tools/${tools[1]?.slug}`, { headers: { "user-agent": BROWSER } });
    expect((await dashboard(fern)).cache).toBe("HIT");
  });

  it("the account's own data (a new name), the catalogue (a renamed tool) and a new badge show at once", async () => {
    await dashboard(alice);
    await server.services.db.execute(sql`UPDATE users SET name = 'Alice Renamed-5512' WHERE id = ${alice.id}`);
    await rendersAgainWith(alice, "Alice Renamed-5512");
    await server.services.db.execute(
      sql`UPDATE tools SET name = 'Renamed Tool 4417' WHERE id = ${tools[0]?.id ?? ""}::uuid`,
    );
    await rendersAgainWith(alice, "Renamed Tool 4417");
    // A badge earned by any path: announced once (the render marks it seen, which is a change too).
    await server.services.db.execute(
      sql`INSERT INTO member_badges (user_id, badge) VALUES (${alice.id}, 'first-review') ON CONFLICT DO NOTHING`,
    );
    const withToast = await dashboard(alice);
    expect(withToast.cache).toBe("MISS");
    expect(withToast.body).toContain("New Achievement Unlocked: First Review");
    const next = await dashboard(alice);
    expect(next.cache).toBe("MISS");
    expect(next.body).not.toContain("New Achievement Unlocked");
    expect((await dashboard(alice)).cache).toBe("HIT");
  });

  it("sign-out and suspension end the kept page at the next request", async () => {
    const m = await createMember(server, { tier: "standard", name: "Gone Soon-8812" });
    await dashboard(m);
    expect((await dashboard(m)).cache).toBe("HIT");
    const out = await m.client.json("/api/auth/sign-out", "POST", {});
    expect(out.status).toBe(200);
    const after = await dashboard(m);
    expect(after.status).toBe(401);
    expect(after.body).not.toContain("Gone Soon-8812");

    const s = await createMember(server, { tier: "standard", name: "Suspended Soon-8813" });
    await dashboard(s);
    expect((await dashboard(s)).cache).toBe("HIT");
    await suspendUser(server.services.db, { id: admin.id, label: "Ada Admin" }, s.id, "test");
    const suspended = await dashboard(s);
    expect(suspended.status).toBe(401);
    expect(suspended.body).not.toContain("Suspended Soon-8813");
  });

  it("another member's writes leave a member's kept page alone", async () => {
    await dashboard(bob);
    expect((await dashboard(bob)).cache).toBe("HIT");
    await server.services.db.execute(
      sql`INSERT INTO saved_searches (user_id, name, query) VALUES (${alice.id}, 'Alice only 3390', 'q=audio')`,
    );
    const b = await dashboard(bob);
    expect(b.cache).toBe("HIT");
    expect(b.body).not.toContain("Alice only 3390");
  });
});
