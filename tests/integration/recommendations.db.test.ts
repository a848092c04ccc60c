// engine: both — nearest neighbours over stored vectors (the vector extension, or the exact scan).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWeeklyRecommendations, WEEKLY_RECOMMENDATIONS_JOB } from "../../server/modules/insights/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import type { Mailer, MailMessage } from "../../server/platform/mail.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * AI recommendations (issue 34 item 4, ADR 0080) over real HTTP: "For you" from a member's saves,
 * lists, views and saved searches with a reason per tool (Standard+), Expert's stack for tasks and a
 * budget, and the opt-in weekly mail of new tools that fit. The tool vectors are the stored ones (the
 * seed ships them) and a saved search is read through the tasks and the text index, so no sentence
 * encoder runs in this file.
 */
let server: TestServer;
let free: Member;
let standard: Member;
let expert: Member;

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const toolId = async (slug: string) => {
  const [row] = await queryRows<{ id: string }>(
    server.services.db,
    sql`SELECT id::text AS id FROM tools WHERE slug = ${slug}`,
  );
  if (!row) throw new Error(`no tool ${slug}`);
  return row.id;
};

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  free = await createMember(server, { tier: "free" });
  standard = await createMember(server, { tier: "standard" });
  expert = await createMember(server, { tier: "expert" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("For you (basic_ai_recommendations)", () => {
  it("asks a visitor to sign in and tells a Free member which plan has it", async () => {
    const visitor = await new Client(server).fetch("/for-you");
    expect(visitor.status).toBe(401);
    expect(await text(visitor)).toContain("sign in");
    const res = await free.client.fetch("/for-you");
    expect(res.status).toBe(403);
    expect(await text(res)).toContain("AI recommendations is available for Standard and Expert members.");
  });

  it("says honestly that there is nothing yet before a member has any signal", async () => {
    const res = await standard.client.fetch("/for-you");
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("Nothing to recommend yet");
  });

  it("recommends from saves, lists and saved searches, each with its reason, never a saved tool", async () => {
    const c = standard.client;
    expect((await c.json("/api/saved-tools", "POST", { tool_id: await toolId("midjourney") })).status).toBeLessThan(
      300,
    );
    const list = await c.json("/api/top-lists", "POST", { title: "Writing kit" });
    const { topList } = (await list.json()) as { topList: { id: string } };
    expect(
      (await c.json(`/api/top-lists/${topList.id}/items`, "POST", { toolId: await toolId("chatgpt") })).status,
    ).toBeLessThan(300);
    expect(
      (await c.json("/api/saved-searches", "POST", { name: "Voice", query: "q=transcribe audio" })).status,
    ).toBeLessThan(300);
    const res = await c.fetch("/for-you");
    expect(res.status).toBe(200);
    const html = await text(res);
    const cards = html.split('data-testid="recommendation"').slice(1);
    expect(cards.length).toBeGreaterThanOrEqual(6);
    for (const card of cards)
      expect(card).toMatch(/Why: (Because you saved|Because .+ is in your list|Matches your search)/);
    expect(html).toContain("Because you saved Midjourney");
    expect(html).toContain("Matches your search “transcribe audio”");
    // What the member saved or listed is never recommended back.
    expect(cards.some((card) => card.includes('href="/tools/midjourney"'))).toBe(false);
    expect(cards.some((card) => card.includes('href="/tools/chatgpt"'))).toBe(false);
    // Standard hears which plan has the stack and the weekly e-mail; the server refuses the setting.
    expect(html).toContain("are available for Expert members.");
    const mail = await c.form("/for-you", { weekly: "on" });
    expect(mail.status).toBe(403);
    expect(await text(mail)).toContain("Expert");
  });
});

describe("Expert: stack and weekly e-mail (advanced_ai_recommendations)", () => {
  it("recommends one tool per task within the budget, and says when a price is unknown", async () => {
    // A stated USD plan on one writing tool and none on the others: the price is known only for it.
    const [pick] = await queryRows<{ id: string; name: string }>(
      server.services.db,
      sql`SELECT t.id::text AS id, t.name FROM task_tools tt JOIN tools t ON t.id = tt.tool_id
           WHERE tt.task_slug = 'improve-grammar-and-spelling' AND tt.status <> 'rejected' AND t.status = 'active'
           ORDER BY (tt.status = 'accepted') DESC, tt.score DESC LIMIT 1`,
    );
    if (!pick) throw new Error("no grammar tool");
    await server.services.db.execute(
      sql`UPDATE tools SET plans = '[{"name":"Pro","price":12,"currency":"USD","period":"month","per_seat":false,"min_seats":null,"max_seats":null,"contact_sales":false,"quota":null,"overage":null,"free_tier":null}]'::jsonb
          WHERE id = ${pick.id}::uuid`,
    );
    const res = await expert.client.fetch(
      "/for-you?tasks=improve-grammar-and-spelling&tasks=write-a-blog-post&budget=15",
    );
    expect(res.status).toBe(200);
    const html = await text(res);
    const stack = html.slice(html.indexOf('data-testid="stack"'));
    expect(stack).toContain("Improve grammar and spelling");
    expect(stack).toContain("Write a blog post");
    expect(stack).toContain(pick.name);
    expect(stack).toContain("from $12 a month");
    expect(stack).toMatch(/Known cost: \$12 a month of your \$15/);
    // With $5 nothing with a stated price fits the grammar task: the pick says its price is unknown.
    const tight = await text(await expert.client.fetch("/for-you?tasks=improve-grammar-and-spelling&budget=5"));
    expect(tight.slice(tight.indexOf('data-testid="stack"'))).toMatch(
      /price unknown|No tool for this task has a stated price/,
    );
  });

  it("refuses bad input with a clear 400", async () => {
    const none = await expert.client.fetch("/for-you?budget=10");
    expect(none.status).toBe(400);
    expect(await text(none)).toContain("Pick at least one task");
    const negative = await expert.client.fetch("/for-you?tasks=write-a-blog-post&budget=-3");
    expect(negative.status).toBe(400);
    expect(await text(negative)).toContain("The budget cannot be negative");
    const bad = await expert.client.form("/for-you", { weekly: "sometimes" });
    expect(bad.status).toBe(400);
  });

  it("mails opted-in members the new tools that fit, once a week, and nothing when none fits", async () => {
    const { db } = server.services;
    expect(server.services.jobs.recurringTypes()).toContain(WEEKLY_RECOMMENDATIONS_JOB);
    expect(
      (await expert.client.json("/api/saved-tools", "POST", { tool_id: await toolId("midjourney") })).status,
    ).toBeLessThan(300);
    const on = await expert.client.form("/for-you", { weekly: "on" });
    expect(on.status).toBe(303);
    expect(on.headers.get("location")).toBe("/for-you?mail=on#weekly");
    expect(await text(await expert.client.fetch("/for-you"))).toContain("You get this e-mail.");

    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: "outbox",
      send: async (m) => {
        sent.push(m);
        return { id: String(sent.length) };
      },
    };
    const deps = { db, mailer, env: server.services.env };
    const now = server.services.clock.now();
    // Only seed tools so far: nothing new, no mail.
    expect(await runWeeklyRecommendations(deps, now)).toEqual({ sent: 0, skipped: 1 });

    // The member's first recommendation is published this week.
    const page = await text(await expert.client.fetch("/for-you"));
    const slug = /data-testid="recommendation"[\s\S]*?href="\/tools\/([^"]+)"/.exec(page)?.[1];
    if (!slug) throw new Error("no recommendation");
    await db.execute(
      sql`UPDATE tools SET import_id = NULL, published_at = ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz
          WHERE slug = ${slug}`,
    );
    expect((await runWeeklyRecommendations(deps, now)).sent).toBe(1);
    const [message] = sent;
    expect(message?.to).toBe(expert.email);
    expect(message?.subject).toMatch(/new tools? for you this week/);
    expect(message?.text).toContain(`/tools/${slug}`);
    expect(message?.text).toContain("Because you saved Midjourney");
    // The same week again: claimed, not sent twice. Opted out: never.
    expect((await runWeeklyRecommendations(deps, now)).sent).toBe(0);
    expect((await expert.client.form("/for-you", { weekly: "off" })).status).toBe(303);
    expect((await runWeeklyRecommendations(deps, new Date(now.getTime() + 7 * 86_400_000))).sent).toBe(0);
    expect(sent).toHaveLength(1);
  });
});
