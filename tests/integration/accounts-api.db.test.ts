// engine: both — concurrent sign-ups and profile writes race over a pool of connections.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateAccount } from "../../server/modules/accounts/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** The accounts API over real HTTP: entitlement checks, the admin endpoint, saved searches and tools. */
let server: TestServer;
let free: Member;
let standard: Member;
let expert: Member;
let admin: Member;
let visitor: Client;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
  [free, standard, expert, admin] = await Promise.all([
    createMember(server, { name: "Fay Free" }),
    createMember(server, { tier: "standard", name: "Stan Standard" }),
    createMember(server, { tier: "expert", name: "Ex Expert" }),
    createMember(server, { role: "admin", name: "Ada Admin" }),
  ]);
  visitor = new Client(server);
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Json;

describe("POST /api/subscriptions/check-access", () => {
  const check = (c: Client, user_id: string, feature: string) =>
    c.json("/api/subscriptions/check-access", "POST", { user_id, feature });

  it("answers for the caller's own tier from the entitlements table", async () => {
    expect(await body(await check(free.client, free.id, "ad_free_experience"))).toEqual({
      success: true,
      has_access: false,
      current_tier: "free",
      // Granted to Standard by the table, but the site carries no sponsored placements: not sold (issue 34).
      delivered: false,
    });
    expect(await body(await check(free.client, free.id, "basic_ai_recommendations"))).toMatchObject({
      has_access: false,
      delivered: true,
    });
    expect(await body(await check(standard.client, standard.id, "basic_ai_recommendations"))).toMatchObject({
      has_access: true,
      current_tier: "standard",
    });
    expect(await body(await check(standard.client, standard.id, "api_access"))).toMatchObject({ has_access: false });
    expect(await body(await check(expert.client, expert.id, "api_access"))).toMatchObject({ has_access: true });
  });

  it("treats an unknown feature as free-level", async () => {
    expect(await body(await check(free.client, free.id, "brand_new_feature"))).toMatchObject({ has_access: true });
  });

  it("denies visitors; forbids asking about someone else; lets admins ask about anyone", async () => {
    expect(await body(await check(visitor, free.id, "basic_search"))).toEqual({
      success: true,
      has_access: false,
      current_tier: null,
      delivered: true,
    });
    const other = await check(free.client, expert.id, "api_access");
    expect(other.status).toBe(403);
    expect(await body(other)).toMatchObject({ success: false });
    expect(await body(await check(admin.client, expert.id, "api_access"))).toMatchObject({
      has_access: true,
      current_tier: "expert",
    });
    expect((await check(admin.client, "no-such-user", "api_access")).status).toBe(404);
  });

  it("validates its input", async () => {
    const bad = await free.client.json("/api/subscriptions/check-access", "POST", { user_id: free.id });
    expect(bad.status).toBe(400);
    const notJson = await free.client.fetch("/api/subscriptions/check-access", { method: "POST", body: "{" });
    expect(notJson.status).toBe(400);
  });
});

describe("GET /api/subscriptions/user/{id} and /api/users/{id}", () => {
  it("shows a member their own subscription only", async () => {
    const own = await standard.client.fetch(`/api/subscriptions/user/${standard.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toContain("no-store");
    expect((await body(own)).subscription).toMatchObject({
      user_id: standard.id,
      tier: "standard",
      support_level: "FAQ, e-mail and tickets",
      limits: { compare: 5, saved_searches: 3, daily_tool_views: null },
    });
    expect((await standard.client.fetch(`/api/subscriptions/user/${free.id}`)).status).toBe(403);
    expect((await visitor.fetch(`/api/subscriptions/user/${free.id}`)).status).toBe(401);
    expect((await admin.client.fetch(`/api/subscriptions/user/${free.id}`)).status).toBe(200);
  });

  it("serves public profiles without private fields; unknown users are 404", async () => {
    const res = await visitor.fetch(`/api/users/${expert.id}`);
    expect(res.status).toBe(200);
    const { profile } = (await body(res)) as { profile: Json };
    expect(profile).toMatchObject({ id: expert.id, name: "Ex Expert", reviews: [], lists: [] });
    expect(JSON.stringify(profile)).not.toContain(expert.email);
    expect(profile).not.toHaveProperty("tier");
    expect((await visitor.fetch("/api/users/nobody-here")).status).toBe(404);
  });
});

describe("PUT /api/admin/users/{id}", () => {
  it("lets an admin set tier and role; members and visitors are refused", async () => {
    const target = await createMember(server);
    expect((await visitor.json(`/api/admin/users/${target.id}`, "PUT", { tier: "expert" })).status).toBe(401);
    expect((await expert.client.json(`/api/admin/users/${target.id}`, "PUT", { tier: "expert" })).status).toBe(403);
    expect((await target.client.json(`/api/admin/users/${target.id}`, "PUT", { tier: "expert" })).status).toBe(403);
    const ok = await admin.client.json(`/api/admin/users/${target.id}`, "PUT", { tier: "standard" });
    expect(ok.status).toBe(200);
    expect((await body(ok)).user).toMatchObject({ id: target.id, tier: "standard", role: "member" });
    // The member's next request sees the new tier (no cached session data).
    const sub = await body(await target.client.fetch(`/api/subscriptions/user/${target.id}`));
    expect((sub.subscription as Json).tier).toBe("standard");
    const promoted = await admin.client.json(`/api/admin/users/${target.id}`, "PUT", { role: "admin" });
    expect((await body(promoted)).user).toMatchObject({ role: "admin" });
  });

  it("validates the body and the user", async () => {
    expect((await admin.client.json(`/api/admin/users/${free.id}`, "PUT", {})).status).toBe(400);
    expect((await admin.client.json(`/api/admin/users/${free.id}`, "PUT", { tier: "platinum" })).status).toBe(400);
    expect(
      (await admin.client.json(`/api/admin/users/${free.id}`, "PUT", { tier: "free", email: "x@y.z" })).status,
    ).toBe(400);
    expect((await admin.client.json("/api/admin/users/nobody", "PUT", { tier: "free" })).status).toBe(404);
  });

  it("never demotes the last administrator", async () => {
    const admins = await queryRows<{ id: string }>(server.services.db, sql`SELECT id FROM users WHERE role = 'admin'`);
    for (const a of admins)
      if (a.id !== admin.id) await server.services.db.execute(sql`UPDATE users SET role = 'member' WHERE id = ${a.id}`);
    // Through the API an admin cannot demote themselves at all (400, issue 10); the module still
    // guards the last administrator for every caller (the CLI).
    const res = await admin.client.json(`/api/admin/users/${admin.id}`, "PUT", { role: "member" });
    expect(res.status).toBe(400);
    await expect(updateAccount(server.services.db, admin.id, { role: "member" })).rejects.toMatchObject({
      code: "conflict",
    });
  });
});

describe("saved searches", () => {
  const save = (c: Client, n: number) =>
    c.json("/api/saved-searches", "POST", { name: `Search ${n}`, query: `?q=tool${n}` });

  it("free: gated with the upgrade message", async () => {
    const res = await save(free.client, 1);
    expect(res.status).toBe(403);
    expect((await body(res)).error).toContain("Saved searches are available for Standard and Expert members");
    expect(await body(await free.client.fetch("/api/saved-searches"))).toMatchObject({
      savedSearches: [],
      used: 0,
      limit: 0,
    });
  });

  it("standard: 3, then refused", async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await save(standard.client, i)).status);
    expect(statuses).toEqual([201, 201, 201, 403]);
    const list = await body(await standard.client.fetch("/api/saved-searches"));
    expect(list).toMatchObject({ used: 3, limit: 3 });
    expect((list.savedSearches as Json[])[0]).toMatchObject({ url: "/search?q=tool3" });
  });

  it("standard: concurrent saves cannot exceed the limit", async () => {
    const m = await createMember(server, { tier: "standard" });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => save(m.client, n)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
  });

  it("expert: unlimited", async () => {
    for (let i = 1; i <= 6; i++) expect((await save(expert.client, i)).status).toBe(201);
    expect(await body(await expert.client.fetch("/api/saved-searches"))).toMatchObject({ used: 6, limit: null });
  });

  it("deletes only one's own; someone else's is a 404 and stays", async () => {
    const { savedSearches } = (await body(await standard.client.fetch("/api/saved-searches"))) as {
      savedSearches: Json[];
    };
    const id = savedSearches[0]?.id as string;
    expect((await expert.client.fetch(`/api/saved-searches/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await admin.client.fetch(`/api/saved-searches/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await visitor.fetch(`/api/saved-searches/${id}`, { method: "DELETE" })).status).toBe(401);
    expect((await standard.client.fetch(`/api/saved-searches/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await standard.client.fetch(`/api/saved-searches/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await save(standard.client, 9)).status).toBe(201);
  });

  it("validates names and queries", async () => {
    expect((await expert.client.json("/api/saved-searches", "POST", { name: "", query: "q=x" })).status).toBe(400);
    expect((await expert.client.json("/api/saved-searches", "POST", { name: "x", query: "" })).status).toBe(400);
  });
});

describe("saved tools and favourites", () => {
  let slugs: string[];
  beforeAll(async () => {
    slugs = (
      await queryRows<{ slug: string }>(server.services.db, sql`SELECT slug FROM tools ORDER BY name LIMIT 4`)
    ).map((r) => r.slug);
  });

  it("adds, lists and removes; the list is per member", async () => {
    const m = await createMember(server);
    const add = await m.client.json("/api/saved-tools", "POST", { tool_id: slugs[0], kind: "favorite" });
    expect(add.status).toBe(201);
    expect(await body(add)).toMatchObject({ message: "Added to favorites!" });
    expect((await m.client.json("/api/saved-tools", "POST", { tool_id: slugs[0], kind: "favorite" })).status).toBe(200);
    expect((await m.client.json("/api/saved-tools", "POST", { tool_id: slugs[1] })).status).toBe(201);
    expect((await m.client.json("/api/saved-tools", "POST", { tool_id: "no-such-tool" })).status).toBe(404);
    const list = (await body(await m.client.fetch("/api/saved-tools"))) as { saved: Json[]; favorites: Json[] };
    expect(list.favorites.map((t) => t.slug)).toEqual([slugs[0]]);
    expect(list.saved.map((t) => t.slug)).toEqual([slugs[1]]);
    const othersView = (await body(await free.client.fetch("/api/saved-tools"))) as { saved: Json[] };
    expect(othersView.saved.map((t) => t.slug)).not.toContain(slugs[1]);
    const id = list.favorites[0]?.id as string;
    expect((await free.client.fetch(`/api/saved-tools/${id}?kind=favorite`, { method: "DELETE" })).status).toBe(404);
    const removed = await m.client.fetch(`/api/saved-tools/${id}?kind=favorite`, { method: "DELETE" });
    expect(await body(removed)).toMatchObject({ message: "Removed from favorites" });
    expect((await visitor.fetch("/api/saved-tools")).status).toBe(401);
  });

  it("merges the browser's local lists at sign-in, skipping unknown tools", async () => {
    const m = await createMember(server);
    await m.client.json("/api/saved-tools", "POST", { tool_id: slugs[0] });
    const res = await m.client.json("/api/saved-tools/merge", "POST", {
      saved: [slugs[0], slugs[1], "gone-tool"],
      favorites: [slugs[2]],
    });
    expect(res.status).toBe(200);
    const merged = (await body(res)) as { added: number; skipped: number; saved: string[]; favorites: string[] };
    expect(merged.added).toBe(2);
    expect(merged.skipped).toBe(1);
    expect(merged.saved).toHaveLength(2);
    expect(merged.favorites).toHaveLength(1);
    expect((await m.client.json("/api/saved-tools/merge", "POST", { saved: "nope" })).status).toBe(400);
  });
});
