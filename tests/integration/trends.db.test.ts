import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Advanced analytics (issue 34 item 9, ADR 0080) over real HTTP: Expert's trends page with rising
 * tools and tasks, price movements by category and what members like you save, as server-rendered
 * SVG charts with a title, a description and a data table; aggregate only, "members like you" from
 * five members on; an upgrade prompt below Expert.
 */
let server: TestServer;
let standard: Member;
let expert: Member;

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const idOf = async (slug: string) => {
  const [row] = await queryRows<{ id: string }>(
    server.services.db,
    sql`SELECT id::text AS id FROM tools WHERE slug = ${slug}`,
  );
  if (!row) throw new Error(`no tool ${slug}`);
  return row.id;
};

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  standard = await createMember(server, { tier: "standard" });
  expert = await createMember(server, { tier: "expert" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("trends (advanced_analytics)", () => {
  it("asks a visitor to sign in and tells Standard which plan has it", async () => {
    expect((await new Client(server).fetch("/insights")).status).toBe(401);
    const res = await standard.client.fetch("/insights");
    expect(res.status).toBe(403);
    expect(await text(res)).toContain("Advanced analytics is available for Expert members.");
  });

  it("charts rising tools and tasks and price movements as accessible SVG with a data table", async () => {
    const { db } = server.services;
    const today = server.services.clock.now().toISOString().slice(0, 10);
    const midjourney = await idOf("midjourney");
    // Views per day: far more in the last 14 days than in the 14 before.
    await db.execute(
      sql`INSERT INTO tool_view_days (day, tool_id, count) VALUES
            (${today}::date - 2, ${midjourney}::uuid, 40), (${today}::date - 20, ${midjourney}::uuid, 5)
          ON CONFLICT (day, tool_id) DO UPDATE SET count = excluded.count`,
    );
    // A later plan change (the entry price rises) in the facts history.
    await db.execute(
      sql`INSERT INTO tool_fact_history (tool_id, field, old_value, new_value, kind, source, created_at) VALUES
            (${midjourney}::uuid, 'plans',
             '[{"name":"Basic","price":10,"currency":"USD","period":"month"}]'::jsonb,
             '[{"name":"Basic","price":12,"currency":"USD","period":"month"}]'::jsonb,
             'editor', 'Toolscape editors', now() - interval '3 days')`,
    );
    const res = await expert.client.fetch("/insights");
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Rising tools");
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toContain("<title");
    expect(html).toContain("<desc");
    expect(html).toContain("Data table: Rising tools");
    expect(html).toMatch(/Midjourney<\/a> \(5 → 40\)/);
    expect(html).toContain("Data table: Rising tasks");
    expect(html).toContain("Data table: Price movements by category");
    // No script is needed: the page's charts are in the HTML as sent.
    expect(html).toMatch(/<rect[^>]+width="[1-9]/);
  });

  it("shows what members like you save only from five members on, and only tools two of them saved", async () => {
    const { db } = server.services;
    const [midjourney, other] = [await idOf("midjourney"), await idOf("chatgpt")];
    expect((await expert.client.json("/api/saved-tools", "POST", { tool_id: midjourney })).status).toBeLessThan(300);
    const page = async () => text(await expert.client.fetch("/insights"));
    expect(await page()).toContain("Fewer than 5 members share a saved tool with you yet");
    // Five other members (rows, not sign-ups: sign-up is rate-limited per address).
    const others = [0, 1, 2, 3, 4].map((i) => ({ id: `like-you-${i}`, email: `like-you-${i}@example.com` }));
    for (const m of others) {
      await db.execute(sql`INSERT INTO users (id, name, email) VALUES (${m.id}, ${`Member ${m.id}`}, ${m.email})`);
    }
    for (const [i, m] of others.entries()) {
      await db.execute(
        sql`INSERT INTO saved_tools (user_id, tool_id, kind) VALUES (${m.id}, ${midjourney}::uuid, 'saved')`,
      );
      if (i < 3)
        await db.execute(
          sql`INSERT INTO saved_tools (user_id, tool_id, kind) VALUES (${m.id}, ${other}::uuid, 'saved')`,
        );
    }
    // A tool one member alone saved is not shown.
    const [lonely] = await queryRows<{ id: string }>(db, sql`SELECT id::text AS id FROM tools WHERE slug = 'claude'`);
    await db.execute(
      sql`INSERT INTO saved_tools (user_id, tool_id, kind) VALUES (${others[0]?.id}, ${lonely?.id}::uuid, 'saved')`,
    );
    const html = await page();
    const section = html.slice(html.indexOf('data-testid="members-like-you"'));
    expect(section).toContain("ChatGPT</a> — saved by 3 of them");
    expect(section).not.toContain('href="/tools/claude"');
    expect(html).toContain("of the 5 members who saved a tool you saved");
    // Nobody's e-mail or name is on the page.
    for (const m of others) expect(html).not.toContain(m.email);
  });
});
