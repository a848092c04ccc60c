import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runnableSteps } from "../../server/modules/catalog/index.ts";
import type { ActivityEvent } from "../../server/platform/activity.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Top lists (issue 11 item 6): tier limits, privacy, editorial marking, publication event, merge. */

type ListBody = {
  topList: {
    id: string;
    slug: string;
    title: string;
    isPublic: boolean;
    editorial: boolean;
    tools: { toolId: string; slug: string; name: string; note: string | null }[];
  };
};

let server: TestServer;
let free: Member;
let standard: Member;
let expert: Member;
let admin: Member;
let other: Member;
let tools: { id: string; slug: string; name: string }[];
const published: ActivityEvent[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
  server.services.activity.on(async (_tx, event) => {
    if (event.type === "list.published") published.push(event);
  });
  [free, standard, expert, admin, other] = await Promise.all([
    createMember(server, { name: "Free Fran" }),
    createMember(server, { tier: "standard", name: "Standard Stan" }),
    createMember(server, { tier: "expert", name: "Expert Erin" }),
    createMember(server, { role: "admin", name: "Admin Ada" }),
    createMember(server, { tier: "standard", name: "Other Olly" }),
  ]);
  tools = await queryRows<{ id: string; slug: string; name: string }>(
    server.services.db,
    sql`SELECT id, slug, name FROM tools WHERE status = 'active' ORDER BY name LIMIT 6`,
  );
});
afterAll(async () => {
  await server?.close();
});

const create = (m: Member, title: string, isPublic = false) =>
  m.client.json("/api/top-lists", "POST", { title, description: `About ${title}`, isPublic });

describe("tier limits come from the saved_collections entitlement", () => {
  it("refuses a Free member, saying what the plans allow and where to upgrade", async () => {
    const res = await create(free, "My picks");
    expect(res.status).toBe(403);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain("not included in your Free plan");
    expect(error).toContain("Standard allows 3 top lists");
    expect(error).toContain("Expert allows unlimited top lists");
    expect(error).toContain("/pricing");
  });

  it("lets a Standard member keep 3 lists and refuses the fourth", async () => {
    for (const n of [1, 2, 3]) expect((await create(standard, `Standard list ${n}`)).status).toBe(201);
    const fourth = await create(standard, "One too many");
    expect(fourth.status).toBe(403);
    const { error } = (await fourth.json()) as { error: string };
    expect(error).toContain("Your Standard plan allows 3 top lists and you have 3");
    expect(error).toContain("Expert allows unlimited top lists");
    const mine = (await (await standard.client.fetch("/api/top-lists/mine")).json()) as {
      topLists: unknown[];
      allowance: { used: number; limit: number | null };
    };
    expect(mine.topLists).toHaveLength(3);
    expect(mine.allowance).toMatchObject({ used: 3, limit: 3 });
  });

  it("lets an Expert member keep more than 3", async () => {
    for (const n of [1, 2, 3, 4, 5]) expect((await create(expert, `Expert list ${n}`)).status).toBe(201);
  });

  it("checks input and ownership: a title is required, a visitor must sign in", async () => {
    const bad = await create(expert, "   ");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("List title is required");
    const visitor = await new Client(server).json("/api/top-lists", "POST", { title: "x" });
    expect(visitor.status).toBe(401);
  });
});

describe("public and private lists", () => {
  let listId = "";
  let slug = "";

  it("a private list is visible to its owner only (404 for everyone else)", async () => {
    const res = await create(other, "Secret stack");
    const { topList } = (await res.json()) as ListBody;
    listId = topList.id;
    slug = topList.slug;
    expect(topList.isPublic).toBe(false);
    expect((await other.client.fetch(`/api/top-lists/${slug}`)).status).toBe(200);
    expect((await expert.client.fetch(`/api/top-lists/${slug}`)).status).toBe(404);
    expect((await admin.client.fetch(`/api/top-lists/${slug}`)).status).toBe(404);
    expect((await new Client(server).fetch(`/api/top-lists/${slug}`)).status).toBe(404);
    const pub = (await (await new Client(server).fetch("/api/top-lists")).json()) as { topLists: { id: string }[] };
    expect(pub.topLists.map((l) => l.id)).not.toContain(listId);
    // and nobody else can change it
    const theirs = await expert.client.json(`/api/top-lists/${listId}/items`, "POST", { toolId: tools[0]?.slug });
    expect(theirs.status).toBe(404);
  });

  it("the owner adds, reorders and notes tools; publishing shows it with the author's name and on the profile", async () => {
    const [a, b, c] = tools as [(typeof tools)[0], (typeof tools)[0], (typeof tools)[0]];
    expect((await other.client.json(`/api/top-lists/${listId}/items`, "POST", { toolId: a.slug })).status).toBe(201);
    expect(
      (await other.client.json(`/api/top-lists/${listId}/items`, "POST", { toolId: b.id, note: "Best for teams" }))
        .status,
    ).toBe(201);
    expect((await other.client.json(`/api/top-lists/${listId}/items`, "POST", { toolId: c.slug })).status).toBe(201);
    // the same tool again keeps one entry
    expect((await other.client.json(`/api/top-lists/${listId}/items`, "POST", { toolId: a.slug })).status).toBe(200);
    expect(
      (await other.client.json(`/api/top-lists/${listId}/items/${c.id}/move`, "POST", { direction: "up" })).status,
    ).toBe(200);
    expect((await other.client.json(`/api/top-lists/${listId}/items/${a.id}`, "DELETE")).status).toBe(200);
    expect(published).toHaveLength(0);

    const made = await other.client.json(`/api/top-lists/${listId}`, "PUT", { isPublic: true, title: "Team stack" });
    expect(made.status).toBe(200);
    const { topList } = (await made.json()) as ListBody;
    expect(topList.tools.map((t) => [t.slug, t.note])).toEqual([
      [c.slug, null],
      [b.slug, "Best for teams"],
    ]);
    // Hide and publish again: the contribution counts once.
    await other.client.json(`/api/top-lists/${listId}`, "PUT", { isPublic: false });
    await other.client.json(`/api/top-lists/${listId}`, "PUT", { isPublic: true });
    expect(published).toEqual([{ type: "list.published", userId: other.id, listId }]);

    const anon = new Client(server);
    const seen = (await (await anon.fetch(`/api/top-lists/${slug}`)).json()) as ListBody;
    expect(seen.topList.title).toBe("Team stack");
    const listing = (await (await anon.fetch("/api/top-lists?limit=5")).json()) as {
      topLists: { id: string; author: string; toolCount: number; tools: string[] }[];
      pagination: { total: number; page: number };
    };
    const row = listing.topLists.find((l) => l.id === listId);
    expect(row).toMatchObject({ author: "Other Olly", toolCount: 2, tools: [c.name, b.name] });
    expect(JSON.stringify(listing)).not.toContain("@example.com");
    const profile = (await (await anon.fetch(`/api/users/${other.id}`)).json()) as {
      profile: { lists: { title: string; tools: string[] }[] };
    };
    expect(profile.profile.lists).toMatchObject([{ title: "Team stack", tools: [c.name, b.name] }]);
  });

  it("answers bad paging and unknown lists with 4xx", async () => {
    const anon = new Client(server);
    expect((await anon.fetch("/api/top-lists?page=0")).status).toBe(400);
    expect((await anon.fetch("/api/top-lists/no-such-list-000000")).status).toBe(404);
    expect((await other.client.json("/api/top-lists/not-a-uuid", "PUT", { title: "x" })).status).toBe(404);
  });

  it("editorial marking is admin-only, audited, and puts the list first", async () => {
    const later = (await (await create(expert, "Newer public list", true)).json()) as ListBody;
    expect(later.topList.isPublic).toBe(true);
    const path = `/api/admin/top-lists/${listId}/editorial`;
    expect((await new Client(server).json(path, "POST", { editorial: true })).status).toBe(401);
    expect((await other.client.json(path, "POST", { editorial: true })).status).toBe(403);
    expect((await admin.client.json(path, "POST", { editorial: "yes" })).status).toBe(400);
    const version = async () =>
      (await queryRows<{ v: string }>(server.services.db, sql`SELECT version::text AS v FROM content_version`))[0]?.v;
    const before = await version();
    const marked = await admin.client.json(path, "POST", { editorial: true });
    expect(marked.status).toBe(200);
    // cached public pages (the /top-lists order) are re-rendered
    expect(Number(await version())).toBeGreaterThan(Number(before));
    const audit = await queryRows<{ action: string; actor_id: string; target_id: string }>(
      server.services.db,
      sql`SELECT action, actor_id, target_id FROM audit_log WHERE target_type = 'top_list'`,
    );
    expect(audit).toEqual([{ action: "top_list.editorial_marked", actor_id: admin.id, target_id: listId }]);
    const listing = (await (await new Client(server).fetch("/api/top-lists")).json()) as {
      topLists: { id: string; editorial: boolean }[];
    };
    expect(listing.topLists[0]).toMatchObject({ id: listId, editorial: true });
    expect(listing.topLists.map((l) => l.id)).toContain(later.topList.id);
    // a private list cannot be editorial
    const secret = (await (await create(expert, "Private one")).json()) as ListBody;
    const refused = await admin.client.json(`/api/admin/top-lists/${secret.topList.id}/editorial`, "POST", {
      editorial: true,
    });
    expect(refused.status).toBe(400);
  });
});

describe("merging duplicate tools", () => {
  it("moves list items to the surviving tool; a list holding both keeps one entry", async () => {
    const [from, into] = tools.slice(4, 6) as [(typeof tools)[0], (typeof tools)[0]];
    const both = (await (await create(expert, "Holds both")).json()) as ListBody;
    const one = (await (await create(expert, "Holds one")).json()) as ListBody;
    await expert.client.json(`/api/top-lists/${both.topList.id}/items`, "POST", { toolId: from.id, note: "kept note" });
    await expert.client.json(`/api/top-lists/${both.topList.id}/items`, "POST", { toolId: into.id });
    await expert.client.json(`/api/top-lists/${one.topList.id}/items`, "POST", { toolId: from.id });
    const step = runnableSteps(server.services.toolMergeSteps).find((s) => s.name === "community.top-list-items");
    expect(step).toBeDefined();
    const result = await server.services.db.transaction(async (tx) =>
      step?.run(tx as unknown as Db, from.id, into.id, server.services.clock.now()),
    );
    expect(result).toEqual({ moved: 1, dropped: 1 });
    const rows = await queryRows<{ list_id: string; tool_id: string; position: number; note: string | null }>(
      server.services.db,
      sql`SELECT list_id, tool_id, position, note FROM top_list_items
          WHERE list_id IN (${both.topList.id}::uuid, ${one.topList.id}::uuid) ORDER BY list_id = ${one.topList.id}::uuid`,
    );
    expect(rows).toEqual([
      { list_id: both.topList.id, tool_id: into.id, position: 1, note: "kept note" },
      { list_id: one.topList.id, tool_id: into.id, position: 1, note: null },
    ]);
  });
});
