import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCEPTED_SOURCE,
  applyToolFacts,
  decideTaskTool,
  getTask,
  loadAcceptedSet,
  loadTaxonomy,
  matchTasks,
  refreshDerived,
  sitemapEntries,
  toolsForTask,
  watchDerived,
} from "../../server/modules/catalog/index.ts";
import { ruleScores } from "../../server/modules/catalog/tasks/propose.ts";
import { buildDumpRecords, llmsTxt } from "../../server/modules/syndication/index.ts";
import { type Db, queryRows, sql, transaction } from "../../server/platform/db/index.ts";
import { createMember } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let db: Db;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
  db = server.services.db;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const idOf = async (slug: string) => {
  const [row] = await queryRows<{ id: string }>(db, sql`SELECT id::text AS id FROM tools WHERE slug = ${slug}`);
  if (!row) throw new Error(`no tool ${slug}`);
  return row.id;
};
const slugsFor = async (task: string) => (await toolsForTask(db, task, { limit: 100 })).tools.map((t) => t.slug);

describe("the task taxonomy (issue 32 item 2)", () => {
  it("is loaded with at least 300 tasks, each with phrasings, a group and related tasks", async () => {
    const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM tasks`);
    expect(count?.n).toBe(loadTaxonomy().length);
    expect(count?.n).toBeGreaterThanOrEqual(300);
    const task = await getTask(db, "summarise-a-video");
    expect(task?.name).toBe("Summarise a video");
    expect(task?.group).toBe("Video");
    expect(task?.synonyms).toContain("summarise youtube videos into notes");
    expect(task?.related.length).toBeGreaterThan(0);
  });

  it("keeps the issue's sentences as phrasings of the right tasks", async () => {
    const expected: Record<string, string> = {
      "summarise youtube videos into notes": "summarise-a-video",
      "generate product descriptions for my shopify store": "generate-product-descriptions-for-an-online-store",
      "detect ai-written text in student essays": "detect-ai-written-text",
      "turn a sketch into a finished illustration": "turn-a-sketch-into-a-finished-illustration",
      "write cold emails that sound personal": "write-cold-emails",
      "make my selfie look like a professional headshot": "make-a-professional-headshot",
      "add subtitles to my videos automatically": "add-subtitles-to-a-video",
    };
    for (const [phrase, slug] of Object.entries(expected)) {
      const [hit] = await matchTasks({ db }, phrase, 1);
      expect(hit?.slug, phrase).toBe(slug);
    }
  });

  it("accepts the committed accepted set and keeps it sensible", async () => {
    const video = await slugsFor("summarise-a-video");
    for (const slug of ["eightify", "summarytube-com", "youtube-summary-with-chatgpt"]) expect(video).toContain(slug);
    expect(await slugsFor("remove-an-image-background")).toContain("remove-bg");
    expect(await slugsFor("chat-with-an-ai-assistant")).toEqual(expect.arrayContaining(["chatgpt", "claude"]));
    expect(await slugsFor("write-unit-tests")).toContain("codiumai");
    // Accepted tools come first on the task's page.
    const { tools } = await toolsForTask(db, "summarise-a-video");
    expect(tools[0]?.task_status).toBe("accepted");
    const accepted = loadAcceptedSet();
    const [rows] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM task_tools WHERE source = ${ACCEPTED_SOURCE} AND status = 'accepted'`,
    );
    expect(rows?.n).toBeGreaterThan(Object.keys(accepted).length);
  });

  it("proposes tools by rules: 'speech to text' is not 'text to speech'", async () => {
    const task = loadTaxonomy().find((t) => t.slug === "transcribe-audio");
    if (!task) throw new Error("no transcribe-audio");
    const ids = (await ruleScores(db, task)).map((s) => s.id);
    expect(ids).toContain(await idOf("whisper"));
    expect(ids).not.toContain(await idOf("play-ht"));
  });

  it("filters a task's tools by price", async () => {
    const all = await toolsForTask(db, "generate-an-image-from-text", { limit: 100 });
    const free = await toolsForTask(db, "generate-an-image-from-text", { price: "free", limit: 100 });
    expect(free.total).toBeGreaterThan(0);
    expect(free.total).toBeLessThan(all.total);
    expect(free.tools.every((t) => ["Free", "Open Source"].includes(t.pricing_model))).toBe(true);
  });

  it("lets an editor reject a proposed tool, with an audit row, and a recomputation keeps the decision", async () => {
    const admin = await createMember(server, { role: "admin" });
    const [proposed] = await queryRows<{ slug: string }>(
      db,
      sql`SELECT t.slug FROM task_tools tt JOIN tools t ON t.id = tt.tool_id
          WHERE tt.task_slug = 'summarise-a-video' AND tt.status = 'proposed' AND tt.method = 'rule' LIMIT 1`,
    );
    if (!proposed) throw new Error("nothing proposed");
    const now = new Date();
    await decideTaskTool(
      db,
      { actor: { id: admin.id, label: "test admin" }, now },
      { task: "summarise-a-video", tool: proposed.slug, decision: "rejected" },
    );
    expect(await slugsFor("summarise-a-video")).not.toContain(proposed.slug);
    const [row] = await queryRows<{ status: string; actor_id: string }>(
      db,
      sql`SELECT tt.status::text AS status, tt.actor_id FROM task_tools tt JOIN tools t ON t.id = tt.tool_id
          WHERE tt.task_slug = 'summarise-a-video' AND t.slug = ${proposed.slug}`,
    );
    expect(row).toEqual({ status: "rejected", actor_id: admin.id });
    const audit = await queryRows<{ action: string; actor_id: string }>(
      db,
      sql`SELECT action, actor_id FROM audit_log WHERE target_type = 'task' AND target_id = 'summarise-a-video'`,
    );
    expect(audit).toEqual([{ action: "task.tool_decision", actor_id: admin.id }]);
    const version = async () =>
      Number((await queryRows<{ v: string }>(db, sql`SELECT version AS v FROM content_version`))[0]?.v);
    const v = await version();
    await refreshDerived(db, new Date());
    // Every task's proposals and every tool's alternatives rewritten: one move of the content version.
    expect(await version()).toBe(v + 1);
    expect(await slugsFor("summarise-a-video")).not.toContain(proposed.slug);
    await expect(
      decideTaskTool(
        db,
        { actor: { id: admin.id, label: "test admin" }, now },
        { task: "no-such-task", tool: "chatgpt", decision: "accepted" },
      ),
    ).rejects.toThrow(/No task/);
  }, 300_000);
});

describe("alternatives for every active tool (issue 32 item 3)", () => {
  it("gives every active tool at least one stored alternative", async () => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tools t WHERE t.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM tool_alternatives a WHERE a.tool_id = t.id)`,
    );
    expect(row?.n).toBe(0);
  });

  it("answers ChatGPT's alternatives with Claude and Gemini and the reason, in the API", async () => {
    const res = await server.json("/api/tools/chatgpt");
    expect(res.status).toBe(200);
    const tool = (
      res.body as { tool: { alternatives: string[]; alternatives_detail: { slug: string; reason: string }[] } }
    ).tool;
    expect(tool.alternatives.length).toBeGreaterThan(0);
    const slugs = tool.alternatives_detail.map((a) => a.slug);
    expect(slugs).toContain("claude");
    expect(slugs).toContain("gemini-gemini-advanced");
    const claude = tool.alternatives_detail.find((a) => a.slug === "claude");
    expect(claude?.reason).toMatch(/^also does: .*chat with an AI assistant/);
  });

  it("follows a change of facts: the watch job recomputes the changed tool's list", async () => {
    const id = await idOf("eightify");
    const before = await queryRows<{ computed_at: string }>(
      db,
      sql`SELECT max(computed_at)::text AS computed_at FROM tool_alternatives WHERE tool_id = ${id}::uuid`,
    );
    const at = new Date(Date.now() + 60_000);
    await transaction(db, (tx) =>
      applyToolFacts(tx, {
        toolId: id,
        set: { pricingModel: "open_source" },
        provenance: { kind: "maker", source: "Maker (verified)", verifiedAt: at },
        at,
      }),
    );
    const version = async () =>
      Number((await queryRows<{ v: string }>(db, sql`SELECT version AS v FROM content_version`))[0]?.v);
    const v = await version();
    expect((await watchDerived(db, at)).tools).toBeGreaterThanOrEqual(1);
    // Hundreds of transactions (a proposal pass per task), one move of the content version: the
    // page and API caches are emptied once per run, not once per statement.
    expect(await version()).toBe(v + 1);
    const after = await queryRows<{ computed_at: string }>(
      db,
      sql`SELECT max(computed_at)::text AS computed_at FROM tool_alternatives WHERE tool_id = ${id}::uuid`,
    );
    expect(after[0]?.computed_at).not.toBe(before[0]?.computed_at);
    // Where Eightify is an alternative, it is now the open-source one.
    const [reason] = await queryRows<{ open_source: boolean }>(
      db,
      sql`SELECT (a.reasons->>'open_source')::boolean AS open_source FROM tool_alternatives a
          JOIN tools s ON s.id = a.tool_id WHERE a.alternative_id = ${id}::uuid AND s.pricing_model <> 'open_source' LIMIT 1`,
    );
    expect(reason?.open_source).toBe(true);
    // A quiet catalogue costs nothing more, and leaves the caches alone.
    expect((await watchDerived(db, at)).tools).toBe(0);
    expect(await version()).toBe(v + 1);
  });

  it("leaves the derived rows alone when only a fact they do not read changed (a logo)", async () => {
    const id = await idOf("chatgpt");
    const at = new Date(Date.now() + 120_000);
    await watchDerived(db, at); // whatever an earlier test left
    const computedAt = async () =>
      (
        await queryRows<{ computed_at: string }>(
          db,
          sql`SELECT max(computed_at)::text AS computed_at FROM tool_alternatives WHERE tool_id = ${id}::uuid`,
        )
      )[0]?.computed_at;
    const before = await computedAt();
    const provenance = { kind: "editor" as const, source: "Toolscape editors", verifiedAt: at };
    await transaction(db, (tx) =>
      applyToolFacts(tx, { toolId: id, set: { logoUrl: "https://chatgpt.com/favicon.png" }, provenance, at }),
    );
    expect((await watchDerived(db, at)).tools).toBe(0);
    expect(await computedAt()).toBe(before);
    // The same tool's description is read by the task rules: that change is followed.
    await transaction(db, (tx) =>
      applyToolFacts(tx, {
        toolId: id,
        set: { description: "A chat assistant that drafts, summarises and answers questions." },
        provenance,
        at,
      }),
    );
    expect((await watchDerived(db, at)).tools).toBe(1);
    expect(await computedAt()).not.toBe(before);
  });
});

describe("tasks for agents and other sites", () => {
  const connect = async () => {
    const client = new McpClient({ name: "toolscape-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { "x-forwarded-for": `10.32.${Math.floor(Math.random() * 250)}.1` } },
    });
    await client.connect(transport);
    return client;
  };
  const payload = (result: unknown) => {
    const r = result as { content: { text: string }[]; isError?: boolean };
    if (r.isError) throw new Error(r.content[0]?.text);
    return JSON.parse(r.content[0]?.text ?? "null") as Record<string, unknown>;
  };

  it("lists tasks and a task's tools over MCP, with input schemas", async () => {
    const client = await connect();
    try {
      const { tools } = await client.listTools();
      const listTasks = tools.find((t) => t.name === "list_tasks");
      expect(Object.keys(listTasks?.inputSchema.properties ?? {})).toEqual(["query", "group", "page", "limit"]);
      expect(tools.find((t) => t.name === "tools_for_task")?.inputSchema.required).toEqual(["task"]);

      const found = payload(await client.callTool({ name: "list_tasks", arguments: { query: "youtube summary" } }));
      expect((found.tasks as { slug: string }[])[0]?.slug).toBe("summarise-a-video");
      const video = payload(await client.callTool({ name: "list_tasks", arguments: { group: "Video", limit: 5 } }));
      expect((video.tasks as { group: string }[]).every((t) => t.group === "Video")).toBe(true);
      expect(video.has_more).toBe(true);

      const forTask = payload(
        await client.callTool({ name: "tools_for_task", arguments: { task: "summarise-a-video" } }),
      );
      expect((forTask.tools as { slug: string }[]).map((t) => t.slug)).toContain("eightify");
      const paid = payload(
        await client.callTool({
          name: "tools_for_task",
          arguments: { task: "generate-an-image-from-text", pricing: "paid" },
        }),
      );
      expect(
        (paid.tools as { pricing_model: string }[]).every((t) =>
          ["Paid", "Subscription", "Enterprise"].includes(t.pricing_model),
        ),
      ).toBe(true);
      const unknown = (await client.callTool({ name: "tools_for_task", arguments: { task: "no-such-task" } })) as {
        isError?: boolean;
      };
      expect(unknown.isError).toBe(true);
      const bad = (await client.callTool({ name: "tools_for_task", arguments: { task: "x", pricing: "cheap" } })) as {
        isError?: boolean;
      };
      expect(bad.isError).toBe(true);

      const alternatives = payload(
        await client.callTool({ name: "find_alternatives", arguments: { tool: "chatgpt" } }),
      );
      const alts = alternatives.alternatives as { slug: string; reason: string }[];
      expect(alts.map((a) => a.slug)).toContain("claude");
      expect(alts.every((a) => a.reason.length > 0)).toBe(true);
      const tool = payload(await client.callTool({ name: "get_tool", arguments: { tool: "chatgpt" } }));
      expect((tool.alternatives as string[]).length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it("lists tasks in the sitemap, llms.txt and the open-data dump", async () => {
    const paths = (await sitemapEntries(db)).map((e) => e.path);
    expect(paths).toContain("/tasks");
    expect(paths).toContain("/tasks/summarise-a-video");
    const llms = await llmsTxt(db, server.services.env);
    expect(llms).toContain("/tasks");
    expect(llms).toContain("list_tasks");
    const records = await buildDumpRecords(db, server.services.env);
    expect(records.find((r) => r.slug === "eightify")?.tasks).toContain("summarise-a-video");
  });
});
