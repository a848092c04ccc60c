import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFactChanges } from "../../server/modules/catalog/index.ts";
import {
  CSV_COLUMNS,
  DATA_SOURCES,
  type DumpRecord,
  LLMS_MAKER_MARK,
  MCP_ANONYMOUS_RULE,
  MCP_TOOL_NAMES,
  OPEN_DATA_JOB,
  SITE_LICENCE,
} from "../../server/modules/syndication/index.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { SEED_DIR } from "../../server/platform/paths.ts";
import { Client, createMember } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let db: Db;
let expertKey: string;
let expertKeyId: string;
const LOCKED = "midjourney";
const LOCKED_FEATURE = "Expert-only feature 7311";

beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  db = server.services.db;
  const expert = await createMember(server, { tier: "expert" });
  const created = await expert.client.json("/api/account/api-keys", "POST", { name: "assistant" });
  const body = (await created.json()) as { key: string; apiKey: { id: string } };
  expertKey = body.key;
  expertKeyId = body.apiKey.id;
  await db.execute(sql`UPDATE tools SET tier = 'expert', features = ARRAY[${LOCKED_FEATURE}] WHERE slug = ${LOCKED}`);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const toolId = async (slug: string) => {
  const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM tools WHERE slug = ${slug}`);
  if (!row) throw new Error(`no tool ${slug}`);
  return row.id;
};

/** A fact change the way every write path makes one: the tools row and its provenance in one transaction. */
async function changeFact(slug: string, field: "pricing_model" | "status", from: string, to: string, kind = "maker") {
  const id = await toolId(slug);
  const at = new Date();
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (field === "pricing_model") {
      await tx.execute(
        sql`UPDATE tools SET pricing_model = ${to}::pricing_model, facts_changed_at = now() WHERE id = ${id}`,
      );
    } else {
      await tx.execute(sql`UPDATE tools SET updated_at = now() WHERE id = ${id}`);
    }
    await recordFactChanges(tx, {
      toolId: id,
      changes: [{ field, from, to }],
      provenance: { kind: kind as "maker", source: "Maker (verified)", verifiedAt: at },
      at,
    });
  });
}

const connect = async (headers: Record<string, string> = {}) => {
  const client = new McpClient({ name: "toolscape-test", version: "1.0.0" });
  const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { "x-forwarded-for": ip, ...headers } },
  });
  await client.connect(transport);
  return client;
};
const payload = (result: unknown) => {
  const r = result as { content: { type: string; text: string }[]; isError?: boolean };
  if (r.isError) throw new Error(r.content[0]?.text);
  return JSON.parse(r.content[0]?.text ?? "null") as Record<string, unknown> & {
    tools?: Record<string, unknown>[];
  };
};

describe("MCP server (/mcp)", () => {
  it("initialises with the SDK's client, lists its tools and answers each with citations", async () => {
    await changeFact("chatgpt", "pricing_model", "freemium", "paid");
    const client = await connect();
    expect(client.getServerVersion()?.name).toBe("toolscape");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());

    const search = payload(await client.callTool({ name: "search_tools", arguments: { q: "chatgpt", limit: 3 } }));
    const first = search.tools?.[0] as Record<string, unknown>;
    expect(first.slug).toBe("chatgpt");
    expect(String(first.url)).toMatch(/\/tools\/chatgpt$/);
    // The maker's pricing model above; the other facts keep the seed's provenance (the dataset's, and
    // the editors' reviewed file for the featured set: ADR 0027).
    expect(first.provenance).toMatchObject({
      pricing_model: "maker",
      description: "dataset",
      editorial_summary: "editor",
    });
    expect(first.last_verified).toMatch(/^\d{4}-/);
    // The same filters as /api/tools, with their messages.
    const bad = (await client.callTool({ name: "search_tools", arguments: { pricing: "gratis" } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(bad.isError).toBe(true);
    expect(bad.content[0]?.text).toMatch(/Unknown pricing 'gratis'/);
    const filtered = payload(
      await client.callTool({ name: "search_tools", arguments: { category: "writing", pricing: "free", limit: 5 } }),
    );
    expect(filtered.tools?.length).toBeGreaterThan(0);
    for (const t of filtered.tools ?? []) expect(t).toMatchObject({ category: "Writing", pricing_model: "Free" });

    const tool = payload(await client.callTool({ name: "get_tool", arguments: { tool: "chatgpt" } }));
    expect(tool).toMatchObject({ slug: "chatgpt", pricing_model: "Paid", provenance: { pricing_model: "maker" } });
    const missing = (await client.callTool({ name: "get_tool", arguments: { tool: "no-such-tool-x" } })) as {
      isError?: boolean;
    };
    expect(missing.isError).toBe(true);

    const categories = payload(await client.callTool({ name: "list_categories", arguments: {} }));
    expect((categories.categories as unknown[]).length).toBeGreaterThan(10);

    const alternatives = payload(await client.callTool({ name: "find_alternatives", arguments: { tool: "chatgpt" } }));
    expect((alternatives.alternatives as unknown[]).length).toBeGreaterThan(0);

    const history = payload(await client.callTool({ name: "get_tool_history", arguments: { tool: "chatgpt" } }));
    // Newest first: the maker's change, then only what the seed import and its enrichment recorded.
    const entries = history.history as { field: string; kind: string }[];
    expect(entries[0]).toEqual(
      expect.objectContaining({ field: "pricing_model", old_value: "freemium", new_value: "paid", kind: "maker" }),
    );
    expect(entries.slice(1).map((e) => e.kind)).toEqual(expect.arrayContaining(["dataset"]));
    for (const e of entries.slice(1)) expect(["dataset", "editor", "inferred"]).toContain(e.kind);

    const resources = await client.listResources();
    expect(resources.resources.map((r) => r.uri)).toContain("toolscape://categories");
    expect(resources.resources.map((r) => r.uri)).toContain("toolscape://categories/writing");
    const writing = await client.readResource({ uri: "toolscape://categories/writing" });
    const content = writing.contents[0] as { text: string };
    expect(JSON.parse(content.text)).toMatchObject({ slug: "writing", name: "Writing" });
    await client.close();
  });

  it("applies the tier rules: a locked tool is its overview; compare is capped by the caller's tier", async () => {
    const anonymous = await connect();
    const locked = payload(await anonymous.callTool({ name: "get_tool", arguments: { tool: LOCKED } }));
    expect(locked.locked).toMatchObject({ requiredTier: "expert" });
    expect(locked.features).toEqual([]);
    expect(JSON.stringify(locked)).not.toContain(LOCKED_FEATURE);
    // As through the JSON API.
    const api = (await (await fetch(`${server.url}/api/tools/${LOCKED}`)).json()) as {
      tool: { features: string[] };
      locked?: unknown;
    };
    expect(api.locked).toBeTruthy();
    expect(api.tool.features).toEqual(locked.features);
    const alternatives = payload(await anonymous.callTool({ name: "find_alternatives", arguments: { tool: LOCKED } }));
    expect(alternatives.alternatives).toEqual([]);
    const compared = payload(
      await anonymous.callTool({ name: "compare_tools", arguments: { tools: ["chatgpt", "claude", "canva"] } }),
    );
    expect(compared).toMatchObject({ max: 2, omitted: 1 });
    expect(compared.tools).toHaveLength(2);
    await anonymous.close();

    const expert = await connect({ authorization: `Bearer ${expertKey}` });
    const full = payload(await expert.callTool({ name: "get_tool", arguments: { tool: LOCKED } }));
    expect(full.locked).toBeUndefined();
    expect(full.features).toEqual([LOCKED_FEATURE]);
    const more = payload(
      await expert.callTool({ name: "compare_tools", arguments: { tools: ["chatgpt", "claude", "canva"] } }),
    );
    expect(more).toMatchObject({ max: 10, omitted: 0 });
    await expert.close();
  });

  it("limits anonymous use per address and API keys by the key's limit; refuses unknown keys", async () => {
    const rpc = (headers: Record<string, string>) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    const ip = { "x-forwarded-for": "10.77.1.1" };
    const statuses: number[] = [];
    for (let i = 0; i < MCP_ANONYMOUS_RULE.max + 1; i++) statuses.push((await rpc(ip)).status);
    expect(statuses.slice(0, MCP_ANONYMOUS_RULE.max)).toEqual(Array(MCP_ANONYMOUS_RULE.max).fill(200));
    const refused = await rpc(ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is not affected; a key is counted on its own.
    expect((await rpc({ "x-forwarded-for": "10.77.1.2" })).status).toBe(200);
    const keyed = await rpc({ ...ip, authorization: `Bearer ${expertKey}` });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("ratelimit-limit")).toBe("60");
    await db.execute(sql`UPDATE rate_limits SET count = 60 WHERE key = ${`api-key:${expertKeyId}`}`);
    expect((await rpc({ authorization: `Bearer ${expertKey}` })).status).toBe(429);
    const unknown = await rpc({ authorization: "Bearer tsk_0000000000000000000000000000000000000000000" });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("www-authenticate")).toMatch(/Bearer/);
    // No server-initiated streams or sessions here.
    expect((await fetch(`${server.url}/mcp`)).status).toBe(405);
  });
});

describe("llms.txt", () => {
  it("follows the llmstxt.org format and is generated from live data", async () => {
    for (const file of ["/llms.txt", "/llms-full.txt"]) {
      const res = await fetch(`${server.url}${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      const text = await res.text();
      const lines = text.split("\n");
      // An H1 first, then a blockquote summary, then only H2 sections (no other H1).
      expect(lines[0]).toMatch(/^# \S/);
      expect(lines.filter((l) => l.startsWith("# "))).toHaveLength(1);
      const firstH2 = lines.findIndex((l) => l.startsWith("## "));
      expect(firstH2).toBeGreaterThan(0);
      expect(lines.slice(1, firstH2).some((l) => l.startsWith("> "))).toBe(true);
      expect(lines.some((l) => /^#{3,} /.test(l))).toBe(false);
      // Every list item in a section is a Markdown link with an absolute URL.
      const items = lines.slice(firstH2).filter((l) => l.startsWith("- "));
      expect(items.length).toBeGreaterThan(5);
      for (const item of items) expect(item).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)\s]+\)(: .+)?$/);
      // A 304 for a client that has it.
      const etag = res.headers.get("etag") ?? "";
      expect((await fetch(`${server.url}${file}`, { headers: { "if-none-match": etag } })).status).toBe(304);
    }
    const short = await (await fetch(`${server.url}/llms.txt`)).text();
    for (const section of ["## About Toolscape", "## Key pages", "## API", "## MCP server", "## Data licence"]) {
      expect(short).toContain(section);
    }
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tools WHERE status = 'active'`,
    );
    expect(short).toContain(`${count?.n.toLocaleString("en-US")} AI tools`);
    const full = await (await fetch(`${server.url}/llms-full.txt`)).text();
    expect(full).toContain("## Writing");
  });
});

/**
 * The llms.txt grammar as llmstxt.org's reference parser (`miniparse.py`) reads it: the text before the
 * first H2 is an H1, an optional blockquote and free prose; the file is then split on H2 lines, and
 * every non-empty line of a section must be a link item `- [name](url)` with optional `: notes`
 * (the reference calls `.groupdict()` on each line's match, so one prose line fails the whole file).
 */
function parseLlmsTxt(text: string) {
  const [start = "", ...rest] = text.split(/^##\s*(.*?)$/m);
  const head = /^#\s*(.+?)$\n+(?:^>\s*(.+?)$)?\n+(.*)/ms.exec(start.trim());
  if (!head) throw new Error("no H1 first");
  const link = /^-\s*\[([^\]]+)\]\(([^)]+)\)(?::\s*(.*))?$/;
  const sections: Record<string, { title: string; url: string; desc?: string }[]> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i] as string;
    sections[name] = (rest[i + 1] ?? "")
      .split(/\n+/)
      .filter((l) => l.trim())
      .map((l) => {
        const m = link.exec(l.trim());
        if (!m) throw new Error(`section "${name}": not a link item: ${l.slice(0, 120)}`);
        return { title: m[1] as string, url: m[2] as string, desc: m[3] };
      });
  }
  return { title: head[1], summary: head[2], sections };
}

describe("llms.txt grammar (issue 31)", () => {
  it("both files parse with the reference grammar: sections hold only link items", async () => {
    for (const file of ["/llms.txt", "/llms-full.txt"]) {
      const parsed = parseLlmsTxt(await (await fetch(`${server.url}${file}`)).text());
      expect(parsed.title).toBe("Toolscape");
      expect(parsed.summary).toMatch(/independent directory/);
      expect(Object.keys(parsed.sections).length).toBeGreaterThan(4);
    }
    const full = parseLlmsTxt(await (await fetch(`${server.url}/llms-full.txt`)).text());
    // Each category's section starts with the category's own page.
    expect(full.sections.Writing?.[0]?.url).toMatch(/\/category\/writing$/);
  });

  it("marks a description the maker wrote as the maker's", async () => {
    const id = await toolId("chatgpt");
    const [row] = await queryRows<{ category: string }>(
      db,
      sql`SELECT c.name AS category FROM tools t JOIN categories c ON c.id = t.category_id WHERE t.id = ${id}`,
    );
    await db.execute(sql`UPDATE tool_facts SET kind = 'maker' WHERE tool_id = ${id} AND field = 'description'`);
    // A content change, so the memoised file is made again.
    await db.execute(sql`UPDATE content_version SET version = version + 1 WHERE id = 1`);
    const full = parseLlmsTxt(await (await fetch(`${server.url}/llms-full.txt`)).text());
    const items = full.sections[row?.category ?? ""] ?? [];
    const chatgpt = items.find((t) => t.url.endsWith("/tools/chatgpt"));
    expect(chatgpt?.desc).toContain(LLMS_MAKER_MARK);
    expect(items.filter((t) => t.desc?.includes(LLMS_MAKER_MARK))).toHaveLength(1);
  });
});

type SourceRow = { id: string; licence: string; rows: number };
/** SOURCES.md's own table: each source's licence and the number of seed rows it supplied. */
function sourcesTable(): SourceRow[] {
  const md = readFileSync(path.join(SEED_DIR, "SOURCES.md"), "utf8");
  const out: SourceRow[] = [];
  for (const line of md.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 9 || !/^[a-z0-9]+$/.test(cells[1] ?? "") || !/^\d+$/.test(cells[7] ?? "")) continue;
    const licence = /CC BY 4\.0/.test(cells[5] ?? "") ? "CC-BY-4.0" : /MIT/.test(cells[5] ?? "") ? "MIT" : "CC0-1.0";
    // The first table lists the sources; later tables (mappings) may repeat ids.
    if (out.some((o) => o.id === cells[1])) break;
    out.push({ id: cells[1] as string, licence, rows: Number(cells[7]) });
  }
  return out;
}

describe("open data dump", () => {
  it("holds every active tool, parses in both formats, and its licences match the sources", async () => {
    // A fact from a named dataset, and an archived tool that must not be in the dump.
    const gpt = await toolId("claude");
    await db.transaction(async (tx) =>
      recordFactChanges(tx as unknown as Db, {
        toolId: gpt,
        changes: [{ field: "description", from: null, to: "An AI assistant" }],
        provenance: {
          kind: "dataset",
          source: "AutoVenture AI Tools Dataset",
          sourceUrl: "https://github.com/autoventure-projects/ai-tools-dataset",
          licence: "CC-BY-4.0",
        },
        at: new Date(),
      }),
    );
    await db.execute(sql`UPDATE tools SET status = 'archived' WHERE slug = 'canva'`);
    await server.services.jobs.enqueue({ type: OPEN_DATA_JOB });
    expect((await server.services.jobs.runDue()).failed).toBe(0);

    const jsonl = await fetch(`${server.url}/open-data/toolscape-catalogue.jsonl.gz`);
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(jsonl.headers.get("last-modified")).toBeTruthy();
    const records = gunzipSync(Buffer.from(await jsonl.arrayBuffer()))
      .toString("utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as DumpRecord);
    const active = await queryRows<{ slug: string }>(
      db,
      sql`SELECT slug FROM tools WHERE status = 'active' ORDER BY slug`,
    );
    expect(records.map((r) => r.slug).sort()).toEqual(active.map((a) => a.slug).sort());
    expect(records.find((r) => r.slug === "canva")).toBeUndefined();

    // Every record: the site's licence, and each dataset's licence with its credits.
    const table = sourcesTable();
    expect(table.map((t) => t.id)).toEqual(["tiorai", "aicollection", "agents", "steven2358", "mahseema", "eudk"]);
    const bySourceName = new Map<string, number>();
    for (const r of records) {
      expect(r.licence.split(" AND ")).toContain(SITE_LICENCE.id);
      expect(r.toolscape_url).toMatch(new RegExp(`/tools/${r.slug}$`));
      for (const s of r.sources) expect(r.licence.split(" AND ")).toContain(s.licence);
      if (r.sources.some((s) => s.licence === "CC-BY-4.0"))
        expect(r.attribution.join(" ")).toMatch(/Changes by Toolscape/);
      if (r.sources.some((s) => s.licence === "MIT"))
        expect(r.attribution.join(" ")).toMatch(/Permission is hereby granted/);
      const primary = r.sources[0];
      if (primary) bySourceName.set(primary.name, (bySourceName.get(primary.name) ?? 0) + 1);
    }
    // Each source supplied as many rows as SOURCES.md says (give or take the tools changed above).
    for (const t of table) {
      const name = DATA_SOURCES.find((d) => d.id === t.id)?.name ?? t.id;
      expect(Math.abs((bySourceName.get(name) ?? 0) - t.rows), t.id).toBeLessThanOrEqual(3);
      expect(DATA_SOURCES.find((d) => d.id === t.id)?.licence, t.id).toBe(t.licence);
    }
    // The seed rows each source supplied (SOURCES.md) carry that source's licence.
    const tiorai = records.filter((r) => r.sources[0]?.name === "TiorAI AI Tools Dataset");
    expect(tiorai.length).toBeGreaterThan(0);
    expect(tiorai.every((r) => r.sources[0]?.licence === table.find((t) => t.id === "tiorai")?.licence)).toBe(true);
    const seeded = records.filter((r) => r.sources.length > 0 && r.slug !== "claude").length;
    expect(seeded).toBeGreaterThan(table.reduce((n, t) => n + t.rows, 0) - 50);
    const claude = records.find((r) => r.slug === "claude");
    expect(claude?.sources.map((s) => s.name)).toContain("AutoVenture AI Tools Dataset");
    expect(claude?.provenance.description).toBe("dataset");

    // A tool listed for a paid tier: its gated facts are left out.
    const locked = records.find((r) => r.slug === LOCKED);
    expect(locked).toMatchObject({ gated: true, features: [] });

    const csv = await fetch(`${server.url}/open-data/toolscape-catalogue.csv.gz`);
    const rows = parse(gunzipSync(Buffer.from(await csv.arrayBuffer())), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(records.length);
    expect(rows.find((r) => r.slug === "claude")?.licence).toBe(claude?.licence);

    // Conditional requests: 304 by ETag and by date.
    const etag = jsonl.headers.get("etag") ?? "";
    const url = `${server.url}/open-data/toolscape-catalogue.jsonl.gz`;
    expect((await fetch(url, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect(
      (await fetch(url, { headers: { "if-modified-since": jsonl.headers.get("last-modified") ?? "" } })).status,
    ).toBe(304);
    expect((await fetch(`${server.url}/open-data/other.csv`)).status).toBe(404);

    // The job does not write again within the day; a later dump lists what changed since.
    await server.services.jobs.enqueue({ type: OPEN_DATA_JOB });
    await server.services.jobs.runDue();
    const [n] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM open_data_dumps`);
    expect(n?.n).toBe(1);
    await db.execute(sql`UPDATE tools SET status = 'archived' WHERE slug = 'perplexity-ai'`);
    await db.execute(sql`UPDATE open_data_dumps SET created_at = created_at - interval '1 day'`);
    await server.services.jobs.enqueue({ type: OPEN_DATA_JOB });
    await server.services.jobs.runDue();
    const page = await (await fetch(`${server.url}/open-data`)).text();
    expect(page.replace(/<!-- -->/g, "")).toContain("Removed (1):");
    expect(page).toContain('href="/tools/perplexity-ai"');
    expect(page).toContain('"@type":"Dataset"');
    expect(page).toContain("toolscape-catalogue.csv.gz");
    await db.execute(sql`UPDATE tools SET status = 'active' WHERE slug IN ('perplexity-ai', 'canva')`);
  });
});

describe("badges and embeds", () => {
  it("serves a valid SVG badge that changes with the rating (and its ETag), framable, without cookies", async () => {
    const url = `${server.url}/embed/tools/chatgpt/badge.svg`;
    const before = await fetch(url);
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = await before.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>\n?$/s);
    // Well-formed: every element closed, no raw & or < in text.
    const stripped = svg.replace(/<[^>]+>/g, "");
    expect(stripped).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(svg).toContain("ChatGPT");
    // Its pricing model was verified by the maker above. Descript's facts are only the dataset's (it is
    // not in the editors' reviewed file, whose facts count as verified on its date: ADR 0027).
    expect(svg).toContain("✓ verified");
    const unverified = await fetch(`${server.url}/embed/tools/descript/badge.svg`);
    expect(unverified.status).toBe(200);
    expect(await unverified.text()).not.toContain("verified");
    const etag = before.headers.get("etag") ?? "";
    expect((await fetch(url, { headers: { "if-none-match": etag } })).status).toBe(304);

    await db.execute(
      sql`UPDATE tools SET rating = 4.4, review_count = 12, name = 'ChatGPT <b>&' WHERE slug = 'chatgpt'`,
    );
    const after = await fetch(url);
    const svg2 = await after.text();
    expect(svg2).toContain("★ 4.4 (12)");
    expect(svg2).toContain("ChatGPT &lt;b&gt;&amp;");
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await fetch(url, { headers: { "if-none-match": etag } })).status).toBe(200);
    const dark = await (await fetch(`${url}?theme=dark`)).text();
    expect(dark).not.toBe(svg2);
    await db.execute(sql`UPDATE tools SET name = 'ChatGPT' WHERE slug = 'chatgpt'`);

    for (const p of ["/embed/tools/chatgpt/badge.svg", "/embed/tools/chatgpt", "/embed/compare?tools=chatgpt,claude"]) {
      const client = new Client(server);
      const res = await client.fetch(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.getSetCookie(), p).toEqual([]);
      expect(res.headers.get("content-security-policy"), p).toMatch(/frame-ancestors \*/);
      expect(res.headers.get("content-security-policy"), p).toMatch(/default-src 'none'/);
      expect(res.headers.get("x-frame-options"), p).toBeNull();
      const body = await res.text();
      expect(body, p).not.toMatch(/<script/i);
    }
    // The rest of the site still refuses to be framed by others.
    for (const p of ["/", "/tools/chatgpt", "/open-data", "/changes"]) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.headers.get("x-frame-options"), p).toBe("SAMEORIGIN");
      expect(res.headers.get("content-security-policy"), p).toMatch(/frame-ancestors 'self'/);
    }
    const compare = await (await fetch(`${server.url}/embed/compare?tools=chatgpt,claude,canva`)).text();
    expect(compare).toContain("1 more on Toolscape");
    expect((await fetch(`${server.url}/embed/compare`)).status).toBe(400);
    expect((await fetch(`${server.url}/embed/tools/no-such-tool`)).status).toBe(404);
    expect((await fetch(`${server.url}/embed/tools/no-such-tool/badge.svg`)).status).toBe(404);
  });
});

describe("changes feed", () => {
  it("lists pricing changes and tools gone or revived from the fact history, as a page and as Atom", async () => {
    await changeFact("claude", "pricing_model", "freemium", "paid", "community");
    await changeFact("perplexity-ai", "status", "active", "gone", "observed");
    await changeFact("perplexity-ai", "status", "gone", "active", "observed");
    const xml = await (await fetch(`${server.url}/changes.xml`)).text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(
      true,
    );
    expect(xml).toContain("<title>Pricing change: Claude</title>");
    expect(xml).toContain("Pricing changed from Freemium to Paid");
    expect(xml).toContain("<title>Gone: Perplexity AI</title>");
    expect(xml).toContain("<title>Back: Perplexity AI</title>");
    // Newest first: the revival is above the departure.
    expect(xml.indexOf("Back: Perplexity AI")).toBeLessThan(xml.indexOf("Gone: Perplexity AI"));
    // The seed import is not news.
    expect(xml).not.toContain("<title>New: ");
    const page = await (await fetch(`${server.url}/changes`)).text();
    expect(page).toContain("Pricing change");
    expect(page).toContain('type="application/atom+xml"');
  });
});

describe("makers' dashboard", () => {
  it("offers the badge and embed snippets for an approved submission", async () => {
    const maker = await createMember(server, { name: "Maker" });
    const admin = await createMember(server, { role: "admin" });
    const submitted = await maker.client.json("/api/submissions", "POST", {
      name: "Quokkadraw Studio",
      description: "Turns rough sketches into tidy diagrams.",
      url: "https://www.quokkadraw-embed.io/start",
      category: "image-generation",
      tags: "diagrams",
      pricing_model: "freemium",
      maker_relation: "founder",
    });
    expect(submitted.status).toBe(201);
    const { submission } = (await submitted.json()) as { submission: { id: string } };
    const decided = await admin.client.json(`/api/admin/moderation/${submission.id}/decision`, "POST", {
      decision: "approve",
    });
    expect(decided.status).toBe(200);
    const { submission: approved } = (await decided.json()) as { submission: { tool_slug: string } };
    const page = await (await maker.client.fetch("/dashboard/submissions")).text();
    expect(page).toContain("Badge and embeds for your site");
    expect(page).toContain(`/embed/tools/${approved.tool_slug}/badge.svg`);
    expect(page).toContain(`/embed/tools/${approved.tool_slug}&quot;`);
    // The badge it shows is live.
    expect((await fetch(`${server.url}/embed/tools/${approved.tool_slug}/badge.svg`)).status).toBe(200);
  });
});
