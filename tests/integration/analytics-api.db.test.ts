import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.close();
});

const post = async (body: unknown, raw = false, client = "203.0.113.1") => {
  const res = await server.get("/api/analytics/tool-click", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; error?: string } };
};
const tool = async (slug: string) => {
  const [row] = await queryRows<{ id: string; clicks: number; website_url: string }>(
    server.services.db,
    sql`SELECT id, clicks, website_url FROM tools WHERE slug = ${slug}`,
  );
  if (!row) throw new Error(`no tool ${slug}`);
  return row;
};
const events = (toolId: string) =>
  queryRows<{ source: string; destination: string }>(
    server.services.db,
    sql`SELECT source, destination FROM tool_events WHERE tool_id = ${toolId}::uuid ORDER BY id`,
  );

describe("POST /api/analytics/tool-click", () => {
  it("accepts a client's repeated clicks on a tool but counts them once per 10 minutes", async () => {
    const t = await tool("stable-diffusion");
    for (let i = 0; i < 5; i++) expect((await post({ toolId: t.id }, false, "203.0.113.50")).status).toBe(200);
    expect((await tool("stable-diffusion")).clicks).toBe(t.clicks + 1);
    expect(await events(t.id)).toHaveLength(1);
    await post({ toolId: t.id }, false, "203.0.113.51");
    expect((await tool("stable-diffusion")).clicks).toBe(t.clicks + 2);
  });

  it("records {toolId, type: 'affiliate'} as a deal click on the tool's own link", async () => {
    await server.services.db.execute(
      sql`UPDATE tools SET affiliate_url = 'https://partner.example.org/?ref=ts' WHERE slug = 'midjourney'`,
    );
    const t = await tool("midjourney");
    const { status, body } = await post({ toolId: t.id, type: "affiliate" });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });
    expect(await events(t.id)).toEqual([{ source: "unknown", destination: "https://partner.example.org/?ref=ts" }]);
    expect((await tool("midjourney")).clicks).toBe(t.clicks + 1);
  });

  it("records the tool-of-the-day spelling; the client's destination_url is never stored as such", async () => {
    const t = await tool("dreamlike");
    const { status, body } = await post({
      tool_id: t.id,
      tool_name: "Whatever the client says",
      tool_category: "Image Generation",
      destination_url: "https://evil.example/",
      source: "tool-of-the-day",
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(await events(t.id)).toEqual([{ source: "tool-of-the-day", destination: new URL(t.website_url).toString() }]);
  });

  it("accepts a slug; an unknown source is recorded as 'unknown'", async () => {
    const t = await tool("getimg-ai");
    expect((await post({ toolId: "getimg-ai", source: "<script>" })).status).toBe(200);
    expect((await events(t.id)).map((e) => e.source)).toEqual(["unknown"]);
  });

  it("answers 400 with a message for a missing or malformed id and a bad body", async () => {
    const cases: unknown[] = [
      {},
      { toolId: "" },
      { toolId: "../etc/passwd" },
      { toolId: 42 },
      { tool_id: "x".repeat(300) },
      [],
      null,
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(/toolId|JSON|object|expected/i);
    }
    const notJson = await post("{not json", true);
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toBe("Body must be a JSON object");
  });

  it("answers 404 for a well-formed id that is not a tool, and records nothing", async () => {
    const [before] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM tool_events`,
    );
    const res = await post({ toolId: "00000000-0000-4000-8000-000000000000" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: "Tool not found" });
    expect((await post({ toolId: "no-such-tool" })).status).toBe(404);
    const [after] = await queryRows<{ n: number }>(server.services.db, sql`SELECT count(*)::int AS n FROM tool_events`);
    expect(after?.n).toBe(before?.n);
  });
});
