import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Success stories (issue 35 item 3, ADR 0077), through real HTTP and plain form posts: a member
 * submits, a moderator publishes or rejects with a reason, the story shows on /community/stories,
 * /community and its tools' pages, and a verified maker of one of its tools replies once.
 */
let server: TestServer;
let author: Member;
let maker: Member;
let stranger: Member;
let admin: Member;
type ToolRow = { id: string; slug: string; name: string; domain_key: string };
let tools: ToolRow[];

const db = () => server.services.db;
const text = (res: Response) => res.text();

beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  [author, maker, stranger, admin] = await Promise.all([
    createMember(server, { name: "Stella Storyteller" }),
    createMember(server, { name: "Mo Maker" }),
    createMember(server, { name: "Sid Stranger" }),
    createMember(server, { role: "admin", name: "Ola Moderator" }),
  ]);
  tools = await queryRows<ToolRow>(
    db(),
    sql`SELECT id::text AS id, slug, name, domain_key FROM tools WHERE status = 'active' AND tier = 'free'
        ORDER BY slug LIMIT 2`,
  );
  const first = tools[0];
  if (!first || tools.length < 2) throw new Error("no tools");
  await db().execute(
    sql`INSERT INTO maker_claims (tool_id, user_id, method, domain, status, expires_at, verified_at)
        VALUES (${first.id}::uuid, ${maker.id}, 'meta_tag', ${first.domain_key}, 'verified', now() + interval '1 day', now())`,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const story = (fields: Record<string, string> = {}) => {
  const body = new URLSearchParams({
    title: "Support replies in half the time",
    problem: "Our three-person team answered 400 support e-mails a week by hand.",
    outcome: "Drafted replies with the assistant and checked them; the backlog is gone.",
    numbers: "Median first reply from 9 h to 4 h",
    ...fields,
  });
  return body;
};
const submit = (who: Client, body: URLSearchParams) => who.fetch("/community/stories/new", { method: "POST", body });

async function storyId(title: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`SELECT id::text AS id FROM success_stories WHERE title = ${title}`,
  );
  if (!row) throw new Error(`no story ${title}`);
  return row.id;
}

describe("submitting", () => {
  it("sends visitors to sign in", async () => {
    const res = await new Client(server).fetch("/community/stories/new");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/sign-in");
  });

  it("refuses a story without a tool, with an unknown tool, or too short", async () => {
    const none = await submit(author.client, story());
    expect(none.status).toBe(400);
    expect(await text(none)).toContain("Name at least one tool you used");
    const unknown = story();
    unknown.append("tools", "no-such-tool-anywhere");
    const res = await submit(author.client, unknown);
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("could not find a tool");
    const short = story({ problem: "Too short" });
    short.append("tools", tools[0]?.slug ?? "");
    expect((await submit(author.client, short)).status).toBe(400);
  });

  it("refuses the tool's own maker (the reviews' rule)", async () => {
    const body = story({ title: "My own tool is great" });
    body.append("tools", tools[0]?.slug ?? "");
    const res = await submit(maker.client, body);
    expect(res.status).toBe(403);
  });

  it("takes a member's story about two tools (by slug and by name) and keeps it pending", async () => {
    const body = story();
    body.append("tools", tools[0]?.slug ?? "");
    body.append("tools", tools[1]?.name ?? "");
    body.append("tools", "");
    const res = await submit(author.client, body);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/community/stories?submitted=1");
    const id = await storyId("Support replies in half the time");
    const linked = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM success_story_tools WHERE story_id = ${id}::uuid`,
    );
    expect(linked[0]?.n).toBe(2);
    const publicList = await text(await new Client(server).fetch("/community/stories"));
    expect(publicList).not.toContain("Support replies in half the time");
    expect(publicList).toContain('data-testid="stories-empty"');
    const own = await text(await author.client.fetch("/community/stories"));
    expect(own).toContain("Waiting for a moderator");
    expect((await new Client(server).fetch(`/community/stories/${id}`)).status).toBe(404);
  });

  it("limits a member to a few stories a day", async () => {
    for (const n of [2, 3]) {
      const body = story({ title: `Another result number ${n}` });
      body.append("tools", tools[1]?.slug ?? "");
      expect((await submit(author.client, body)).status).toBe(302);
    }
    const body = story({ title: "One too many stories" });
    body.append("tools", tools[1]?.slug ?? "");
    expect((await submit(author.client, body)).status).toBe(429);
  });
});

describe("moderation", () => {
  it("is for admins only", async () => {
    expect((await stranger.client.fetch("/admin/stories")).status).toBe(403);
    expect((await new Client(server).fetch("/admin/stories")).status).toBe(401);
    const id = await storyId("Support replies in half the time");
    expect((await stranger.client.form("/admin/stories", { intent: "approve", id })).status).toBe(403);
  });

  it("lists the queue and publishes, with an audit row", async () => {
    const queue = await text(await admin.client.fetch("/admin/stories"));
    expect(queue).toContain("Support replies in half the time");
    expect(queue).not.toContain(author.email);
    const id = await storyId("Support replies in half the time");
    const res = await admin.client.form("/admin/stories", { intent: "approve", id });
    expect(res.status).toBe(200);
    const again = await admin.client.form("/admin/stories", { intent: "approve", id });
    expect(again.status).toBe(409);
    const [audit] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'story.approve' AND target_id = ${id}`,
    );
    expect(audit?.n).toBe(1);
  });

  it("rejects only with a reason, which the author sees", async () => {
    const id = await storyId("Another result number 2");
    const bare = await admin.client.form("/admin/stories", { intent: "reject", id, reason: "" });
    expect(bare.status).toBe(400);
    const res = await admin.client.form("/admin/stories", { intent: "reject", id, reason: "Reads as an advert" });
    expect(res.status).toBe(200);
    const own = await text(await author.client.fetch("/community/stories"));
    expect(own).toContain("Reads as an advert");
    const publicList = await text(await new Client(server).fetch("/community/stories"));
    expect(publicList).not.toContain("Another result number 2");
  });

  it("shows the published story on /community/stories, /community and both tools' pages", async () => {
    const id = await storyId("Support replies in half the time");
    const list = await text(await new Client(server).fetch("/community/stories"));
    expect(list).toContain("Support replies in half the time");
    expect(list).toContain("Stella Storyteller");
    expect(list).not.toContain(author.email);
    const community = await text(await new Client(server).fetch("/community"));
    expect(community).toMatch(/data-testid="community-feature-count">1 story</);
    expect(community).toContain("Support replies in half the time");
    for (const t of tools) {
      const page = await text(await new Client(server).fetch(`/tools/${t.slug}`));
      expect(page).toContain(`/community/stories/${id}`);
    }
    const detail = await text(await new Client(server).fetch(`/community/stories/${id}`));
    expect(detail).toContain("Median first reply from 9 h to 4 h");
  });
});

describe("the maker's reply", () => {
  it("is refused to members who do not make one of its tools", async () => {
    const id = await storyId("Support replies in half the time");
    const res = await stranger.client.form(`/community/stories/${id}`, { body: "Thanks for sharing!" });
    expect(res.status).toBe(403);
    expect((await new Client(server).form(`/community/stories/${id}`, { body: "Hello there" })).status).toBe(401);
  });

  it("is published once", async () => {
    const id = await storyId("Support replies in half the time");
    const page = await text(await maker.client.fetch(`/community/stories/${id}`));
    expect(page).toContain("Reply as the tool");
    const res = await maker.client.form(`/community/stories/${id}`, { body: "Glad it helped your team!" });
    expect(res.status).toBe(200);
    const again = await maker.client.form(`/community/stories/${id}`, { body: "And one more thing" });
    expect(again.status).toBe(409);
    const shown = await text(await new Client(server).fetch(`/community/stories/${id}`));
    expect(shown).toContain("Glad it helped your team!");
    expect(shown).toContain("Mo Maker");
  });
});
