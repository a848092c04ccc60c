import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BURST_RULES, CONFLICT_MESSAGES, TRUST_RULES } from "../../server/modules/community/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { createMember, establishMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Reviews that survive fake accounts (issue 35, ADR 0069): conflicts of interest are refused,
 * related accounts and bursts are held for a moderator with the reason, reviews say what evidence
 * they carry, the spread of ratings is published, and a crowd without a track record weighs at most
 * TRUST_RULES.unprovenCap.
 */

const DAY = 86_400_000;
const clock = createTestClock("2026-05-01T10:00:00.000Z");
let server: TestServer;
let admin: Member;

type Tool = { id: string; slug: string; domain_key: string };
async function tools(n: number, offset: number): Promise<Tool[]> {
  return queryRows<Tool>(
    server.services.db,
    sql`SELECT id::text AS id, slug, domain_key FROM tools WHERE status = 'active' AND review_count = 0
        ORDER BY slug LIMIT ${n} OFFSET ${offset}`,
  );
}
const member = async (email?: string) => establishMember(server, await createMember(server, { email }), clock.now());
const review = (m: Member, toolId: string, rating: number, extra: Record<string, unknown> = {}) =>
  m.client.json(`/api/tools/${toolId}/reviews/mine`, "PUT", {
    rating,
    comment: "I have used this for weeks and it works.",
    ...extra,
  });
type Listed = {
  total: number;
  items: { id: string; evidence: Record<string, unknown> }[];
  distribution: number[];
};
async function listed(toolId: string): Promise<Listed> {
  const res = await admin.client.fetch(`/api/tools/${toolId}/reviews`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    reviews: Listed["items"];
    pagination: { total: number; distribution: number[] };
  };
  return { total: body.pagination.total, items: body.reviews, distribution: body.pagination.distribution };
}
async function held(toolId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.services.db,
    sql`SELECT count(*)::int AS n FROM reviews WHERE tool_id = ${toolId}::uuid AND held_at IS NOT NULL`,
  );
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1" } });
  admin = await member();
  await server.services.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${admin.id}`);
});
afterAll(async () => {
  await server?.close();
});

describe("reviews that survive fake accounts", () => {
  it("a verified maker of the tool and its staff (e-mail at its domain) cannot review it; the 403 says why", async () => {
    const [tool] = await tools(1, 0);
    if (!tool) throw new Error("no tool");
    const maker = await member();
    await server.services.db.execute(
      sql`INSERT INTO maker_claims (tool_id, user_id, method, domain, status, expires_at, verified_at)
          VALUES (${tool.id}::uuid, ${maker.id}, 'meta_tag', ${tool.domain_key}, 'verified', now() + interval '1 day', now())`,
    );
    const res = await review(maker, tool.id, 5);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe(CONFLICT_MESSAGES.maker);
    const staff = await member(`someone-${Date.now()}@${tool.domain_key}`);
    const own = await review(staff, tool.id, 5);
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: string }).error).toBe(CONFLICT_MESSAGES.staff);
  });

  it("a second account signed in from the same public address is held, not listed, and shown to moderators with the reason; keep releases it", async () => {
    const [, tool] = await tools(2, 0);
    if (!tool) throw new Error("no tool");
    const first = await member();
    const second = await member();
    await server.services.db.execute(
      sql`UPDATE sessions SET ip_address = '203.0.113.9' WHERE user_id IN (${first.id}, ${second.id})`,
    );
    expect((await review(first, tool.id, 5)).status).toBe(201);
    const res = await review(second, tool.id, 5);
    expect(res.status).toBe(201);
    expect(await held(tool.id)).toBe(1);
    expect((await listed(tool.id)).total).toBe(1);
    const mine = (await (await second.client.fetch(`/api/tools/${tool.id}/reviews/mine`)).json()) as {
      review: { held: boolean; counted: boolean };
    };
    expect(mine.review).toMatchObject({ held: true, counted: false });
    const queue = (await (await admin.client.fetch("/api/admin/reviews/reported")).json()) as {
      reviews: { id: string; holdReason: string | null }[];
    };
    const item = queue.reviews.find((r) => r.holdReason?.startsWith("Related accounts"));
    expect(item?.holdReason).toContain("1 other reviewer of this tool");
    const kept = await admin.client.json(`/api/admin/reviews/${item?.id}/moderate`, "POST", { decision: "keep" });
    expect(kept.status).toBeLessThan(300);
    expect(await held(tool.id)).toBe(0);
    expect((await listed(tool.id)).total).toBe(2);
  });

  it(`${BURST_RULES.minReviews} reviews of one tool within ${BURST_RULES.windowHours} hours from accounts without a track record are all held`, async () => {
    const [, , tool] = await tools(3, 0);
    if (!tool) throw new Error("no tool");
    for (let i = 0; i < BURST_RULES.minReviews - 1; i++) {
      expect((await review(await member(), tool.id, 5)).status).toBe(201);
      clock.advance(60_000);
    }
    expect(await held(tool.id)).toBe(0);
    expect((await review(await member(), tool.id, 5)).status).toBe(201);
    expect(await held(tool.id)).toBe(BURST_RULES.minReviews);
    expect((await listed(tool.id)).total).toBe(0);
    const [row] = await queryRows<{ review_count: number }>(
      server.services.db,
      sql`SELECT review_count FROM tools WHERE id = ${tool.id}::uuid`,
    );
    expect(Number(row?.review_count)).toBe(0);
    clock.advance(2 * DAY);
  });

  it("reviews say what evidence they carry, and the list gives the spread of ratings", async () => {
    const [, , , tool] = await tools(4, 0);
    if (!tool) throw new Error("no tool");
    const a = await member();
    const b = await member();
    expect((await review(a, tool.id, 4, { usesAtWork: true })).status).toBe(201);
    expect((await review(b, tool.id, 2)).status).toBe(201);
    const page = await listed(tool.id);
    expect(page.distribution).toEqual([0, 1, 0, 1, 0]);
    const evidence = page.items.map((i) => i.evidence);
    expect(evidence).toContainEqual(
      expect.objectContaining({ emailVerified: true, trackRecord: false, usesAtWorkSelfDeclared: true }),
    );
    expect(evidence).toContainEqual(expect.objectContaining({ usesAtWorkSelfDeclared: false }));
    for (const e of evidence)
      expect(Object.keys(e).sort()).toEqual(["emailVerified", "memberSince", "trackRecord", "usesAtWorkSelfDeclared"]);
  });

  it(`a crowd without a track record weighs at most ${TRUST_RULES.unprovenCap} against a reviewer with one`, async () => {
    const [, , , , tool] = await tools(5, 0);
    if (!tool) throw new Error("no tool");
    const trusted = await member();
    await server.services.db.execute(
      sql`UPDATE users SET created_at = ${new Date(clock.now().getTime() - 60 * DAY).toISOString()}::timestamptz WHERE id = ${trusted.id}`,
    );
    await server.services.db.execute(
      sql`INSERT INTO corrections (tool_id, user_id, field, proposed_value, status)
          VALUES (${tool.id}::uuid, ${trusted.id}, 'website', 'https://example.org', 'verified')`,
    );
    expect((await review(trusted, tool.id, 5)).status).toBe(201);
    // Six accounts without a track record (TRUST_RULES.unprovenBase each at two days old: more than
    // the cap together), a day apart (under the burst rule), all 1 star.
    for (let i = 0; i < 6; i++) {
      clock.advance(DAY);
      expect((await review(await member(), tool.id, 1)).status).toBe(201);
    }
    const [row] = await queryRows<{ rating: number; review_count: number }>(
      server.services.db,
      sql`SELECT rating, review_count FROM tools WHERE id = ${tool.id}::uuid`,
    );
    // weight 1 at 5 stars + the crowd at its cap at 1 star, where a plain mean gives 1.6
    expect(Number(row?.review_count)).toBe(7);
    expect(Number(row?.rating)).toBeCloseTo((5 + TRUST_RULES.unprovenCap * 1) / (1 + TRUST_RULES.unprovenCap), 2);
  });
});
