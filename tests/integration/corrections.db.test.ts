// engine: both — one vote per member, exact under concurrency.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Corrections, feedback, badges and the leaderboard (issue 11): real HTTP against a real database.
 * Pages are served too (the streak badges count signed-in page views through the root loader).
 */
let server: TestServer;
const clock = createTestClock("2026-11-02T10:00:00Z");
let proposer: Member;
let voters: Member[];
let admin: Member;
let tool: { id: string; slug: string; pricing_model: string };

beforeAll(async () => {
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  proposer = await createMember(server, { name: "Pia Proposer" });
  voters = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => createMember(server, { name: `Voter ${i}` })));
  admin = await createMember(server, { role: "admin", name: "Ops Admin" });
  const [row] = await queryRows<{ id: string; slug: string; pricing_model: string }>(
    server.services.db,
    sql`SELECT id, slug, pricing_model::text FROM tools WHERE status = 'active' AND pricing_model <> 'enterprise'
        ORDER BY slug LIMIT 1`,
  );
  if (!row) throw new Error("no seeded tool");
  tool = row;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function propose(member: Member, body: Record<string, unknown>) {
  const res = await member.client.json("/api/community/corrections", "POST", { toolId: tool.slug, ...body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("proposing a correction", () => {
  it("refuses visitors and bad values with clear messages", async () => {
    const visitor = new Client(server);
    const anon = await visitor.json("/api/community/corrections", "POST", {
      toolId: tool.slug,
      field: "pricing_model",
      value: "paid",
    });
    expect(anon.status).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ field: "color", value: "x" }, "Choose which fact is wrong"],
      [{ field: "pricing_model", value: "cheap" }, "Pricing model must be one of"],
      [{ field: "website", value: "not a url" }, "Valid URL is required"],
      [{ field: "price", value: "whatever you like" }, "Price must look like a price"],
      [{ field: "description", value: "short" }, "Description must be 20 to 500 characters"],
      [
        { field: "pricing_model", value: "enterprise", evidence_url: "ftp://x" },
        "Evidence must be a valid http(s) URL",
      ],
      [{ field: "category", value: "No Such Category Anywhere" }, "Unknown category"],
    ];
    for (const [body, message] of cases) {
      const res = await propose(proposer, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error)).toContain(message);
    }
    const unknownTool = await proposer.client.json("/api/community/corrections", "POST", {
      toolId: "no-such-tool-anywhere",
      field: "pricing_model",
      value: "paid",
    });
    expect(unknownTool.status).toBe(404);
  });

  let correctionId: string;

  it("stores a pricing correction, public with the display name only", async () => {
    const res = await propose(proposer, {
      field: "pricing_model",
      value: "Enterprise",
      evidence_url: "https://example.com/pricing",
      message: "Their pricing page lists only <b>enterprise</b> plans",
    });
    expect(res.status).toBe(201);
    const correction = res.body.correction as { id: string; proposedValue: string; status: string };
    expect(correction.status).toBe("open");
    expect(correction.proposedValue).toBe("Enterprise");
    correctionId = correction.id;
    const dup = await propose(proposer, { field: "pricing_model", value: "enterprise" });
    expect(dup.status).toBe(409);
    const list = await server.json<{ corrections: { id: string; proposer: { name: string } }[] }>(
      "/api/community/corrections",
    );
    const listed = list.body.corrections.find((c) => c.id === correctionId);
    expect(listed?.proposer.name).toBe("Pia Proposer");
    expect(JSON.stringify(list.body)).not.toContain(proposer.email);
  });

  it("takes one vote per member, none from the proposer, exact under concurrency", async () => {
    const own = await proposer.client.json(`/api/community/corrections/${correctionId}/vote`, "POST");
    expect(own.status).toBe(403);
    const anon = await new Client(server).json(`/api/community/corrections/${correctionId}/vote`, "POST");
    expect(anon.status).toBe(401);
    // Every voter twice, all at once: exactly one vote each counts.
    const results = await Promise.all(
      [...voters, ...voters].map((v) => v.client.json(`/api/community/corrections/${correctionId}/vote`, "POST")),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(voters.length);
    expect(statuses.filter((s) => s === 409)).toHaveLength(voters.length);
    const [row] = await queryRows<{ votes: number; n: number }>(
      server.services.db,
      sql`SELECT votes, (SELECT count(*)::int FROM correction_votes WHERE correction_id = ${correctionId}::uuid) AS n
          FROM corrections WHERE id = ${correctionId}::uuid`,
    );
    expect(row).toEqual({ votes: voters.length, n: voters.length });
    const again = await (voters[0] as Member).client.json(`/api/community/corrections/${correctionId}/vote`, "POST");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe("You already voted for this correction");
  });

  it("counts an admin's vote on the spec's POST /api/admin/corrections/{id}/vote, like a member's (issue 31)", async () => {
    const path = `/api/admin/corrections/${correctionId}/vote`;
    expect((await new Client(server).json(path, "POST")).status).toBe(401);
    expect((await (voters[0] as Member).client.json(path, "POST")).status).toBe(403);
    const res = await admin.client.json(path, "POST");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, votes: voters.length + 1 });
    // The same rule as the member's path: one vote per person.
    const again = await admin.client.json(path, "POST");
    expect(again.status).toBe(409);
    const other = await admin.client.json(`/api/community/corrections/${correctionId}/vote`, "POST");
    expect(other.status).toBe(409);
  });

  it("lets only admins verify; verify applies, audits and awards Detective once", async () => {
    const member = await voters[0]?.client.json(`/api/admin/corrections/${correctionId}/verify`, "POST");
    expect(member?.status).toBe(403);
    const res = await admin.client.json(`/api/admin/corrections/${correctionId}/verify`, "POST");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; correction: { status: string; previousValue: string } };
    expect(body.message).toBe("Correction verified and badge awarded!");
    expect(body.correction.status).toBe("verified");
    const [t] = await queryRows<{ pricing_model: string; is_verified: boolean; facts_changed_at: Date | null }>(
      server.services.db,
      sql`SELECT pricing_model::text, is_verified, facts_changed_at FROM tools WHERE id = ${tool.id}::uuid`,
    );
    expect(t?.pricing_model).toBe("enterprise");
    expect(t?.is_verified).toBe(true);
    expect(new Date(t?.facts_changed_at ?? 0).toISOString()).toBe(clock.now().toISOString());
    const api = await server.json<{ tool: { pricing_model: string; is_verified: boolean } }>(`/api/tools/${tool.slug}`);
    expect(api.body.tool.pricing_model).toBe("Enterprise");
    const audit = await queryRows<{ before: { value: string }; after: { value: string } }>(
      server.services.db,
      sql`SELECT before, after FROM audit_log WHERE action = 'correction.verify' AND target_id = ${tool.id}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after.value).toBe("enterprise");
    const twice = await admin.client.json(`/api/admin/corrections/${correctionId}/verify`, "POST");
    expect(twice.status).toBe(409);
    const badges = await queryRows<{ badge: string }>(
      server.services.db,
      sql`SELECT badge FROM member_badges WHERE user_id = ${proposer.id}`,
    );
    expect(badges.map((b) => b.badge)).toEqual(["detective"]);
    const vote = await voters[1]?.client.json(`/api/community/corrections/${correctionId}/vote`, "POST");
    expect(vote?.status).toBe(409);
    const verified = await server.json<{ verifiedTools: { slug: string; verifiedBy: string }[] }>(
      "/api/community/community-verified",
    );
    expect(verified.body.verifiedTools.find((v) => v.slug === tool.slug)?.verifiedBy).toBe("Pia Proposer");
    const achievements = await admin.client.fetch(`/api/admin/users/${proposer.id}/achievements`);
    const a = (await achievements.json()) as { achievements: { badgeId: string }[] };
    expect(a.achievements.map((x) => x.badgeId)).toEqual(["detective"]);
    const stats = await admin.client.fetch(`/api/admin/users/${proposer.id}/stats`);
    const s = (await stats.json()) as { stats: { correctionsSubmitted: number; verifiedCorrections: number } };
    expect(s.stats).toMatchObject({ correctionsSubmitted: 1, verifiedCorrections: 1 });
  });

  it("rejects with a reason the proposer sees", async () => {
    const created = await propose(voters[0] as Member, { field: "price", value: "$20/month" });
    expect(created.status).toBe(201);
    const id = (created.body.correction as { id: string }).id;
    const noReason = await admin.client.json(`/api/admin/corrections/${id}/reject`, "POST", { reason: " " });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: string }).error).toBe("Give the proposer a reason");
    const res = await admin.client.json(`/api/admin/corrections/${id}/reject`, "POST", {
      reason: "The pricing page says $25",
    });
    expect(res.status).toBe(200);
    const page = await (voters[0] as Member).client.fetch("/corrections");
    const html = await page.text();
    expect(html).toContain("The pricing page says $25");
    const [t] = await queryRows<{ price: string | null }>(
      server.services.db,
      sql`SELECT pricing->>'original' AS price FROM tools WHERE id = ${tool.id}::uuid`,
    );
    expect(t?.price).not.toBe("$20/month");
  });
});

describe("verifying other fields", () => {
  it("applies features (one per line) and a website", async () => {
    const f = await propose(voters[3] as Member, {
      field: "features",
      value: "Image editing\nBatch export\n\nImage editing",
    });
    expect(f.status).toBe(201);
    const w = await propose(voters[4] as Member, { field: "website", value: "https://example-matrix-site.io/home" });
    expect(w.status).toBe(201);
    for (const created of [f, w]) {
      const id = (created.body.correction as { id: string }).id;
      const res = await admin.client.json(`/api/admin/corrections/${id}/verify`, "POST");
      expect(res.status).toBe(200);
    }
    const [t] = await queryRows<{ features: string[]; website_url: string; domain_key: string }>(
      server.services.db,
      sql`SELECT features, website_url, domain_key FROM tools WHERE id = ${tool.id}::uuid`,
    );
    expect(t?.features).toEqual(["Image editing", "Batch export"]);
    expect(t?.website_url).toBe("https://example-matrix-site.io/home");
    expect(t?.domain_key).toBe("example-matrix-site.io");
  });
});

describe("feedback", () => {
  it("takes anonymous feedback from visitors and members, rate-limited, verified by admins", async () => {
    const visitor = new Client(server);
    const short = await visitor.json("/api/community/feedback", "POST", { type: "bug", message: "hi" });
    expect(short.status).toBe(400);
    const ok = await visitor.json("/api/community/feedback", "POST", {
      type: "bug",
      message: "The search box is slow",
    });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { feedback: { anonymous: boolean } }).feedback.anonymous).toBe(true);
    const member = voters[2] as Member;
    const anon = await member.client.json("/api/community/feedback", "POST", {
      type: "feature",
      message: "Please add a dark map view",
      anonymous: true,
    });
    expect(((await anon.json()) as { feedback: { anonymous: boolean } }).feedback.anonymous).toBe(true);
    const named = await member.client.json("/api/community/feedback", "POST", {
      type: "content",
      message: "Tool X moved to a new domain",
    });
    const { feedback } = (await named.json()) as { feedback: { id: string; anonymous: boolean } };
    expect(feedback.anonymous).toBe(false);
    const verify = await admin.client.json(`/api/admin/feedback/${feedback.id}/verify`, "POST");
    expect(verify.status).toBe(200);
    const badges = await queryRows<{ badge: string }>(
      server.services.db,
      sql`SELECT badge FROM member_badges WHERE user_id = ${member.id}`,
    );
    expect(badges.map((b) => b.badge)).toContain("feedback-hero");
    const limited = [];
    for (let i = 0; i < 6; i++) {
      limited.push((await visitor.json("/api/community/feedback", "POST", { message: `Feedback number ${i}` })).status);
    }
    expect(limited).toContain(429);
  });
});

describe("streak badges and the leaderboard", () => {
  it("awards Pioneer after 3 consecutive days and Dedicated after 30, with the toast on the next page", async () => {
    const m = await createMember(server, { name: "Streaky" });
    const badgesOf = async () =>
      (
        await queryRows<{ badge: string }>(
          server.services.db,
          sql`SELECT badge FROM member_badges WHERE user_id = ${m.id} ORDER BY badge`,
        )
      ).map((b) => b.badge);
    const start = clock.now();
    // A member's page is the shared page of their tier (ADR 0032): the visit counts, and new badges
    // are announced, by its personal request.
    const visit = () => m.client.fetch("/api/me/page-state?path=%2F");
    // Day 1 twice, day 2, then a gap: the streak starts again.
    await visit();
    await visit();
    clock.advance(DAY_MS);
    await visit();
    clock.advance(2 * DAY_MS);
    await visit();
    expect(await badgesOf()).toEqual([]);
    clock.advance(DAY_MS);
    await visit();
    clock.advance(DAY_MS);
    const page = await visit();
    expect(await badgesOf()).toEqual(["pioneer"]);
    expect(((await page.json()) as { newBadges: string[] }).newBadges).toEqual(["Pioneer"]);
    // Announced once.
    expect(((await (await visit()).json()) as { newBadges: string[] }).newBadges).toEqual([]);
    for (let d = 0; d < 27; d++) {
      clock.advance(DAY_MS);
      await visit();
    }
    expect(await badgesOf()).toEqual(["dedicated", "pioneer"]);
    const [days] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM member_active_days WHERE user_id = ${m.id}`,
    );
    expect(days?.n).toBe(32);
    clock.set(start);
  }, 60_000);

  it("ranks members by points and tells a member their own rank", async () => {
    const res = await proposer.client.fetch("/api/community/leaderboard?limit=5");
    const body = (await res.json()) as {
      leaders: { rank: number; name: string; points: number; userId: string }[];
      me: { rank: number; points: number };
    };
    expect(body.leaders.length).toBeGreaterThan(0);
    const points = body.leaders.map((l) => l.points);
    expect([...points].sort((a, b) => b - a)).toEqual(points);
    expect(JSON.stringify(body.leaders)).not.toContain("@");
    const mine = body.leaders.find((l) => l.userId === proposer.id);
    // Proposer: submitted (2) + verified (20) + active days.
    expect(mine?.points).toBeGreaterThanOrEqual(22);
    expect(body.me.rank).toBe(mine?.rank);
    const bad = await server.get("/api/community/leaderboard?limit=1000");
    expect(bad.status).toBe(400);
  });

  it("lists every badge with how many earned it", async () => {
    const res = await server.json<{ badges: { id: string; name: string; earnedBy: number; goal: number }[] }>(
      "/api/community/badges",
    );
    const byId = new Map(res.body.badges.map((b) => [b.id, b]));
    expect(byId.get("pioneer")?.goal).toBe(3);
    expect(byId.get("dedicated")?.goal).toBe(30);
    expect(byId.get("validator")?.goal).toBe(5);
    // The proposer and the two members whose features/website corrections were verified.
    expect(byId.get("detective")?.earnedBy).toBe(3);
    expect(byId.get("pioneer")?.earnedBy).toBeGreaterThanOrEqual(1);
  });
});
