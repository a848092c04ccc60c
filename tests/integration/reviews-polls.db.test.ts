// engine: both — concurrent votes and reviews must count exactly once.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runnableSteps } from "../../server/modules/catalog/index.ts";
import {
  countActivePolls,
  countReviews,
  MODERATORS_ONLY,
  moderateReview,
  restoreReview,
  reviewCountsBetween,
} from "../../server/modules/community/index.ts";
import { listAudit } from "../../server/platform/audit.ts";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, establishMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Members whose reviews count at once (ADR 0029's review gate is tested in ranking-trust.db.test.ts). */
const established = async (...args: Parameters<typeof createMember>) =>
  establishMember(args[0], await createMember(...args));

/**
 * A member with a track record (ADR 0069: an account over 30 days old with a contribution an editor
 * accepted): weighs 1 in a tool's rating and trending's review count, and is never part of a burst.
 */
async function withTrackRecord<M extends Member>(m: M): Promise<M> {
  const db = server.services.db;
  const created = new Date(clock.now().getTime() - 60 * DAY_MS).toISOString();
  await db.execute(
    sql`UPDATE users SET email_verified = true, created_at = ${created}::timestamptz WHERE id = ${m.id}`,
  );
  await db.execute(
    sql`INSERT INTO corrections (tool_id, user_id, field, proposed_value, status, created_at)
        VALUES (${toolIds[0]}::uuid, ${m.id}, 'website', 'https://example.org', 'verified', ${created}::timestamptz)`,
  );
  return m;
}

/** Reviews, helpful votes, moderation, polls and company verification (issue 11 items 1–3). */

let server: TestServer;
let admin: Member;
const clock = createTestClock();
let toolIds: string[] = [];
let next = 0;
const freshTool = () => {
  const id = toolIds[next++];
  if (!id) throw new Error("out of tools");
  return id;
};

async function figures(toolId: string) {
  const [row] = await queryRows<{ rating: number; review_count: number }>(
    server.services.db,
    sql`SELECT rating, review_count FROM tools WHERE id = ${toolId}::uuid`,
  );
  return { rating: Number(row?.rating), count: Number(row?.review_count) };
}

const review = (m: Member, toolId: string, rating: number, comment = "Solid tool, does what it says on the tin.") =>
  m.client.json(`/api/tools/${toolId}/reviews/mine`, "PUT", { rating, comment });

beforeAll(async () => {
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1" } });
  admin = await established(server, { role: "admin", name: "Mo Derator" });
  const rows = await queryRows<{ id: string }>(
    server.services.db,
    sql`SELECT id::text AS id FROM tools WHERE status = 'active' ORDER BY slug LIMIT 20`,
  );
  toolIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await server?.close();
});

describe("reviews", () => {
  it("validates with clear messages and refuses visitors", async () => {
    const toolId = freshTool();
    const m = await established(server);
    const bad = async (body: unknown) => {
      const res = await m.client.json(`/api/tools/${toolId}/reviews/mine`, "PUT", body);
      return { status: res.status, error: ((await res.json()) as { error: string }).error };
    };
    expect(await bad({ rating: 0, comment: "A perfectly fine comment" })).toEqual({
      status: 400,
      error: "Choose a rating from 1 to 5 stars",
    });
    expect(await bad({ rating: 6, comment: "A perfectly fine comment" })).toMatchObject({ status: 400 });
    expect(await bad({ rating: 4, comment: "short" })).toEqual({
      status: 400,
      error: "Your review must be at least 10 characters",
    });
    expect(await bad({ rating: 4, comment: "x".repeat(2001) })).toEqual({
      status: 400,
      error: "Your review can be at most 2000 characters",
    });
    expect(
      (
        await new Client(server).json(`/api/tools/${toolId}/reviews/mine`, "PUT", {
          rating: 4,
          comment: "Nice tool indeed",
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await m.client.json(`/api/tools/no-such-tool-xyz/reviews/mine`, "PUT", {
          rating: 4,
          comment: "Nice tool indeed",
        })
      ).status,
    ).toBe(404);
    expect(await figures(toolId)).toEqual({ rating: 0, count: 0 });
  });

  it("keeps one review per member; edit and delete recompute the tool's rating", async () => {
    const toolId = freshTool();
    const a = await established(server);
    const b = await established(server);
    expect((await review(a, toolId, 4)).status).toBe(201);
    expect(await figures(toolId)).toEqual({ rating: 4, count: 1 });
    expect((await review(b, toolId, 2)).status).toBe(201);
    expect(await figures(toolId)).toEqual({ rating: 3, count: 2 });
    // A second write edits (200), it does not add.
    expect((await review(a, toolId, 5)).status).toBe(200);
    expect(await figures(toolId)).toEqual({ rating: 3.5, count: 2 });
    const list = (await (await new Client(server).fetch(`/api/tools/${toolId}/reviews`)).json()) as {
      reviews: { id: string; rating: number; author: { id: string } }[];
      pagination: { total: number };
    };
    expect(list.pagination.total).toBe(2);
    const bReview = list.reviews.find((r) => r.author.id === b.id);
    // Only the author deletes.
    expect((await a.client.json(`/api/reviews/${bReview?.id}`, "DELETE")).status).toBe(404);
    expect((await b.client.json(`/api/reviews/${bReview?.id}`, "DELETE")).status).toBe(200);
    expect(await figures(toolId)).toEqual({ rating: 5, count: 1 });
    expect(await countReviews(server.services.db, clock.now())).toBeGreaterThanOrEqual(1);
    // Trending counts a reviewer without a track record as at most a quarter (ADR 0069): with one, a's
    // review is counted in full, b's deleted one not at all.
    await withTrackRecord(a);
    const counts = await reviewCountsBetween(
      server.services.db,
      new Date(clock.now().getTime() - DAY_MS),
      new Date(clock.now().getTime() + DAY_MS),
    );
    expect(counts.get(toolId)).toBe(1);
  });

  it("concurrent reviews and helpful votes keep exact counts; a second helpful vote is refused", async () => {
    const toolId = freshTool();
    // With a track record: eight reviews of one tool in a moment from accounts without one would be a
    // burst, held for a moderator (ADR 0069), which is not what this test is about.
    const members = await Promise.all(
      Array.from({ length: 8 }, async () => withTrackRecord(await established(server))),
    );
    const results = await Promise.all(members.map((m, i) => review(m, toolId, (i % 5) + 1)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const expected = members.reduce((s, _m, i) => s + (i % 5) + 1, 0) / 8;
    const f = await figures(toolId);
    expect(f.count).toBe(8);
    expect(f.rating).toBeCloseTo(expected, 2);

    const author = members[0] as Member;
    const mine = (await (await author.client.fetch(`/api/tools/${toolId}/reviews/mine`)).json()) as {
      review: { id: string };
    };
    const rid = mine.review.id;
    const votes = await Promise.all(members.slice(1).map((m) => m.client.json(`/api/reviews/${rid}/helpful`, "POST")));
    expect(votes.map((v) => v.status)).toEqual(Array(7).fill(200));
    const again = await (members[1] as Member).client.json(`/api/reviews/${rid}/helpful`, "POST");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe("You already marked this review as helpful");
    const own = await author.client.json(`/api/reviews/${rid}/helpful`, "POST");
    expect(own.status).toBe(403);
    const [row] = await queryRows<{ helpful_count: number }>(
      server.services.db,
      sql`SELECT helpful_count FROM reviews WHERE id = ${rid}::uuid`,
    );
    expect(Number(row?.helpful_count)).toBe(7);
    const sorted = (await (await new Client(server).fetch(`/api/tools/${toolId}/reviews?sort=helpful`)).json()) as {
      reviews: { id: string; helpful: number }[];
    };
    expect(sorted.reviews[0]).toMatchObject({ id: rid, helpful: 7 });
  });

  it("a reported review goes to moderation; hiding it leaves the rating, audited", async () => {
    const toolId = freshTool();
    const writer = await established(server);
    const other = await established(server);
    const reporter = await established(server);
    await review(writer, toolId, 1, "Terrible, do not buy this (spam link here)");
    await review(other, toolId, 5);
    expect(await figures(toolId)).toEqual({ rating: 3, count: 2 });
    const { review: r } = (await (await writer.client.fetch(`/api/tools/${toolId}/reviews/mine`)).json()) as {
      review: { id: string };
    };
    expect((await reporter.client.json(`/api/reviews/${r.id}/report`, "POST", { reason: "" })).status).toBe(400);
    expect((await reporter.client.json(`/api/reviews/${r.id}/report`, "POST", { reason: "Spam link" })).status).toBe(
      201,
    );
    expect((await reporter.client.json(`/api/reviews/${r.id}/report`, "POST", { reason: "Spam link" })).status).toBe(
      409,
    );
    expect((await writer.client.json(`/api/reviews/${r.id}/report`, "POST", { reason: "Spam link" })).status).toBe(403);

    expect((await reporter.client.fetch("/api/admin/reviews/reported")).status).toBe(403);
    const queue = (await (await admin.client.fetch("/api/admin/reviews/reported")).json()) as {
      reviews: { id: string; reports: { reason: string }[] }[];
    };
    expect(queue.reviews.find((q) => q.id === r.id)?.reports[0]?.reason).toBe("Spam link");
    // The use cases check the role themselves: a member's actor is refused whoever calls them.
    const memberActor = { id: reporter.id, label: reporter.email };
    for (const attempt of [
      () => moderateReview(server.services, memberActor, { reviewId: r.id, decision: "hide", note: "" }),
      () => restoreReview(server.services, memberActor, { reviewId: r.id, note: "" }),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: "forbidden", message: MODERATORS_ONLY });
    expect(await figures(toolId)).toEqual({ rating: 3, count: 2 });
    expect((await admin.client.json(`/api/admin/reviews/${r.id}/moderate`, "POST", { decision: "bury" })).status).toBe(
      400,
    );
    const hide = await admin.client.json(`/api/admin/reviews/${r.id}/moderate`, "POST", {
      decision: "hide",
      note: "spam",
    });
    expect(hide.status).toBe(200);
    expect(await figures(toolId)).toEqual({ rating: 5, count: 1 });
    const after = (await (await admin.client.fetch("/api/admin/reviews/reported")).json()) as {
      reviews: { id: string }[];
    };
    expect(after.reviews.some((q) => q.id === r.id)).toBe(false);
    const audit = await listAudit(server.services.db, { action: "review.hide" } as never);
    expect(JSON.stringify(audit)).toContain(r.id);
    // The public list no longer has it; the author still sees it as hidden.
    const pub = (await (await new Client(server).fetch(`/api/tools/${toolId}/reviews`)).json()) as {
      reviews: { id: string }[];
    };
    expect(pub.reviews.map((x) => x.id)).not.toContain(r.id);
    const own = (await (await writer.client.fetch(`/api/tools/${toolId}/reviews/mine`)).json()) as {
      review: { hidden: boolean };
    };
    expect(own.review.hidden).toBe(true);
  });
});

describe("polls", () => {
  it("answers 404 without a poll; only admins attach one (2–6 options)", async () => {
    const toolId = freshTool();
    const visitor = new Client(server);
    const none = await visitor.fetch(`/api/tools/${toolId}/poll`);
    expect(none.status).toBe(404);
    const m = await established(server);
    const body = { question: "Which plan do you use?", options: ["Free", "Pro"] };
    expect((await m.client.json(`/api/admin/tools/${toolId}/polls`, "POST", body)).status).toBe(403);
    expect((await visitor.json(`/api/admin/tools/${toolId}/polls`, "POST", body)).status).toBe(401);
    const one = await admin.client.json(`/api/admin/tools/${toolId}/polls`, "POST", { ...body, options: ["Only"] });
    expect(one.status).toBe(400);
    expect(((await one.json()) as { error: string }).error).toBe("A poll has 2 to 6 options");
    const seven = await admin.client.json(`/api/admin/tools/${toolId}/polls`, "POST", {
      ...body,
      options: ["a", "b", "c", "d", "e", "f", "g"],
    });
    expect(seven.status).toBe(400);
  });

  it("one vote per member and per visitor cookie; counts exact under concurrency", async () => {
    const toolId = freshTool();
    const before = await countActivePolls(server.services.db);
    const created = await admin.client.json(`/api/admin/tools/${toolId}/polls`, "POST", {
      question: "What do you use it for?",
      options: ["Work", "Study", "Fun"],
    });
    expect(created.status).toBe(201);
    const { poll } = (await created.json()) as { poll: { id: string } };
    expect(await countActivePolls(server.services.db)).toBe(before + 1);

    const got = (await (await new Client(server).fetch(`/api/tools/${toolId}/poll`)).json()) as {
      poll: { id: string; question: string; options: string[]; votes: number[] };
    };
    expect(got.poll).toMatchObject({ id: poll.id, options: ["Work", "Study", "Fun"], votes: [0, 0, 0] });

    // A visitor: the first vote sets the cookie; the second is refused.
    const visitor = new Client(server);
    const first = await visitor.json(`/api/tools/${toolId}/poll/vote`, "POST", { pollId: poll.id, optionIndex: 1 });
    expect(first.status).toBe(200);
    expect(visitor.cookies.get("ts_voter")).toBeTruthy();
    const again = await visitor.json(`/api/tools/${toolId}/poll/vote`, "POST", { pollId: poll.id, optionIndex: 0 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe("You have already voted in this poll");
    const status = (await (await visitor.fetch(`/api/tools/${toolId}/poll/vote-status?pollId=${poll.id}`)).json()) as {
      optionIndex: number | null;
    };
    expect(status.optionIndex).toBe(1);
    // Another visitor without the cookie has not voted.
    const fresh = (await (await new Client(server).fetch(`/api/tools/${toolId}/poll/vote-status`)).json()) as {
      optionIndex: number | null;
    };
    expect(fresh.optionIndex).toBeNull();

    // Bad input: clear 4xx.
    const badOption = await visitor.json(`/api/tools/${toolId}/poll/vote`, "POST", { pollId: poll.id, optionIndex: 5 });
    expect(badOption.status).toBe(400);
    expect(
      (await visitor.json(`/api/tools/${toolId}/poll/vote`, "POST", { pollId: "nope", optionIndex: 0 })).status,
    ).toBe(400);

    // Members at once, each twice at the same moment: one vote each.
    const members = await Promise.all(Array.from({ length: 6 }, () => established(server)));
    const results = await Promise.all(
      members.flatMap((m, i) =>
        [0, 1].map(() =>
          m.client.json(`/api/tools/${toolId}/poll/vote`, "POST", { pollId: poll.id, optionIndex: i % 3 }),
        ),
      ),
    );
    const codes = results.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    const final = (await (await new Client(server).fetch(`/api/tools/${toolId}/poll`)).json()) as {
      poll: { votes: number[]; totalVotes: number };
    };
    expect(final.poll.votes).toEqual([2, 3, 2]);
    expect(final.poll.totalVotes).toBe(7);

    // One person, one vote across sign-in (issue 21): a browser that voted signed out cannot vote
    // again once signed in, and a member's browser cannot vote again once signed out.
    const browser = new Client(server);
    const vote = (c: Client) => c.json(`/api/tools/${toolId}/poll/vote`, "POST", { pollId: poll.id, optionIndex: 0 });
    expect((await vote(browser)).status).toBe(200);
    const signUp = await browser.json("/api/auth/sign-up/email", "POST", {
      name: "Two Hats",
      email: `two-hats-${Date.now()}@example.com`,
      password: "correct-horse-42",
    });
    expect(signUp.status).toBe(200);
    const second = await vote(browser);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toBe("You have already voted in this poll");
    const seen = (await (await browser.fetch(`/api/tools/${toolId}/poll/vote-status?pollId=${poll.id}`)).json()) as {
      optionIndex: number | null;
    };
    expect(seen.optionIndex).toBe(0);
    const member = await createMember(server);
    expect((await vote(member.client)).status).toBe(200);
    expect((await member.client.json("/api/auth/sign-out", "POST", {})).status).toBe(200);
    expect((await vote(member.client)).status).toBe(409);
    const afterSignIn = (await (await new Client(server).fetch(`/api/tools/${toolId}/poll`)).json()) as {
      poll: { totalVotes: number };
    };
    expect(afterSignIn.poll.totalVotes).toBe(9);

    // Closing stops votes (audited).
    expect((await admin.client.json(`/api/admin/polls/${poll.id}/status`, "POST", { status: "closed" })).status).toBe(
      200,
    );
    const late = await new Client(server).json(`/api/tools/${toolId}/poll/vote`, "POST", {
      pollId: poll.id,
      optionIndex: 0,
    });
    expect(late.status).toBe(409);
    expect(JSON.stringify(await listAudit(server.services.db, {} as never))).toContain("poll.close");
  });
});

describe("merging tools", () => {
  it("moves reviews and polls; a member with reviews on both keeps the newer", async () => {
    const from = freshTool();
    const into = freshTool();
    const both = await established(server);
    const onlyFrom = await established(server);
    await review(both, into, 2);
    clock.advance(60_000);
    await review(both, from, 4);
    await review(onlyFrom, from, 5);
    const steps = runnableSteps(server.services.toolMergeSteps).filter(
      (s) => s.name === "community.reviews" || s.name === "community.polls",
    );
    expect(steps.map((s) => s.name).sort()).toEqual(["community.polls", "community.reviews"]);
    await server.services.db.transaction(async (tx) => {
      for (const step of steps) await step.run(tx, from, into, server.services.clock.now());
    });
    expect(await figures(into)).toEqual({ rating: 4.5, count: 2 });
    expect(await figures(from)).toEqual({ rating: 0, count: 0 });
  });
});

describe("company verification", () => {
  it("refuses free-mail domains, sends a link, and the link gives the Company badge once", async () => {
    const m = await established(server);
    const free = await m.client.json("/api/community/verification/company", "POST", { email: "me@gmail.com" });
    expect(free.status).toBe(400);
    expect(((await free.json()) as { error: string }).error).toBe(
      "Use your work address: free e-mail providers cannot verify a company",
    );
    const ok = await m.client.json("/api/community/verification/company", "POST", { email: "Me@Acme-Widgets.example" });
    expect(ok.status).toBe(202);
    const dir = path.join(server.services.env.DATA_DIR, "mail");
    const mails = readdirSync(dir).map(
      (n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")) as { to: string; text: string },
    );
    const mail = mails.find((x) => x.to === "me@acme-widgets.example");
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token.length).toBeGreaterThan(30);
    // Only the hash is stored.
    const [stored] = await queryRows<{ token_hash: string }>(
      server.services.db,
      sql`SELECT token_hash FROM company_email_verifications WHERE user_id = ${m.id}`,
    );
    expect(stored?.token_hash).not.toContain(token);
    const { confirmCompanyVerification } = await import("../../server/modules/community/index.ts");
    await confirmCompanyVerification(server.services, token);
    await expect(confirmCompanyVerification(server.services, token)).rejects.toThrow(/invalid or has expired/);
    const state = (await (await m.client.fetch("/api/community/verification")).json()) as {
      verified: string;
      domain: string;
    };
    expect(state).toMatchObject({ verified: "company_email", domain: "acme-widgets.example" });
    // Their reviews carry the mark.
    const toolId = freshTool();
    await review(m, toolId, 4);
    const list = (await (await new Client(server).fetch(`/api/tools/${toolId}/reviews`)).json()) as {
      reviews: { author: { verified: string | null } }[];
    };
    expect(list.reviews[0]?.author.verified).toBe("company_email");
  });

  it("an expired link does not verify", async () => {
    const m = await established(server);
    await m.client.json("/api/community/verification/company", "POST", { email: "x@expired-co.example" });
    const dir = path.join(server.services.env.DATA_DIR, "mail");
    const mail = readdirSync(dir)
      .map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")) as { to: string; text: string })
      .find((x) => x.to === "x@expired-co.example");
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    clock.advance(25 * 3_600_000);
    const { confirmCompanyVerification } = await import("../../server/modules/community/index.ts");
    await expect(confirmCompanyVerification(server.services, token)).rejects.toThrow(/invalid or has expired/);
  });
});
