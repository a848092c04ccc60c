import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { changeAlertFor, dailyViews, getViewer, savedToolState } from "../../server/modules/accounts/index.ts";
import { getMyReview, listChoicesFor, myReviewMarksOnTool } from "../../server/modules/community/index.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * GET /api/me/page-state on a tool page reads the member's parts in one statement (plus their own
 * review): its answer must stay the one the separate module reads give (savedToolState,
 * listChoicesFor, getMyReview, myReviewMarksOnTool, dailyViews, changeAlertFor), for a member with
 * every part filled and for one with none, and badges are still announced once.
 */
let server: TestServer;
let alice: Member;
let bob: Member;
let fern: Member;
let toolId: string;
const TOOL = "midjourney";

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, fern] = await Promise.all([
    createMember(server, { tier: "standard", name: "Alice Parts-3301" }),
    createMember(server, { tier: "standard", name: "Bob Parts-3302" }),
    createMember(server, { name: "Fern Parts-3303" }),
  ]);
  const db = server.services.db;
  const [tool] = await queryRows(
    db,
    sql`SELECT id::text AS id FROM tools WHERE slug = ${TOOL}`,
    z.object({ id: z.string() }),
  );
  toolId = tool?.id ?? "";
  // Alice: saved and favourite, two lists (the tool in the second), her review, a helpful vote and
  // a report on Bob's reviews of this tool, a weekly alert, an unseen badge.
  await db.execute(sql`INSERT INTO saved_tools (user_id, tool_id, kind) VALUES
    (${alice.id}, ${toolId}::uuid, 'saved'), (${alice.id}, ${toolId}::uuid, 'favorite')`);
  const lists = await queryRows(
    db,
    sql`INSERT INTO top_lists (user_id, slug, title, created_at) VALUES
      (${alice.id}, 'first-3301', 'First list', now() - interval '1 hour'), (${alice.id}, 'second-3301', 'Second list', now())
      RETURNING id::text AS id, slug`,
    z.object({ id: z.string(), slug: z.string() }),
  );
  const second = lists.find((l) => l.slug === "second-3301")?.id ?? "";
  await db.execute(
    sql`INSERT INTO top_list_items (list_id, tool_id, position) VALUES (${second}::uuid, ${toolId}::uuid, 1)`,
  );
  await db.execute(sql`INSERT INTO reviews (tool_id, user_id, rating, comment) VALUES
    (${toolId}::uuid, ${alice.id}, 4, 'Alice review of the tool, long enough to be a review.'),
    (${toolId}::uuid, ${bob.id}, 2, 'Bob review of the tool, long enough to be a review too.')`);
  const [bobs] = await queryRows(
    db,
    sql`SELECT id::text AS id FROM reviews WHERE user_id = ${bob.id}`,
    z.object({ id: z.string() }),
  );
  await db.execute(sql`INSERT INTO review_votes (review_id, user_id) VALUES (${bobs?.id}::uuid, ${alice.id})`);
  await db.execute(
    sql`INSERT INTO review_reports (review_id, user_id, reason) VALUES (${bobs?.id}::uuid, ${alice.id}, 'spam')`,
  );
  await db.execute(
    sql`INSERT INTO tool_change_alerts (user_id, tool_id, frequency) VALUES (${alice.id}, ${toolId}::uuid, 'weekly')`,
  );
  await db.execute(sql`INSERT INTO member_badges (user_id, badge) VALUES (${alice.id}, 'pioneer')`);
  // Fern (free) opened this tool today: her views count.
  await db.execute(
    sql`INSERT INTO daily_tool_views (subject, day, tool_id) VALUES (${`user:${fern.id}`}, ${new Date().toISOString().slice(0, 10)}::date, ${toolId}::uuid)`,
  );
});
afterAll(async () => {
  await server?.close();
});

type Parts = {
  newBadges: string[];
  tool: {
    id: string;
    saved: unknown;
    listChoices: unknown;
    views: { used: number; limit: number } | null;
    mine: unknown;
    marks: { helpful: string[]; reported: string[] };
    alert: { entitled: boolean; saved: boolean; frequency: unknown } | null;
  } | null;
};

async function partsOf(m: Member, path = `/tools/${TOOL}`): Promise<Parts> {
  const res = await m.client.fetch(`/api/me/page-state?path=${encodeURIComponent(path)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Parts;
}

async function expected(db: Db, m: Member) {
  const viewer = await getViewer(
    server.services,
    new Request(server.url, { headers: { cookie: m.client.cookieHeader } }),
  );
  if (!viewer) throw new Error("no viewer");
  const limit = viewer.limit("daily_tool_views");
  const saved = await savedToolState(db, m.id, toolId);
  return {
    id: toolId,
    saved,
    listChoices: await listChoicesFor(db, viewer, toolId),
    views: limit === null ? null : { used: await dailyViews(db, `user:${m.id}`, server.services.clock.now()), limit },
    mine: await getMyReview(db, m.id, toolId, server.services.clock.now()),
    marks: await myReviewMarksOnTool(db, m.id, toolId),
    alert: {
      entitled: viewer.can("change_alerts"),
      saved: saved.saved || saved.favorite,
      frequency: await changeAlertFor(db, m.id, toolId),
    },
  };
}

describe("GET /api/me/page-state in one statement", () => {
  it("answers what the separate reads answer, for a member with every part and for members with none", async () => {
    const db = server.services.db;
    for (const m of [alice, bob, fern]) {
      const parts = await partsOf(m);
      const want = JSON.parse(JSON.stringify(await expected(db, m)));
      expect(parts.tool, m.name).toEqual(want);
    }
    const a = await partsOf(alice);
    expect(a.tool?.saved).toEqual({ saved: true, favorite: true });
    expect((a.tool?.listChoices as { lists: { title: string; has: boolean }[] } | undefined)?.lists).toEqual([
      expect.objectContaining({ title: "First list", has: false }),
      expect.objectContaining({ title: "Second list", has: true }),
    ]);
    expect(a.tool?.marks.helpful).toHaveLength(1);
    expect(a.tool?.marks.reported).toHaveLength(1);
    expect(a.tool?.alert?.frequency).toBe("weekly");
    expect(a.tool?.mine).toMatchObject({ rating: 4 });
    const f = await partsOf(fern);
    expect(f.tool?.views?.used).toBeGreaterThanOrEqual(1);
  });

  it("announces an unseen badge once, on a tool page as elsewhere; no tool parts off a tool page or for an unknown tool", async () => {
    await server.services.db.execute(
      sql`INSERT INTO member_badges (user_id, badge) VALUES (${bob.id}, 'pioneer') ON CONFLICT DO NOTHING`,
    );
    const first = await partsOf(bob);
    expect(first.newBadges).toHaveLength(1);
    expect((await partsOf(bob)).newBadges).toEqual([]);
    await server.services.db.execute(sql`UPDATE member_badges SET seen_at = NULL WHERE user_id = ${bob.id}`);
    const home = await partsOf(bob, "/");
    expect(home.newBadges).toEqual(first.newBadges);
    expect(home.tool).toBeNull();
    expect((await partsOf(bob, "/tools/no-such-tool-3304")).tool).toBeNull();
  });
});
