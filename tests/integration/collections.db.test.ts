import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Custom collections (issue 34 item 8, ADR 0082), over real HTTP and the dashboard's no-JavaScript
 * forms: an Expert owner notes, orders, shares by link and invites collaborators; collaborators edit
 * tools but not the list; strangers and revoked links get 404; Standard hears which plan has it.
 */
let server: TestServer;
let owner: Member;
let helper: Member;
let stranger: Member;
let standard: Member;
let tools: { id: string; slug: string; name: string }[];
let listId: string;
let helperHandle: string;

/** A page's text with React's separators between adjacent strings taken out. */
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const post = (m: Member, fields: Record<string, string>) => m.client.form("/dashboard/lists", fields);
const order = async (id: string) =>
  (
    await queryRows<{ tool_id: string }>(
      server.services.db,
      sql`SELECT tool_id::text AS tool_id FROM top_list_items WHERE list_id = ${id}::uuid ORDER BY position`,
    )
  ).map((r) => r.tool_id);

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  // One at a time: sign-up is rate-limited and the machine is shared.
  owner = await createMember(server, { tier: "expert", name: "Owner Olga", email: "olga-owner@example.com" });
  helper = await createMember(server, { tier: "standard", name: "Helper Hal" });
  stranger = await createMember(server, { tier: "expert", name: "Stranger Sam" });
  standard = await createMember(server, { tier: "standard", name: "Standard Stu" });
  helperHandle = `hal${Date.now().toString(36)}`;
  await server.services.db.execute(sql`UPDATE users SET username = ${helperHandle} WHERE id = ${helper.id}`);
  tools = await queryRows<{ id: string; slug: string; name: string }>(
    server.services.db,
    sql`SELECT id::text AS id, slug, name FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY name LIMIT 3`,
  );
  const created = await owner.client.json("/api/top-lists", "POST", { title: "Team research stack" });
  expect(created.status).toBeLessThan(300);
  listId = ((await created.json()) as { topList: { id: string } }).topList.id;
  for (const t of tools) {
    const add = await post(owner, { intent: "add", listId, toolId: t.id });
    expect(add.status).toBe(302);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("an Expert owner", () => {
  it("writes a note per tool: capped, cleaned, shown on the list page", async () => {
    const tool = tools[0] as { id: string; name: string };
    const saved = await post(owner, {
      intent: "note",
      listId,
      toolId: tool.id,
      note: "  Best\u200b for   citations  ",
    });
    expect(saved.status).toBe(200);
    expect(await text(saved)).toContain("Note saved.");
    const [row] = await queryRows<{ note: string }>(
      server.services.db,
      sql`SELECT note FROM top_list_items WHERE list_id = ${listId}::uuid AND tool_id = ${tool.id}::uuid`,
    );
    expect(row?.note).toBe("Best for citations");
    const long = await post(owner, { intent: "note", listId, toolId: tool.id, note: "x".repeat(281) });
    expect(long.status).toBe(400);
    expect(await text(long)).toContain("Note must be at most 280 characters");
    const control = await post(owner, { intent: "note", listId, toolId: tool.id, note: "bell\u0007" });
    expect(control.status).toBe(400);
    expect(await text(control)).toContain("control characters");
    const page = await text(await owner.client.fetch("/dashboard/lists"));
    expect(page).toContain('value="Best for citations"');
  });

  it("orders the tools with Up and Down, a stored position", async () => {
    const [a, b, c] = tools.map((t) => t.id);
    expect(await order(listId)).toEqual([a, b, c]);
    expect((await post(owner, { intent: "move-up", listId, toolId: c as string })).status).toBe(200);
    expect(await order(listId)).toEqual([a, c, b]);
    expect((await post(owner, { intent: "move-down", listId, toolId: a as string })).status).toBe(200);
    expect(await order(listId)).toEqual([c, a, b]);
  });

  it("shares by an unguessable link that shows title, tools and notes, no e-mail, noindex, uncached", async () => {
    const shared = await post(owner, { intent: "share", listId });
    expect(shared.status).toBe(200);
    const dashboard = await text(await owner.client.fetch("/dashboard/lists"));
    const token = /\/lists\/shared\/([A-Za-z0-9_-]{32})/.exec(dashboard)?.[1];
    expect(token).toBeTruthy();
    const visitor = await fetch(`${server.url}/lists/shared/${token}`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toContain("no-store");
    expect(visitor.headers.get("x-robots-tag")).toContain("noindex");
    const html = await text(visitor);
    expect(html).toContain("Team research stack");
    expect(html).toContain("Best for citations");
    for (const t of tools) expect(html).toContain(t.name);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).not.toContain(owner.email);
    expect(html).not.toContain("olga-owner");
    expect(html).not.toContain("Owner Olga");
    expect(html).not.toMatch(/[A-Za-z0-9._%+-]+@example\.com/);
    expect(html).not.toContain(listId);
    // A guessed token of the right shape opens nothing.
    expect((await fetch(`${server.url}/lists/shared/${"A".repeat(32)}`)).status).toBe(404);
    // The audit log has the share.
    const audit = await queryRows<{ action: string }>(
      server.services.db,
      sql`SELECT action FROM audit_log WHERE target_id = ${listId} ORDER BY at`,
    );
    expect(audit.map((r) => r.action)).toContain("top_list.share_link_created");
  });

  it("revokes the link: the old one answers 404", async () => {
    const dashboard = await text(await owner.client.fetch("/dashboard/lists"));
    const token = /\/lists\/shared\/([A-Za-z0-9_-]{32})/.exec(dashboard)?.[1] as string;
    expect((await post(owner, { intent: "unshare", listId })).status).toBe(200);
    expect((await fetch(`${server.url}/lists/shared/${token}`)).status).toBe(404);
    expect(await text(await owner.client.fetch("/dashboard/lists"))).not.toContain("/lists/shared/");
  });

  it("invites collaborators by e-mail address or username, and only existing members", async () => {
    const nobody = await post(owner, { intent: "invite", listId, who: "no-such-member@example.com" });
    expect(nobody.status).toBe(404);
    expect(await text(nobody)).toContain("No member has that e-mail address or username");
    const self = await post(owner, { intent: "invite", listId, who: owner.email });
    expect(self.status).toBe(400);
    const byName = await post(owner, { intent: "invite", listId, who: `@${helperHandle}` });
    expect(byName.status).toBe(200);
    expect(await text(byName)).toContain("Helper Hal can now add, order and annotate tools in this list.");
    const again = await post(owner, { intent: "invite", listId, who: helper.email.toUpperCase() });
    expect(again.status).toBe(409);
    const page = await text(await owner.client.fetch("/dashboard/lists"));
    expect(page).toContain("Helper Hal");
  });
});

describe("a collaborator (any plan: the owner's plan carries the feature)", () => {
  it("adds, annotates, orders and removes tools, from the dashboard and the tool page's Add to list", async () => {
    const page = await text(await helper.client.fetch("/dashboard/lists"));
    expect(page).toContain("Shared with me");
    expect(page).toContain("Team research stack");
    const [extra] = await queryRows<{ id: string; slug: string }>(
      server.services.db,
      sql`SELECT id::text AS id, slug FROM tools WHERE status = 'active' AND tier = 'free'
          AND id NOT IN (SELECT tool_id FROM top_list_items WHERE list_id = ${listId}::uuid) ORDER BY name LIMIT 1`,
    );
    if (!extra) throw new Error("no tool");
    // The tool page's Add to list offers the shared list, marked as not the member's own.
    const state = await helper.client.fetch(`/api/me/page-state?path=${encodeURIComponent(`/tools/${extra.slug}`)}`);
    expect(state.status).toBe(200);
    const parts = (await state.json()) as { tool: { listChoices: { lists: { id: string; mine: boolean }[] } } };
    expect(parts.tool.listChoices.lists).toContainEqual(expect.objectContaining({ id: listId, mine: false }));
    const added = await post(helper, { intent: "add", listId, toolId: extra.id, toolSlug: extra.slug });
    expect(added.status).toBe(302);
    expect(await order(listId)).toContain(extra.id);
    const noted = await post(helper, { intent: "note", listId, toolId: extra.id, note: "Hal: try the free tier" });
    expect(noted.status).toBe(200);
    expect((await post(helper, { intent: "move-up", listId, toolId: extra.id })).status).toBe(200);
    const now = await order(listId);
    expect(now.indexOf(extra.id)).toBe(now.length - 2);
    expect((await post(helper, { intent: "remove", listId, toolId: extra.id })).status).toBe(200);
    expect(await order(listId)).not.toContain(extra.id);
  });

  it("cannot rename, delete, share or manage collaborators (the same 404 as a stranger)", async () => {
    for (const fields of <Record<string, string>[]>[
      { intent: "update", listId, title: "Hijacked", description: "" },
      { intent: "delete", listId },
      { intent: "share", listId },
      { intent: "invite", listId, who: stranger.email },
      { intent: "uninvite", listId, userId: helper.id },
    ]) {
      const res = await post(helper, fields);
      // Sharing and inviting are Expert features: a Standard collaborator hears the plan first.
      expect([403, 404]).toContain(res.status);
    }
    const [row] = await queryRows<{ title: string; n: number }>(
      server.services.db,
      sql`SELECT title, (SELECT count(*)::int FROM top_list_collaborators WHERE list_id = l.id) AS n
          FROM top_lists l WHERE id = ${listId}::uuid`,
    );
    expect(row).toEqual({ title: "Team research stack", n: 1 });
  });

  it("loses access when the owner's plan lapses, and gets it back with the plan", async () => {
    const tool = tools[0] as { id: string };
    await server.services.db.execute(sql`UPDATE user_profiles SET tier = 'standard' WHERE user_id = ${owner.id}`);
    try {
      const refused = await post(helper, { intent: "note", listId, toolId: tool.id, note: "late" });
      expect(refused.status).toBe(403);
      expect(await text(refused)).toContain("no longer includes shared lists");
    } finally {
      await server.services.db.execute(sql`UPDATE user_profiles SET tier = 'expert' WHERE user_id = ${owner.id}`);
    }
  });

  it("can leave; the owner can remove", async () => {
    expect((await post(helper, { intent: "leave", listId })).status).toBe(200);
    expect((await post(helper, { intent: "note", listId, toolId: tools[0]?.id ?? "", note: "x" })).status).toBe(404);
    expect((await post(owner, { intent: "invite", listId, who: helper.email })).status).toBe(200);
    expect((await post(owner, { intent: "uninvite", listId, userId: helper.id })).status).toBe(200);
    expect((await post(helper, { intent: "move-up", listId, toolId: tools[1]?.id ?? "" })).status).toBe(404);
    const audit = await queryRows<{ action: string }>(
      server.services.db,
      sql`SELECT action FROM audit_log WHERE target_id = ${listId} ORDER BY at`,
    );
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        "top_list.collaborator_added",
        "top_list.collaborator_left",
        "top_list.collaborator_removed",
      ]),
    );
  });
});

describe("outsiders and lower plans", () => {
  it("a member who is not a collaborator gets 404 for every write", async () => {
    for (const intent of ["note", "move-up", "remove", "share", "unshare", "leave"]) {
      const res = await post(stranger, { intent, listId, toolId: tools[0]?.id ?? "", note: "mine now" });
      expect(res.status, intent).toBe(404);
    }
    expect((await post(stranger, { intent: "add", listId, toolId: tools[0]?.id ?? "" })).status).toBe(404);
  });

  it("Standard is refused sharing and collaborators with the plan named, and sees the upgrade prompt", async () => {
    const created = await standard.client.json("/api/top-lists", "POST", { title: "My picks" });
    const id = ((await created.json()) as { topList: { id: string } }).topList.id;
    const share = await post(standard, { intent: "share", listId: id });
    expect(share.status).toBe(403);
    const shareText = await text(share);
    expect(shareText).toContain("come with the Expert plan; your Standard plan does not include them");
    const invite = await post(standard, { intent: "invite", listId: id, who: owner.email });
    expect(invite.status).toBe(403);
    expect(await text(invite)).toContain("Expert plan");
    const page = await text(await standard.client.fetch("/dashboard/lists"));
    expect(page).toContain('data-testid="collections-upsell"');
    expect(page).not.toContain('name="intent" value="share"');
    expect(page).not.toContain('name="intent" value="invite"');
    const [row] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM top_list_collaborators WHERE list_id = ${id}::uuid`,
    );
    expect(row?.n).toBe(0);
  });
});
