import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolNotes } from "../../server/modules/catalog/index.ts";
import { TRENDING_JOB } from "../../server/modules/community/index.ts";
import { createTestClock, DAY_MS, type TestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, establishMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Trending (issue 11 item 7): real saves (POST /api/saved-tools), outbound clicks
 * (POST /api/analytics/tool-click from different visitors) and page views (the view tally) this
 * week against last week, computed by the hourly durable job at the test clock's time.
 */

type Tool = { id: string; slug: string; name: string; category_id: number; category: string };
type Trending = {
  trendingTools: { slug: string; reason: string; context: string; score: number }[];
  computedAt: string | null;
};

let server: TestServer;
let clock: TestClock;
let members: Member[];
let tools: Record<"newSaves" | "risingSaves" | "fewSaves" | "clicks" | "viewsOnly", Tool>;

beforeAll(async () => {
  // The endpoints stamp rows with the database's clock (real time); the job's clock stands an hour later.
  clock = createTestClock(new Date(Date.now() + 3_600_000));
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1" } });
  // Saves count from accounts that pass the reviews' gate (a day old, address confirmed; issue 31).
  members = [];
  for (let i = 0; i < 9; i++) {
    members.push(await establishMember(server, await createMember(server, { name: `Fan ${i}` }), clock.now()));
  }
  const rows = await queryRows<Tool>(
    server.services.db,
    sql`SELECT t.id, t.slug, t.name, t.category_id, c.name AS category FROM tools t JOIN categories c ON c.id = t.category_id
        WHERE t.status = 'active' ORDER BY t.name LIMIT 5`,
  );
  const [a, b, c, d, e] = rows as [Tool, Tool, Tool, Tool, Tool];
  tools = { newSaves: a, risingSaves: b, fewSaves: c, clicks: d, viewsOnly: e };
});
afterAll(async () => {
  await server?.close();
});

const save = async (m: Member, tool: Tool) => {
  const res = await m.client.json("/api/saved-tools", "POST", { tool_id: tool.slug });
  expect(res.status).toBeLessThan(300);
};
const trending = async (path = "/api/community/trending") =>
  (await (await new Client(server).fetch(path)).json()) as Trending;

describe("trending", () => {
  it("is honestly empty before anything happened", async () => {
    await server.services.jobs.runDue();
    const body = await trending();
    expect(body.trendingTools).toEqual([]);
  });

  it("ranks tools whose people-counted signals rose, with the reason in words, and ignores low volumes", async () => {
    const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = members as [
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
    ];
    // Last week: three members saved the rising tool (their rows aged by 8 days).
    for (const m of [m6, m7, m8]) await save(m, tools.risingSaves);
    await server.services.db.execute(
      sql`UPDATE saved_tools SET created_at = created_at - interval '8 days' WHERE tool_id = ${tools.risingSaves.id}::uuid`,
    );
    // This week: six members save it (100 % up), four save a tool nobody saved before, two save another.
    for (const m of [m0, m1, m2, m3, m4, m5]) await save(m, tools.risingSaves);
    for (const m of [m0, m1, m2, m3]) await save(m, tools.newSaves);
    for (const m of [m4, m5]) await save(m, tools.fewSaves);
    // Ten different visitors click through to one tool; one visitor clicking again adds nothing.
    for (let i = 0; i < 10; i++) {
      const visitor = new Client(server, `192.0.2.${i + 1}`);
      const res = await visitor.json("/api/analytics/tool-click", "POST", {
        toolId: tools.clicks.slug,
        source: "detail",
      });
      expect(res.status).toBe(200);
    }
    await new Client(server, "192.0.2.1").json("/api/analytics/tool-click", "POST", { toolId: tools.clicks.slug });
    // Five brand-new accounts save the views-only tool: not a signal (issue 31), so it does not trend.
    for (let i = 0; i < 5; i++) await save(await createMember(server, { name: `New ${i}` }), tools.viewsOnly);
    // Three hundred page loads (one visitor could do that): views alone never make a tool trend.
    for (let i = 0; i < 300; i++) server.services.tallies.toolViews.record(tools.viewsOnly.slug);
    await server.services.tallies.flushAll();

    // The recurring job is due again an hour later.
    clock.advance(3_600_000);
    await server.services.jobs.runDue();
    const body = await trending();
    expect(body.computedAt).toBe(clock.now().toISOString());
    expect(body.trendingTools.map((t) => [t.slug, t.reason, t.context])).toEqual([
      [tools.newSaves.slug, "saves", "New: 4 saves this week"],
      [tools.clicks.slug, "clicks", "New: 10 visits to its site this week"],
      [tools.risingSaves.slug, "saves", "Saves up 100 % this week"],
    ]);
    // below the minimum volume (2 saves) and views only: not trending
    const slugs = body.trendingTools.map((t) => t.slug);
    expect(slugs).not.toContain(tools.fewSaves.slug);
    expect(slugs).not.toContain(tools.viewsOnly.slug);
    const [job] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE type = ${TRENDING_JOB} AND status = 'pending'`,
    );
    expect(job?.n).toBe(1);
  });

  it("marks cards and the tool-of-the-day note from the stored ranking", async () => {
    const detail = (await (await new Client(server).fetch(`/api/tools/${tools.newSaves.slug}`)).json()) as {
      tool: { is_trending: boolean };
    };
    expect(detail.tool.is_trending).toBe(true);
    const calm = (await (await new Client(server).fetch(`/api/tools/${tools.fewSaves.slug}`)).json()) as {
      tool: { is_trending: boolean };
    };
    expect(calm.tool.is_trending).toBe(false);
    const notes = await toolNotes(server.services.db, tools.newSaves);
    expect(notes.trending).toBe("Trending #1 this week: New: 4 saves this week.");
    expect((await toolNotes(server.services.db, tools.fewSaves)).trending).toBeNull();
  });

  it("serves the admin path to admins only", async () => {
    expect((await new Client(server).fetch("/api/admin/trending")).status).toBe(401);
    expect((await members[0]?.client.fetch("/api/admin/trending"))?.status).toBe(403);
    expect((await new Client(server).fetch("/api/community/trending?limit=0")).status).toBe(400);
  });

  it("a week later the same activity is last week's: nothing trends until people come back", async () => {
    clock.advance(8 * DAY_MS);
    await server.services.jobs.runDue();
    expect((await trending()).trendingTools).toEqual([]);
  });
});
