import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ATTACK_LIMITS,
  type AttackKind,
  type AttackResult,
  BURST_RULES,
  listTrending,
  recomputeTrending,
  refreshRatings,
  saveReview,
} from "../../server/modules/community/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The attack we resist (issue 35, ADR 0069), measured: a seeded category with honest reviews, then
 * N = 10, 50 and 200 fake accounts — a year old and e-mail-verified, since buying aged accounts is
 * cheap — give an obscure tool 5 stars and its category's leader 1 star, three ways:
 * - burst: all in one hour;
 * - paced: one account every windowHours / (minReviews − 1) hours, just under the burst rule;
 * - related: paced, but ten accounts per public address (one person, several accounts).
 * The figures are deterministic (a test clock, a fixed seed); they are committed in
 * server/modules/community/attack-results.json, printed on /how-we-rank and in docs/benchmarks.md.
 * UPDATE_ATTACK_RESULTS=1 rewrites the file after a rule change (then update the docs' table).
 */

const RESULTS_FILE = path.resolve("server/modules/community/attack-results.json");
const DAY = 86_400_000;
const HOUR = 3_600_000;
const clock = createTestClock("2026-03-02T12:00:00.000Z");
let server: TestServer;
let category: string;
let target: { id: string; slug: string };
let rival: { id: string; slug: string };
const results: AttackResult[] = [];

async function insertUser(opts: { ageDays: number; trackRecord: boolean; ip?: string }): Promise<string> {
  const { db } = server.services;
  const id = randomUUID();
  const created = new Date(clock.now().getTime() - opts.ageDays * DAY).toISOString();
  await db.execute(
    sql`INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
        VALUES (${id}, ${`Reviewer ${id.slice(0, 6)}`}, ${`${id}@example.org`}, true, ${created}::timestamptz, ${created}::timestamptz)`,
  );
  if (opts.trackRecord) {
    await db.execute(
      sql`INSERT INTO corrections (tool_id, user_id, field, proposed_value, status, created_at)
          VALUES (${target.id}::uuid, ${id}, 'website', 'https://example.org', 'verified', ${created}::timestamptz)`,
    );
  }
  if (opts.ip) {
    await db.execute(
      sql`INSERT INTO sessions (id, token, user_id, expires_at, ip_address, created_at, updated_at)
          VALUES (${randomUUID()}, ${randomUUID()}, ${id}, ${new Date(clock.now().getTime() + 30 * DAY).toISOString()}::timestamptz,
                  ${opts.ip}, ${clock.now().toISOString()}::timestamptz, ${clock.now().toISOString()}::timestamptz)`,
    );
  }
  return id;
}

async function insertReview(userId: string, toolId: string, rating: number, ageDays: number): Promise<void> {
  const at = new Date(clock.now().getTime() - ageDays * DAY).toISOString();
  await server.services.db.execute(
    sql`INSERT INTO reviews (tool_id, user_id, rating, comment, created_at, updated_at)
        VALUES (${toolId}::uuid, ${userId}, ${rating}, 'Honest review from the seeded catalogue.', ${at}::timestamptz, ${at}::timestamptz)`,
  );
}

/**
 * A GET after a long stretch of module calls: the server may have closed the idle kept-alive
 * connection the client reuses (ADR 0057), which is not what this test is about, so one retry.
 */
async function get(pathname: string): Promise<Response> {
  try {
    return await new Client(server).fetch(pathname);
  } catch {
    return new Client(server).fetch(pathname);
  }
}

type Card = { slug: string; rating: number; featured: boolean };
async function topRated(): Promise<Card[]> {
  const res = await get(`/api/tools?category=${category}&sort=rating-desc&limit=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { tools: Card[] }).tools;
}

async function standing() {
  const list = await topRated();
  const rank = (slug: string) => list.findIndex((t) => t.slug === slug) + 1;
  const rivalCard = list.find((t) => t.slug === rival.slug);
  return { targetRank: rank(target.slug), rivalRank: rank(rival.slug), rivalRating: Number(rivalCard?.rating ?? 0) };
}

async function settle(): Promise<void> {
  await refreshRatings(server.services.db, clock.now());
  await recomputeTrending(server.services.db, clock.now());
}

async function attack(kind: AttackKind, n: number): Promise<AttackResult> {
  const { db } = server.services;
  await settle();
  const before = await standing();
  const deps = { db, activity: server.services.activity, clock, jobs: server.services.jobs };
  const attackers: string[] = [];
  for (let i = 0; i < n; i++) {
    const ip =
      kind === "related" ? `203.0.113.${Math.floor(i / 10) + 1}` : `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    attackers.push(await insertUser({ ageDays: 365, trackRecord: false, ip }));
  }
  const step = kind === "burst" ? HOUR / n : (BURST_RULES.windowHours / (BURST_RULES.minReviews - 1)) * HOUR + 60_000;
  for (const id of attackers) {
    await saveReview(
      deps,
      { id, label: "attacker" },
      {
        tool: target.id,
        rating: 5,
        comment: "Best tool I have ever used, five stars.",
        usesAtWork: true,
      },
    );
    await saveReview(
      deps,
      { id, label: "attacker" },
      {
        tool: rival.id,
        rating: 1,
        comment: "Terrible, switched away after a day.",
        usesAtWork: true,
      },
    );
    clock.advance(step);
  }
  await settle();
  const after = await standing();
  const ids = sql.join(
    attackers.map((a) => sql`${a}`),
    sql`, `,
  );
  const [held] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM reviews WHERE user_id IN (${ids}) AND held_at IS NOT NULL`,
  );
  const featured = await get("/api/tools?featured=true&limit=100");
  const featuredSlugs = ((await featured.json()) as { tools: Card[] }).tools.map((t) => t.slug);
  const trending = (await listTrending(db, 50)).map((t) => t.slug);
  const home = await (await get("/")).text();
  const result: AttackResult = {
    attack: kind,
    accounts: n,
    held: Number(held?.n ?? 0),
    reviews: 2 * n,
    targetRankBefore: before.targetRank,
    targetRankAfter: after.targetRank,
    rivalRankBefore: before.rivalRank,
    rivalRankAfter: after.rivalRank,
    rivalRatingBefore: before.rivalRating,
    rivalRatingAfter: after.rivalRating,
    featured: featuredSlugs.includes(target.slug),
    trending: trending.includes(target.slug),
    home: home.includes(`/tools/${target.slug}"`),
    days: Math.round(((attackers.length * step) / DAY) * 10) / 10,
  };
  // The next attack starts from the same catalogue.
  await db.execute(sql`DELETE FROM reviews WHERE user_id IN (${ids})`);
  clock.advance(8 * DAY);
  await settle();
  return result;
}

beforeAll(async () => {
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  const { db } = server.services;
  const [c] = await queryRows<{ id: number; slug: string }>(
    db,
    sql`SELECT c.id, c.slug FROM categories c JOIN tools t ON t.category_id = c.id AND t.status = 'active'
        GROUP BY c.id, c.slug ORDER BY count(*) DESC, c.slug LIMIT 1`,
  );
  if (!c) throw new Error("no category");
  category = c.slug;
  const tools = await queryRows<{ id: string; slug: string }>(
    db,
    sql`SELECT id::text AS id, slug FROM tools WHERE status = 'active' AND category_id = ${c.id} AND NOT is_featured
        ORDER BY slug LIMIT 24`,
  );
  // Seed: 24 tools with 2–9 honest reviews each from members with a track record (means from 3.0 to
  // 4.7), plus two honest reviews from members without one on every third tool.
  target = tools[17] as { id: string; slug: string };
  rival = tools[3] as { id: string; slug: string };
  const honest: string[] = [];
  for (let i = 0; i < 40; i++) honest.push(await insertUser({ ageDays: 400, trackRecord: true }));
  const casual: string[] = [];
  for (let i = 0; i < 16; i++) casual.push(await insertUser({ ageDays: 90, trackRecord: false }));
  for (const [i, tool] of tools.entries()) {
    const count = tool === target ? 2 : 2 + ((i * 5) % 8);
    const mean = tool === rival ? 4.6 : tool === target ? 3.5 : 3 + ((i * 7) % 18) / 10;
    for (let k = 0; k < count; k++) {
      const stars = Math.max(1, Math.min(5, Math.round(mean + (k % 2 === 0 ? 0.4 : -0.4))));
      await insertReview(honest[(i + k * 3) % honest.length] as string, tool.id, stars, 30 + ((i + k) % 60));
    }
    if (i % 3 === 0) {
      for (let k = 0; k < 2; k++) await insertReview(casual[(i + k) % casual.length] as string, tool.id, 4, 20);
    }
  }
  await settle();
}, 300_000);

afterAll(async () => {
  await server?.close();
});

describe("the rating attack (issue 35)", () => {
  it("N = 10, 50, 200 fake accounts: the target gains at most a few ranks, never Featured, trending or the home page; the rival's rating drops at most the stated amount", async () => {
    for (const kind of ["burst", "paced", "related"] as const) {
      for (const n of [10, 50, 200]) results.push(await attack(kind, n));
    }
    if (process.env.UPDATE_ATTACK_RESULTS === "1") writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    for (const r of results) {
      const name = `${r.attack} ${r.accounts}`;
      expect(r.targetRankBefore - r.targetRankAfter, `${name}: rank gain`).toBeLessThanOrEqual(
        ATTACK_LIMITS.maxRankGain,
      );
      expect(r.featured || r.trending || r.home, `${name}: featured/trending/home`).toBe(false);
      expect(r.rivalRatingBefore - r.rivalRatingAfter, `${name}: rival drop`).toBeLessThanOrEqual(
        ATTACK_LIMITS.maxRivalDrop,
      );
    }
    // The published numbers are this run's: a rule change that moves them fails here until they are rewritten.
    expect(JSON.parse(readFileSync(RESULTS_FILE, "utf8"))).toEqual(results);
  }, 900_000);
});
