import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMA_REMINDER_JOB, AMA_REMINDER_TAG } from "../../server/modules/community/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { listOutbox } from "../../server/platform/mail.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Maker AMAs (issue 35 item 2, ADR 0077), through real HTTP and plain form posts (no script): the
 * verified maker schedules, members ask and upvote once, the reminder e-mail goes to askers and
 * followers, the host answers from the start, and the archive keeps the answers.
 */
let server: TestServer;
const clock = createTestClock("2026-11-20T10:00:00Z");
let maker: Member;
let asker: Member;
let voter: Member;
let follower: Member;
let stranger: Member;
let admin: Member;
let tool: { id: string; slug: string; name: string };
let amaId = "";

const db = () => server.services.db;
const html = async (res: Response) => res.text();

beforeAll(async () => {
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  [maker, asker, voter, follower, stranger, admin] = await Promise.all([
    createMember(server, { name: "Mia Maker" }),
    createMember(server, { name: "Ada Asker" }),
    createMember(server, { name: "Vic Voter" }),
    createMember(server, { name: "Fay Follower" }),
    createMember(server, { name: "Sam Stranger" }),
    createMember(server, { role: "admin", name: "Ed Editor" }),
  ]);
  const [row] = await queryRows<{ id: string; slug: string; name: string; domain_key: string }>(
    db(),
    sql`SELECT id::text AS id, slug, name, domain_key FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY slug LIMIT 1`,
  );
  if (!row) throw new Error("no tool");
  tool = row;
  await db().execute(
    sql`INSERT INTO maker_claims (tool_id, user_id, method, domain, status, expires_at, verified_at)
        VALUES (${tool.id}::uuid, ${maker.id}, 'meta_tag', ${row.domain_key}, 'verified', now() + interval '1 day', now())`,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const schedule = (who: Client, fields: Partial<Record<string, string>> = {}) =>
  who.form("/community/amas/new", {
    tool: tool.slug,
    title: "Ask the team behind it",
    description: "Pricing, roadmap, the API.",
    startsAt: "2026-11-22T15:00",
    endsAt: "2026-11-22T16:00",
    ...fields,
  } as Record<string, string>);

describe("scheduling", () => {
  it("sends visitors to sign in and refuses members who do not make the tool", async () => {
    const visitor = await schedule(new Client(server));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/sign-in");
    const res = await schedule(stranger.client);
    expect(res.status).toBe(403);
    expect(await html(res)).toContain("verified maker");
  });

  it("refuses a bad window with a clear message at the field", async () => {
    const backwards = await schedule(maker.client, { endsAt: "2026-11-22T14:00" });
    expect(backwards.status).toBe(400);
    expect(await html(backwards)).toContain("The end must be after the start");
    const past = await schedule(maker.client, { startsAt: "2026-11-19T15:00", endsAt: "2026-11-19T16:00" });
    expect(past.status).toBe(400);
    expect(await html(past)).toContain("The start must be in the future");
    const garbage = await schedule(maker.client, { startsAt: "tomorrow" });
    expect(garbage.status).toBe(400);
  });

  it("lets the verified maker schedule, with a reminder job an hour before the start", async () => {
    const res = await schedule(maker.client);
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    const match = /\/community\/amas\/([0-9a-f-]{36})\?scheduled=1$/.exec(location);
    expect(match).not.toBeNull();
    amaId = match?.[1] ?? "";
    const [job] = await queryRows<{ run_at: string; key: string }>(
      db(),
      sql`SELECT run_at::text AS run_at, key FROM jobs WHERE type = ${AMA_REMINDER_JOB} AND status = 'pending'`,
    );
    expect(job?.key).toBe(amaId);
    expect(new Date(job?.run_at ?? "").toISOString()).toBe("2026-11-22T14:00:00.000Z");
    const [audit] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'ama.schedule' AND target_id = ${amaId}`,
    );
    expect(audit?.n).toBe(1);
  });

  it("lets an editor schedule for any tool", async () => {
    const res = await schedule(admin.client, {
      title: "Editors' session",
      startsAt: "2026-12-01T09:00",
      endsAt: "2026-12-01T10:00",
    });
    expect(res.status).toBe(302);
  });
});

describe("before the start", () => {
  let questionId = "";

  it("shows the AMA on /community/amas and /community as upcoming", async () => {
    const list = await html(await new Client(server).fetch("/community/amas"));
    expect(list).toContain("Ask the team behind it");
    expect(list).toContain("Upcoming");
    const community = await html(await new Client(server).fetch("/community"));
    expect(community).toContain("Ask the team behind it");
    expect(community).toMatch(/data-testid="community-feature-count">2 AMAs</);
  });

  it("takes members' questions (not visitors'), and the asker follows", async () => {
    const anon = await new Client(server).form(`/community/amas/${amaId}`, {
      intent: "ask",
      body: "Will there be a free plan?",
    });
    expect(anon.status).toBe(401);
    const short = await asker.client.form(`/community/amas/${amaId}`, { intent: "ask", body: "Why?" });
    expect(short.status).toBe(400);
    expect(await html(short)).toContain("at least 10 characters");
    const res = await asker.client.form(`/community/amas/${amaId}`, {
      intent: "ask",
      body: "Will there be a free plan next year?",
    });
    expect(res.status).toBe(200);
    const [q] = await queryRows<{ id: string }>(
      db(),
      sql`SELECT id::text AS id FROM ama_questions WHERE ama_id = ${amaId}::uuid`,
    );
    questionId = q?.id ?? "";
    const followers = await queryRows<{ user_id: string }>(
      db(),
      sql`SELECT user_id FROM ama_followers WHERE ama_id = ${amaId}::uuid`,
    );
    expect(followers.map((f) => f.user_id)).toEqual([asker.id]);
  });

  it("counts one upvote per member, never the asker's own", async () => {
    const first = await voter.client.form(`/community/amas/${amaId}`, { intent: "upvote", questionId });
    expect(first.status).toBe(200);
    expect(await html(first)).toContain("Upvoted: 1 vote now");
    const again = await voter.client.form(`/community/amas/${amaId}`, { intent: "upvote", questionId });
    expect(await html(again)).toContain("You already upvoted");
    const own = await asker.client.form(`/community/amas/${amaId}`, { intent: "upvote", questionId });
    expect(own.status).toBe(403);
    const bad = await voter.client.form(`/community/amas/${amaId}`, { intent: "upvote", questionId: "nope" });
    expect(bad.status).toBe(400);
    const page = await html(await new Client(server).fetch(`/community/amas/${amaId}`));
    expect(page).toContain("Will there be a free plan next year?");
    expect(page).toContain("Ada Asker");
    expect(page).toMatch(/data-testid="ama-votes">1<!-- --> vote/);
    expect(page).not.toContain(asker.email);
  });

  it("does not take answers before the start", async () => {
    const res = await maker.client.form(`/community/amas/${amaId}`, { intent: "answer", questionId, answer: "Yes." });
    expect(res.status).toBe(409);
    expect(await html(res)).toContain("Answers open when the AMA starts");
  });

  it("e-mails askers and followers once, an hour before", async () => {
    const follow = await follower.client.form(`/community/amas/${amaId}`, { intent: "follow" });
    expect(follow.status).toBe(200);
    // Only this file's subject runs: every recurring job is put off (as `deferJobs` does).
    for (const type of server.services.jobs.recurringTypes()) {
      await server.services.jobs.enqueue({ type, key: type, runAt: new Date("9999-01-01T00:00:00Z") });
    }
    clock.set("2026-11-22T14:00:30Z");
    await server.services.jobs.runDue();
    const mails = (await listOutbox(server.services.env.DATA_DIR, 200)).filter((m) => m.tag === AMA_REMINDER_TAG);
    expect(mails.map((m) => m.to).sort()).toEqual([asker.email, follower.email].sort());
    expect(mails[0]?.subject).toContain("Ask the team behind it");
    expect(mails[0]?.text).toContain(`/community/amas/${amaId}`);
  });

  it("during the AMA: strangers cannot answer, the maker can", async () => {
    clock.set("2026-11-22T15:10:00Z");
    const stray = await stranger.client.form(`/community/amas/${amaId}`, {
      intent: "answer",
      questionId,
      answer: "Yes, of course.",
    });
    expect(stray.status).toBe(403);
    const res = await maker.client.form(`/community/amas/${amaId}`, {
      intent: "answer",
      questionId,
      answer: "Yes: a free plan with 50 requests a day.",
    });
    expect(res.status).toBe(200);
    const page = await html(await new Client(server).fetch(`/community/amas/${amaId}`));
    expect(page).toContain("Live now");
    expect(page).toContain("a free plan with 50 requests a day");
  });

  it("after the end: the archive keeps the answers and takes no more questions", async () => {
    clock.set("2026-11-23T10:00:00Z");
    const late = await voter.client.form(`/community/amas/${amaId}`, {
      intent: "ask",
      body: "Is it too late to ask this?",
    });
    expect(late.status).toBe(409);
    const list = await html(await new Client(server).fetch("/community/amas"));
    expect(list).toContain("Archive");
    const page = await html(await new Client(server).fetch(`/community/amas/${amaId}`));
    expect(page).toContain("Ended");
    expect(page).toContain("a free plan with 50 requests a day");
    const toolPage = await html(await new Client(server).fetch(`/tools/${tool.slug}`));
    expect(toolPage).toContain(`/community/amas/${amaId}`);
  });

  it("answers 404 for an unknown AMA", async () => {
    expect((await new Client(server).fetch("/community/amas/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await new Client(server).fetch("/community/amas/not-an-id")).status).toBe(404);
  });
});
