import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_ANONYMOUS_RULE } from "../../server/modules/syndication/index.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { fetch } from "../helpers/http.ts";
import { createRecordingLogger } from "../helpers/logger.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 31, MCP: JSON-RPC batches are refused (MCP 2025-06-18 removed them; one batch of 100 tool
 * calls cost one anonymous request and ran them all at once), errors reach callers generic (the
 * detail goes to the log with the request id), an unknown resource is the spec's -32002, and text
 * a maker wrote is marked as the maker's.
 */

let server: TestServer;
let db: Db;
const logger = createRecordingLogger();
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" }, logger });
  db = server.services.db;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type RpcAnswer = { status: number; requestId: string | null; body: Record<string, unknown> & unknown[] };
async function rpc(body: unknown, ip: string): Promise<RpcAnswer> {
  const res = await fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-forwarded-for": ip,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, requestId: res.headers.get("x-request-id"), body: await res.json() };
}
const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
const usedOf = async (ip: string) => {
  const [row] = await queryRows<{ count: number }>(db, sql`SELECT count FROM rate_limits WHERE key = ${`mcp:${ip}`}`);
  return row?.count ?? 0;
};

describe("MCP batches", () => {
  it("a JSON-RPC batch is refused whole (400, -32600) before any call runs or is counted", async () => {
    const ip = "10.31.2.1";
    const batch = Array.from({ length: 100 }, (_, i) => call(i + 1, "search_tools", { q: `batch ${i}` }));
    const answer = await rpc(batch, ip);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(JSON.stringify(answer.body)).toMatch(/batch/i);
    expect(await usedOf(ip)).toBe(0);
    // One message per request still works, and each one counts.
    const single = await rpc(call(1, "list_categories", {}), ip);
    expect(single.status).toBe(200);
    expect(await usedOf(ip)).toBe(1);
    expect(MCP_ANONYMOUS_RULE.max).toBeGreaterThan(1);
  });
});

describe("MCP errors", () => {
  it("a failure inside a tool answers a generic message with the request id; the detail is logged", async () => {
    await db.execute(sql`ALTER TABLE tool_facts RENAME TO tool_facts_away`);
    let answer: RpcAnswer;
    try {
      answer = await rpc(call(9, "get_tool", { tool: "chatgpt" }), "10.31.2.2");
    } finally {
      await db.execute(sql`ALTER TABLE tool_facts_away RENAME TO tool_facts`);
    }
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/tool_facts|select|relation|from/i);
    expect(text).toContain("Something went wrong");
    expect(answer.requestId).toBeTruthy();
    expect(text).toContain(answer.requestId as string);
    const logged = logger.entries.find((e) => e.level === "error" && e.fields.requestId === answer.requestId);
    expect(logged?.fields.err).toBeInstanceOf(Error);
    expect(String((logged?.fields.err as Error | undefined)?.message)).toMatch(/tool_facts/);
  });

  it("reading an unknown category resource is the spec's resource-not-found error (-32002)", async () => {
    const answer = await rpc(
      { jsonrpc: "2.0", id: 4, method: "resources/read", params: { uri: "toolscape://categories/no-such-category" } },
      "10.31.2.3",
    );
    expect(answer.body).toMatchObject({
      id: 4,
      error: { code: -32002, data: { uri: "toolscape://categories/no-such-category" } },
    });
  });
});

describe("maker-supplied text", () => {
  it("a description the maker wrote is marked as the maker's in MCP answers", async () => {
    const [tool] = await queryRows<{ id: string }>(db, sql`SELECT id FROM tools WHERE slug = 'chatgpt'`);
    await db.execute(
      sql`UPDATE tool_facts SET kind = 'maker', verified_at = NULL WHERE tool_id = ${tool?.id} AND field = 'description'`,
    );
    const answer = await rpc(call(5, "get_tool", { tool: "chatgpt" }), "10.31.2.4");
    const result = answer.body.result as { content: { text: string }[] };
    const shown = JSON.parse(result.content[0]?.text ?? "{}");
    expect(shown.provenance.description).toBe("maker");
    expect(shown.maker_supplied).toEqual(expect.arrayContaining(["description"]));
    expect(shown.maker_supplied).not.toContain("name");
    expect(shown.maker_supplied_note).toMatch(/maker/i);
    const other = await rpc(call(6, "get_tool", { tool: "claude" }), "10.31.2.4");
    const plain = JSON.parse((other.body.result as { content: { text: string }[] }).content[0]?.text ?? "{}");
    expect(plain.maker_supplied).toEqual([]);
  });
});
