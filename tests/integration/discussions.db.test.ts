import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DISCUSSION_MAIL_TAG,
  DISCUSSION_RULES,
  HOLD_REASON_NEW_ACCOUNT,
} from "../../server/modules/community/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { listOutbox } from "../../server/platform/mail.ts";
import { Client, createMember, establishMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Discussions (issue 35 item 1, issue 34 item 7; ADR 0076), over real HTTP as a browser without
 * JavaScript sends them (form posts): ask, answer, the maker's mark, accept, follow and the mail,
 * the reviews' gate (new accounts wait), reports, hide and lock, rate limits, search, the VIP space.
 */
let server: TestServer;
let admin: Member;
let asker: Member;
/** a second asker: one member's questions are rate-limited (five an hour) */
let asker2: Member;
let answerer: Member;
let tool: { id: string; slug: string };
const visitor = () => new Client(server);
const established = async (options: Parameters<typeof createMember>[1] = {}) =>
  establishMember(server, await createMember(server, options));

beforeAll(async () => {
  server = await startTestServer({
    pages: true,
    env: { TRUST_PROXY: "1" },
  });
  admin = await established({ role: "admin", name: "Mo Derator" });
  asker = await established({ name: "Ada Asker" });
  asker2 = await established({ name: "Al Asker" });
  answerer = await established({ name: "Ben Answer" });
  const [row] = await queryRows<{ id: string; slug: string }>(
    server.services.db,
    sql`SELECT id::text AS id, slug FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY slug LIMIT 1`,
  );
  if (!row) throw new Error("no tool");
  tool = row;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const threadIdOf = (res: Response) => {
  const m = /\/community\/discussions\/([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "");
  if (!m?.[1]) throw new Error(`no thread in ${res.status} ${res.headers.get("location")}`);
  return m[1];
};
let n = 0;
const ask = (m: Member, path: string, title = `How do I export results? ${++n}`) =>
  m.client.form(path, { intent: "create", title, body: "I looked in the settings and found nothing about it." });
const answer = (m: Member, id: string, body = "Open the menu, choose Export, then pick CSV.") =>
  m.client.form(`/community/discussions/${id}`, { intent: "reply", body });
/** The followers' mails about one thread. */
const mails = async (threadId: string) =>
  (await listOutbox(server.services.env.DATA_DIR, 500)).filter(
    (m) => m.tag === DISCUSSION_MAIL_TAG && m.text.includes(`/community/discussions/${threadId}`),
  );

describe("questions and answers", () => {
  it("asks on a tool's board, answers; the maker's answer is marked and the asker accepts one", async () => {
    const asked = await ask(asker, `/tools/${tool.slug}/discussions`, "Does it keep my uploads private?");
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toMatch(/\?posted=1$/);
    const id = threadIdOf(asked);
    const board = await text(await visitor().fetch(`/tools/${tool.slug}/discussions`));
    expect(board).toContain("Does it keep my uploads private?");
    expect((await text(await visitor().fetch(`/tools/${tool.slug}`))).includes(`/tools/${tool.slug}/discussions`)).toBe(
      true,
    );

    expect((await answer(answerer, id)).headers.get("location")).toMatch(/\?done=reply$/);
    const maker = await established({ name: "Mia Maker" });
    await server.services.db.execute(
      sql`INSERT INTO maker_claims (tool_id, user_id, method, domain, status, expires_at, verified_at)
          VALUES (${tool.id}::uuid, ${maker.id}, 'meta_tag', 'example.org', 'verified', now() + interval '1 day', now())`,
    );
    expect((await answer(maker, id, "Uploads are deleted after 24 hours; see our privacy page.")).status).toBe(302);
    const page = await text(await visitor().fetch(`/community/discussions/${id}`));
    expect(page).toContain("2 answers");
    expect(page.match(/>Maker</g)?.length).toBe(1);

    const [makerReply] = await queryRows<{ id: string }>(
      server.services.db,
      sql`SELECT id::text AS id FROM discussion_replies WHERE user_id = ${maker.id}`,
    );
    const notMine = await answerer.client.form(`/community/discussions/${id}`, {
      intent: "accept",
      replyId: makerReply?.id ?? "",
    });
    expect(notMine.status).toBe(403);
    const accepted = await asker.client.form(`/community/discussions/${id}`, {
      intent: "accept",
      replyId: makerReply?.id ?? "",
    });
    expect(accepted.headers.get("location")).toMatch(/\?done=accepted$/);
    expect(await text(await visitor().fetch(`/community/discussions/${id}`))).toContain("Accepted answer");
    expect(await text(await visitor().fetch(`/tools/${tool.slug}/discussions`))).toContain("Answered");
  });

  it("refuses a short answer with the field's message (400), and a visitor is sent to sign in", async () => {
    const id = threadIdOf(await ask(asker, "/community/discussions"));
    const short = await answer(answerer, id, "ok");
    expect(short.status).toBe(400);
    expect(await text(short)).toContain("Write at least 10 characters");
    const anon = await visitor().form(`/community/discussions/${id}`, {
      intent: "reply",
      body: "A visitor's answer here.",
    });
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toContain("/sign-in?redirectTo=");
  });

  it("searches a board by words of the title or the text", async () => {
    await ask(asker, "/community/discussions", "Which transcription tool handles Welsh?");
    const found = await text(await visitor().fetch("/community/discussions?q=welsh"));
    expect(found).toContain("Which transcription tool handles Welsh?");
    const none = await text(await visitor().fetch("/community/discussions?q=zzyzx-nothing"));
    expect(none).toContain("No question matches your search.");
  });

  it("shows public names only, never one made from an e-mail address", async () => {
    const local = `pat.${Date.now()}`;
    const m = await established({ name: local, email: `${local}@example.com` });
    const id = threadIdOf(await ask(m, "/community/discussions"));
    const page = await text(await visitor().fetch(`/community/discussions/${id}`));
    expect(page).toMatch(/Asked by Member #\d{6}/);
    expect(page).not.toContain(local);
  });
});

describe("followers hear of new answers by e-mail", () => {
  it("the author follows at once; others follow and unfollow; the answer's author is not mailed", async () => {
    const follower = await established({ name: "Fay Follower" });
    const id = threadIdOf(await ask(asker, "/community/discussions", "Best model for legal summaries?"));
    expect((await follower.client.form(`/community/discussions/${id}`, { intent: "follow" })).status).toBe(302);
    await answer(answerer, id);
    await server.services.jobs.runDue();
    const sent = await mails(id);
    expect(sent.map((m) => m.to).sort()).toEqual([asker.email, follower.email].sort());
    expect(sent[0]?.subject).toBe("New answer: Best model for legal summaries?");
    expect(sent[0]?.text).toContain("Ben Answer answered");
    expect(sent[0]?.text).toContain(`/community/discussions/${id}`);
    expect(sent[0]?.text).not.toContain(answerer.email);

    expect((await follower.client.form(`/community/discussions/${id}`, { intent: "unfollow" })).status).toBe(302);
    await answer(answerer, id, "One more thing: try the long-context variant.");
    await server.services.jobs.runDue();
    const second = (await mails(id)).filter((m) => m.text.includes("long-context"));
    expect(second.map((m) => m.to)).toEqual([asker.email]);
  });
});

describe("spam and abuse: the reviews' rules", () => {
  it("a new or unverified account's post waits for a moderator; keep publishes it and tells followers", async () => {
    const newbie = await createMember(server, { name: "Nina New" });
    const asked = await ask(newbie, "/community/discussions", "Is there a free plan for students?");
    expect(asked.headers.get("location")).toMatch(/\?posted=held$/);
    const id = threadIdOf(asked);
    expect(await text(await visitor().fetch("/community/discussions"))).not.toContain(
      "Is there a free plan for students?",
    );
    expect((await visitor().fetch(`/community/discussions/${id}`)).status).toBe(404);
    expect(await text(await newbie.client.fetch(`/community/discussions/${id}`))).toContain("Waiting for a moderator");
    const queue = await text(await admin.client.fetch("/admin/discussions"));
    expect(queue).toContain("Is there a free plan for students?");
    expect(queue).toContain(HOLD_REASON_NEW_ACCOUNT);
    const kept = await admin.client.form("/admin/discussions", {
      intent: "moderate",
      target: "thread",
      targetId: id,
      decision: "keep",
    });
    expect(kept.status).toBe(200);
    expect((await visitor().fetch(`/community/discussions/${id}`)).status).toBe(200);

    // A held answer: not counted, not mailed until released.
    const threadId = threadIdOf(await ask(asker2, "/community/discussions"));
    expect((await answer(newbie, threadId)).headers.get("location")).toMatch(/reply-held$/);
    await server.services.jobs.runDue();
    expect(await mails(threadId)).toEqual([]);
    expect(await text(await visitor().fetch(`/community/discussions/${threadId}`))).toContain("0 answers");
    const [reply] = await queryRows<{ id: string }>(
      server.services.db,
      sql`SELECT id::text AS id FROM discussion_replies WHERE user_id = ${newbie.id}`,
    );
    await admin.client.form("/admin/discussions", {
      intent: "moderate",
      target: "reply",
      targetId: reply?.id ?? "",
      decision: "keep",
    });
    await server.services.jobs.runDue();
    expect((await mails(threadId)).map((m) => m.to)).toEqual([asker2.email]);
    expect(await text(await visitor().fetch(`/community/discussions/${threadId}`))).toContain("1 answer");
  });

  it("reports reach the queue; moderators lock and hide; members cannot", async () => {
    const id = threadIdOf(await ask(asker2, "/community/discussions", "Buy cheap followers here"));
    const report = (m: Member, reason = "Spam link") =>
      m.client.form(`/community/discussions/${id}`, { intent: "report", target: "thread", targetId: id, reason });
    expect((await report(answerer)).headers.get("location")).toMatch(/done=reported$/);
    expect((await report(answerer)).status).toBe(409);
    expect((await report(asker2)).status).toBe(403);
    const queue = await text(await admin.client.fetch("/admin/discussions"));
    expect(queue).toContain("Buy cheap followers here");
    expect(queue).toContain("Ben Answer: Spam link");

    const moderate = (m: Member, decision: string) =>
      m.client.form(`/community/discussions/${id}`, { intent: "moderate", target: "thread", targetId: id, decision });
    expect((await moderate(answerer, "lock")).status).toBe(403);
    expect((await moderate(admin, "lock")).status).toBe(302);
    const locked = await answer(answerer, id);
    expect(locked.status).toBe(409);
    expect(await text(locked)).toContain("This discussion is locked");
    expect((await moderate(admin, "hide")).status).toBe(302);
    expect((await visitor().fetch(`/community/discussions/${id}`)).status).toBe(404);
    expect(await text(await visitor().fetch("/community/discussions"))).not.toContain("Buy cheap followers here");
    const [audit] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE target_id = ${id} AND action IN ('discussion.lock', 'discussion.hide')`,
    );
    expect(audit?.n).toBe(2);
  });

  it("rate-limits new questions per member, the window stored with the count", async () => {
    const busy = await established({ name: "Quick Poster" });
    for (let i = 0; i < DISCUSSION_RULES.thread.max; i++) {
      expect((await ask(busy, "/community/discussions")).status).toBe(302);
    }
    const refused = await ask(busy, "/community/discussions");
    expect(refused.status).toBe(429);
    expect(await text(refused)).toContain("Too many posts in a short time");
    const [row] = await queryRows<{ count: number; window_sec: number }>(
      server.services.db,
      sql`SELECT count, window_sec FROM rate_limits WHERE key = ${`discussion-thread:user:${busy.id}`}`,
    );
    expect(row).toEqual({ count: DISCUSSION_RULES.thread.max + 1, window_sec: DISCUSSION_RULES.thread.windowSec });
  });
});

describe("the VIP community (issue 34 item 7)", () => {
  it("is for Expert members; lower tiers get an honest upgrade prompt, visitors a sign-in", async () => {
    const expert = await established({ tier: "expert", name: "Eve Expert" });
    const standard = await established({ tier: "standard", name: "Sam Standard" });
    expect((await visitor().fetch("/community/vip")).status).toBe(401);
    const refused = await standard.client.fetch("/community/vip");
    expect(refused.status).toBe(403);
    const prompt = await text(refused);
    expect(prompt).toContain("The VIP community is available for Expert members.");
    expect(prompt).toContain('href="/pricing"');
    expect((await asker.client.fetch("/community/vip")).status).toBe(403);

    const asked = await ask(expert, "/community/vip", "How do you budget for model APIs?");
    expect(asked.status).toBe(302);
    const id = threadIdOf(asked);
    expect(await text(await expert.client.fetch("/community/vip"))).toContain("How do you budget for model APIs?");
    expect((await standard.client.fetch(`/community/discussions/${id}`)).status).toBe(403);
    expect((await visitor().fetch(`/community/discussions/${id}`)).status).toBe(401);
    expect((await ask(standard, "/community/vip")).status).toBe(403);
    expect((await answer(standard, id)).status).toBe(403);
    expect((await answer(expert, id, "We cap each team monthly and alert at 80 %.")).status).toBe(302);
    // Not on the general board, not in the public count.
    expect(await text(await visitor().fetch("/community/discussions?q=budget"))).not.toContain("model APIs");
  });

  it("marks Expert members' questions on a tool's board as priority and lists them first while unanswered", async () => {
    const expert = await established({ tier: "expert", name: "Pia Priority" });
    await ask(asker2, `/tools/${tool.slug}/discussions`, "A later ordinary question");
    const id = threadIdOf(await ask(expert, `/tools/${tool.slug}/discussions`, "An Expert's urgent question"));
    await ask(asker2, `/tools/${tool.slug}/discussions`, "The latest ordinary question");
    const board = await text(await visitor().fetch(`/tools/${tool.slug}/discussions`));
    expect(board.indexOf("An Expert&#x27;s urgent question")).toBeGreaterThan(-1);
    expect(board.indexOf("An Expert&#x27;s urgent question")).toBeLessThan(
      board.indexOf("The latest ordinary question"),
    );
    expect(board).toContain(">Priority<");
    const [row] = await queryRows<{ priority: boolean }>(
      server.services.db,
      sql`SELECT priority FROM discussion_threads WHERE id = ${id}::uuid`,
    );
    expect(row?.priority).toBe(true);
  });
});
