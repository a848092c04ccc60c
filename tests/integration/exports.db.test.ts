import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_CSV_COLUMNS, BULK_EXPORT_RULE, type BulkRecord } from "../../server/modules/exports/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 34 item 5: what the exports contain. Standard's CSV holds the member's own lists (with notes,
 * in order), saved searches and a search's results; Expert's bulk export holds every active tool with
 * its plans, alternatives, sources and licences, as the allow-listing serializer publishes them, and
 * is counted per day.
 */
let server: TestServer;
let standard: Member;
let expert: Member;
const db = () => server.services.db;

beforeAll(async () => {
  server = await startTestServer();
  standard = await createMember(server, { tier: "standard" });
  expert = await createMember(server, { tier: "expert" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The body as sent, byte-order mark included (Response.text() drops it). */
const raw = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db(), q))[0]?.n ?? 0);

describe("Standard's CSV export", () => {
  it("exports the member's lists in order with their notes, and saved searches", async () => {
    const [a, b] = await queryRows<{ id: string; name: string }>(
      db(),
      sql`SELECT id::text AS id, name FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY slug LIMIT 2`,
    );
    const created = await standard.client.json("/api/top-lists", "POST", { title: "=Writing picks" });
    const list = ((await created.json()) as { topList: { id: string } }).topList;
    for (const [tool, note] of [
      [a, "first choice"],
      [b, "cheaper"],
    ] as const) {
      const res = await standard.client.json(`/api/top-lists/${list.id}/items`, "POST", { toolId: tool?.id, note });
      expect(res.status).toBe(201);
    }
    const res = await standard.client.fetch("/api/exports/lists");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const csv = await raw(res);
    expect(csv.startsWith("\uFEFFlist,visibility,list_url,position,tool,tool_url,category,note\r\n")).toBe(true);
    const rows = csv.trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(2);
    // A title a spreadsheet would run as a formula is written as text.
    expect(rows[0]).toMatch(/^'=Writing picks,private,,1,/);
    expect(rows[0]).toContain("first choice");
    expect(rows[1]).toContain("cheaper");

    expect(
      (await standard.client.json("/api/saved-searches", "POST", { name: "Video", query: "q=video" })).status,
    ).toBe(201);
    const searches = await (await standard.client.fetch("/api/exports/saved-searches")).text();
    expect(searches).toContain("Video,q=video,http");
  });

  it("exports a search's results in the page's order, and refuses a search that asks for nothing", async () => {
    const csv = await raw(await standard.client.fetch("/api/exports/search?q=image"));
    const rows = csv.trimEnd().split("\r\n");
    expect(rows[0]).toBe("\uFEFFrank,tool,tool_url,website,category,pricing,plans,rating,reviews,description");
    expect(rows.length).toBeGreaterThan(10);
    expect(rows[1]).toMatch(/^1,/);
    const empty = await standard.client.fetch("/api/exports/search");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: expect.stringContaining("Search for something first") });
    expect((await standard.client.fetch("/api/exports/everything")).status).toBe(400);
  });
});

describe("Expert's bulk export", () => {
  it("streams every active tool with plans, alternatives, sources and licences; no staff address", async () => {
    // A dataset fact whose recorded source names a person's address: it must not be published.
    const [tool] = await queryRows<{ id: string; slug: string }>(
      db(),
      sql`SELECT id::text AS id, slug FROM tools WHERE status = 'active' ORDER BY slug LIMIT 1`,
    );
    await db().execute(
      sql`INSERT INTO tool_facts (tool_id, field, kind, source, observed_at)
          VALUES (${tool?.id}::uuid, 'website_url', 'dataset', 'Import checked by staff.person@toolscape.example', now())
          ON CONFLICT (tool_id, field) DO UPDATE SET kind = 'dataset', source = EXCLUDED.source`,
    );
    const res = await expert.client.fetch("/api/exports/catalogue?format=jsonl");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/toolscape-catalogue-\d{4}-\d{2}-\d{2}\.jsonl/);
    expect(res.headers.get("link")).toContain('rel="license"');
    const body = await res.text();
    expect(body).not.toContain("staff.person@");
    const records = body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as BulkRecord);
    expect(records.length).toBe(await count(sql`SELECT count(*)::int AS n FROM tools WHERE status = 'active'`));
    // Ordered by slug, each once (the pages join without a gap or an overlap).
    const slugs = records.map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect([...slugs].sort()).toEqual(slugs);
    for (const r of records) {
      expect(r.licence).toMatch(/CC-BY-4.0/);
      expect(r.attribution.length).toBeGreaterThan(0);
      expect(Array.isArray(r.plans)).toBe(true);
      expect(Array.isArray(r.alternatives)).toBe(true);
    }
    // Expert sees every tier's tools in full; alternatives and plans are there where the catalogue has them.
    expect(records.every((r) => r.gated === false)).toBe(true);
    const withAlternatives = await count(
      sql`SELECT count(DISTINCT ta.tool_id)::int AS n FROM tool_alternatives ta JOIN tools t ON t.id = ta.tool_id
          WHERE t.status = 'active'`,
    );
    expect(records.filter((r) => r.alternatives.length > 0).length).toBe(withAlternatives);
  }, 180_000);

  it("as CSV: one header with plans and alternatives, then a row per tool", async () => {
    const res = await expert.client.fetch("/api/exports/catalogue?format=csv");
    expect(res.headers.get("content-type")).toContain("text/csv");
    const csv = await raw(res);
    expect(csv.startsWith(`\uFEFF${BULK_CSV_COLUMNS.join(",")}\n`)).toBe(true);
    expect(csv.split(`${BULK_CSV_COLUMNS.join(",")}\n`)).toHaveLength(2);
  }, 180_000);

  it("counts downloads per member per day: past the rule, 429 with Retry-After", async () => {
    const late = await createMember(server, { tier: "expert" });
    await db().execute(
      sql`INSERT INTO rate_limits (key, window_start, count, window_sec)
          VALUES (${`bulk-export:${late.id}`}, ${server.services.clock.now().toISOString()}::timestamptz,
                  ${BULK_EXPORT_RULE.max}, ${BULK_EXPORT_RULE.windowSec})`,
    );
    const res = await late.client.fetch("/api/exports/catalogue");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("10 downloads a day") });
    // The window is stored with the count, so pruning keeps it for the whole day.
    const [row] = await queryRows<{ window_sec: number }>(
      db(),
      sql`SELECT window_sec FROM rate_limits WHERE key = ${`bulk-export:${late.id}`}`,
    );
    expect(row?.window_sec).toBe(86_400);
  });
});

describe("Expert's reports", () => {
  it("a category's report: its tools with plans and prices, price changes with public sources, gone tools", async () => {
    const [changed, gone] = await queryRows<{ id: string; name: string }>(
      db(),
      sql`SELECT t.id::text AS id, t.name FROM tools t JOIN categories c ON c.id = t.category_id
          WHERE c.slug = 'writing' AND t.status = 'active' ORDER BY t.slug LIMIT 2`,
    );
    const yesterday = new Date(server.services.clock.now().getTime() - 86_400_000).toISOString();
    await db().execute(
      sql`INSERT INTO tool_fact_history (tool_id, field, old_value, new_value, kind, source, created_at) VALUES
          (${changed?.id}::uuid, 'pricing_model', '"free"'::jsonb, '"freemium"'::jsonb, 'editor', 'editor.person@toolscape.example', ${yesterday}::timestamptz),
          (${gone?.id}::uuid, 'status', '"active"'::jsonb, '"gone"'::jsonb, 'observed', 'link checker', ${yesterday}::timestamptz)`,
    );
    await db().execute(sql`UPDATE tools SET status = 'gone' WHERE id = ${gone?.id}::uuid`);
    const res = await expert.client.fetch("/api/reports/category/writing?days=30");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/toolscape-report-category-writing-/);
    const rows = (await raw(res)).trimEnd().split("\r\n");
    expect(rows[0]).toBe("\uFEFFsection,date,tool,tool_url,pricing,plans,price,rating,reviews,change,source");
    const tools = await count(
      sql`SELECT count(*)::int AS n FROM tools t JOIN categories c ON c.id = t.category_id
          WHERE c.slug = 'writing' AND t.status = 'active'`,
    );
    expect(rows.filter((r) => r.startsWith("tool,"))).toHaveLength(tools);
    const change = rows.find(
      (r) => r.startsWith("price change,") && r.includes("Pricing changed from Free to Freemium"),
    );
    expect(change).toContain(changed?.name ?? "?");
    expect(change).toContain("Toolscape editors");
    expect(rows.join("\n")).not.toContain("editor.person@");
    expect(rows.some((r) => r.startsWith("gone,") && r.includes(gone?.name ?? "?"))).toBe(true);
    await db().execute(sql`UPDATE tools SET status = 'active' WHERE id = ${gone?.id}::uuid`);
  });

  it("refuses Standard with the plan that has reports; unknown scopes and periods are named", async () => {
    const refused = await standard.client.fetch("/api/reports/category/writing");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: "Reports (CSV and print) is available for Expert members. Upgrade to get it.",
    });
    expect((await expert.client.fetch("/api/reports/category/no-such-category")).status).toBe(404);
    expect((await expert.client.fetch("/api/reports/task/no-such-task")).status).toBe(404);
    const days = await expert.client.fetch("/api/reports/category/writing?days=7");
    expect(days.status).toBe(400);
    expect(await days.json()).toMatchObject({ error: expect.stringContaining("30, 90 or 365") });
  });
});
