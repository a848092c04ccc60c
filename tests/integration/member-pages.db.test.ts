import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedToolState } from "../../server/modules/accounts/index.ts";
import { suspendUser } from "../../server/modules/admin/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 23 / ADR 0032: members' shared pages. A signed-in member's tool page, /, /tools, category
 * and search pages are the cached page of their tier, with nothing personal in it; their own parts
 * come from GET /api/me/page-state. Gated content never reaches a viewer who may not see it, and
 * session lookups cached in memory end with a sign-out or a suspension at the next request.
 */
let server: TestServer;
let alice: Member;
let bob: Member;
let free: Member;
let admin: Member;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const TOOL = "midjourney";
/** A tool listed for the Expert tier, and what only its full page shows. */
let expertTool: string;
const EXPERT_ONLY = "Expert-only feature omega-5521";

beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  [alice, bob, free, admin] = await Promise.all([
    createMember(server, { tier: "standard", name: "Alice Quill-7781", email: "alice-7781@example.com" }),
    createMember(server, { tier: "standard", name: "Bob Marsh-9913", email: "bob-9913@example.com" }),
    createMember(server, { name: "Fern Free-4410", email: "fern-4410@example.com" }),
    createMember(server, { role: "admin", name: "Ada Admin" }),
  ]);
  const [row] = await queryRows<{ slug: string }>(
    server.services.db,
    sql`SELECT slug FROM tools WHERE status = 'active' AND slug <> ${TOOL} ORDER BY name LIMIT 1`,
  );
  expertTool = row?.slug ?? "";
  await server.services.db.execute(
    sql`UPDATE tools SET tier = 'expert', features = ARRAY[${EXPERT_ONLY}] WHERE slug = ${expertTool}`,
  );
  // Alice saves the tool (a plain form post, as without JavaScript).
  const saved = await alice.client.form(`/tools/${TOOL}`, { kind: "saved", on: "1" });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

async function page(client: Client, path: string) {
  const res = await client.fetch(path, { headers: { "user-agent": BROWSER } });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

const personalOf = (m: Member) => [m.name, m.email, m.id];

describe("members' shared pages (ADR 0032)", () => {
  it("two members of a tier get the same cached tool page, with no member's data in it; a visitor's has none either", async () => {
    const a1 = await page(alice.client, `/tools/${TOOL}`);
    const b1 = await page(bob.client, `/tools/${TOOL}`);
    const a2 = await page(alice.client, `/tools/${TOOL}`);
    const visitor = await page(new Client(server), `/tools/${TOOL}`);
    for (const r of [a1, b1, a2, visitor]) expect(r.status).toBe(200);
    // The second and third member answers come from the cache: the same bytes for both members.
    expect(b1.headers.get("x-cache")).toBe("HIT");
    expect(a2.headers.get("x-cache")).toBe("HIT");
    expect(b1.body).toBe(a2.body);
    expect(a1.body).toBe(b1.body);
    // Personal to the browser: only members of this tier get these bytes.
    expect(a1.headers.get("cache-control")).toBe("private, no-store");
    expect(b1.headers.get("cache-control")).toBe("private, no-store");
    for (const r of [a1, b1, visitor]) {
      for (const text of [...personalOf(alice), ...personalOf(bob)]) expect(r.body).not.toContain(text);
    }
    // The shared page is a member's page (no sign-in links in the header) …
    expect(a1.body).toContain('href="/dashboard"');
    expect(visitor.body).toContain('href="/sign-in"');
    // … and its save toggles are the account's forms (they work without JavaScript), not pressed.
    expect(a1.body).toContain('aria-pressed="false"');
    expect(a1.body).not.toContain('aria-pressed="true"');
  });

  it("the one personal request carries each member's own parts, and only theirs", async () => {
    const mine = await alice.client.fetch(`/api/me/page-state?path=${encodeURIComponent(`/tools/${TOOL}`)}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const a = (await mine.json()) as {
      viewer: { id: string; name: string; tier: string };
      compareCap: number;
      tool: { saved: { saved: boolean; favorite: boolean }; views: unknown } | null;
    };
    expect(a.viewer).toMatchObject({ id: alice.id, name: alice.name, tier: "standard" });
    expect(a.tool?.saved).toEqual({ saved: true, favorite: false });
    expect(a.tool?.views).toBeNull(); // Standard: unlimited views
    const b = (await (
      await bob.client.fetch(`/api/me/page-state?path=${encodeURIComponent(`/tools/${TOOL}`)}`)
    ).json()) as typeof a;
    expect(b.viewer.id).toBe(bob.id);
    expect(b.tool?.saved).toEqual({ saved: false, favorite: false });
    expect(JSON.stringify(b)).not.toContain(alice.email);
    expect((await new Client(server).fetch("/api/me/page-state?path=%2F")).status).toBe(401);
    for (const bad of [
      "",
      "?path=https%3A%2F%2Fevil.example%2F",
      "?path=%2F%2Fevil.example",
      `?path=${"a".repeat(3000)}`,
    ]) {
      expect((await alice.client.fetch(`/api/me/page-state${bad}`)).status, bad).toBe(400);
    }
  });

  it("a tier-locked tool is never in a lower tier's page: Standard gets the locked page per request, Expert its own cached page", async () => {
    const expert = await createMember(server, { tier: "expert", name: "Eve Expert-3301" });
    const e1 = await page(expert.client, `/tools/${expertTool}`);
    const e2 = await page(expert.client, `/tools/${expertTool}`);
    expect(e1.body).toContain(EXPERT_ONLY);
    expect(e2.headers.get("x-cache")).toBe("HIT");
    expect(e2.body).not.toContain(expert.name);
    for (let i = 0; i < 2; i++) {
      const s = await page(alice.client, `/tools/${expertTool}`);
      expect(s.status).toBe(200);
      expect(s.body).not.toContain(EXPERT_ONLY);
      expect(s.body).toContain('data-testid="upgrade-prompt"');
      expect(s.headers.get("x-cache")).toBeNull();
      expect(s.headers.get("cache-control")).toBe("private, no-store");
    }
    const v = await page(new Client(server), `/tools/${expertTool}`);
    expect(v.body).not.toContain(EXPERT_ONLY);
  });

  it("a free member past the daily views gets the locked page, never the shared one; tools counted today stay open", async () => {
    const slugs = (
      await queryRows<{ slug: string }>(
        server.services.db,
        sql`SELECT slug FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY name LIMIT 11`,
      )
    ).map((r) => r.slug);
    const locked: boolean[] = [];
    for (const slug of slugs) {
      const r = await page(free.client, `/tools/${slug}`);
      const isLocked = r.body.includes('data-testid="upgrade-prompt"');
      locked.push(isLocked);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
      if (isLocked) {
        // The locked page is this member's own (rendered per request, never from or into the cache).
        expect(r.headers.get("x-cache")).toBeNull();
      } else {
        for (const text of personalOf(free)) expect(r.body).not.toContain(text);
      }
    }
    expect(locked.slice(0, 10).every((l) => !l)).toBe(true);
    expect(locked[10]).toBe(true);
    const again = await page(free.client, `/tools/${slugs[0]}`);
    expect(again.body).not.toContain('data-testid="upgrade-prompt"');
    const parts = (await (
      await free.client.fetch(`/api/me/page-state?path=${encodeURIComponent(`/tools/${slugs[0]}`)}`)
    ).json()) as { tool: { views: { used: number; limit: number } } };
    expect(parts.tool.views).toEqual({ used: 10, limit: 10 });
    // The dashboard counts them although views do not renew the cached session lookup.
    const dashboard = await page(free.client, "/dashboard");
    expect(dashboard.body).toMatch(/data-testid="daily-usage"[^>]*>10 of 10 today</);
  });

  it("/, /tools, categories, a category and search are shared pages too", async () => {
    const [cat] = await queryRows<{ slug: string }>(
      server.services.db,
      sql`SELECT slug FROM categories ORDER BY slug LIMIT 1`,
    );
    for (const path of ["/", "/tools", "/categories", `/category/${cat?.slug}`, "/search?q=image"]) {
      // (The first render of / may pick the tool of the day, a change that renews the content version.)
      await page(alice.client, path);
      const a = await page(alice.client, path);
      const b = await page(bob.client, path);
      expect(a.status, path).toBe(200);
      expect(b.headers.get("x-cache"), path).toBe("HIT");
      expect(b.body, path).toBe(a.body);
      for (const text of [...personalOf(alice), ...personalOf(bob)]) expect(a.body, path).not.toContain(text);
    }
    // Search: whether it is saved comes with the personal request.
    const s = (await (await alice.client.fetch("/api/me/page-state?path=%2Fsearch%3Fq%3Dimage")).json()) as {
      saveSearch: { signedIn: boolean; saved: boolean } | null;
    };
    expect(s.saveSearch).toMatchObject({ signedIn: true, saved: false });
  });

  it("the no-JavaScript save form of the shared page saves to the member's account", async () => {
    const res = await bob.client.form(`/tools/${TOOL}`, { kind: "favorite", on: "1" });
    expect(res.status).toBe(200);
    const body = await res.text();
    // The answer is the member's own page (rendered for them), with the toggle pressed.
    expect(body).toContain('aria-pressed="true"');
    expect(res.headers.get("x-cache")).toBeNull();
    const [tool] = await queryRows<{ id: string }>(server.services.db, sql`SELECT id FROM tools WHERE slug = ${TOOL}`);
    expect(await savedToolState(server.services.db, bob.id, tool?.id ?? "")).toEqual({ saved: false, favorite: true });
  });
});

describe("session lookups cached in memory (issue 23)", () => {
  it("sign-out ends access at the next request, although the session was cached", async () => {
    const m = await createMember(server, { tier: "standard" });
    const cookie = m.client.cookieHeader;
    for (let i = 0; i < 2; i++) expect((await m.client.fetch("/api/me/page-state?path=%2F")).status).toBe(200);
    const out = await m.client.json("/api/auth/sign-out", "POST", {});
    expect(out.status).toBe(200);
    const again = await new Client(server).fetch("/api/me/page-state?path=%2F", { headers: { cookie } });
    expect(again.status).toBe(401);
    const dashboard = await new Client(server).fetch("/dashboard", { headers: { cookie } });
    expect([302, 401]).toContain(dashboard.status);
  });

  it("a suspension ends access at the next request; the shared page falls back to a visitor's", async () => {
    const m = await createMember(server, { tier: "standard", name: "Sam Suspended-6612" });
    for (let i = 0; i < 2; i++) expect((await m.client.fetch("/api/me/page-state?path=%2F")).status).toBe(200);
    await suspendUser(server.services.db, { id: admin.id, label: "Ada Admin" }, m.id, "test");
    expect((await m.client.fetch("/api/me/page-state?path=%2F")).status).toBe(401);
    const home = await page(m.client, "/");
    expect(home.body).toContain('href="/sign-in"');
  });

  it("a tier change shows at the next request (the profile bumps the viewer version)", async () => {
    const m = await createMember(server, { tier: "standard" });
    const tierOf = async () =>
      ((await (await m.client.fetch("/api/me/page-state?path=%2F")).json()) as { viewer: { tier: string } }).viewer
        .tier;
    expect(await tierOf()).toBe("standard");
    await server.services.db.execute(sql`UPDATE user_profiles SET tier = 'expert' WHERE user_id = ${m.id}`);
    expect(await tierOf()).toBe("expert");
  });
});
