import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { decode } from "../helpers/html.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * A clean catalogue (issue 36 item 1, ADR 0075): the default order is the quality order, so junk and
 * digits-first names never lead /tools or a category page; the quality pass proposes the issue's
 * examples for editors, who confirm through the fact path (audited), and page-title descriptions
 * give way to the tool's own one-liner.
 */

let server: TestServer;
let admin: Member;
let member: Member;
const anon = () => new Client(server);

type Flag = {
  id: number;
  rule: string;
  ruleLabel: string;
  action: string;
  reasons: string[];
  proposed: string | null;
  tool: { slug: string; name: string; status: string };
};

async function flags(query = ""): Promise<Flag[]> {
  const res = await admin.client.fetch(`/api/admin/quality-flags${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { flags: Flag[] }).flags;
}

/** The names of the tool cards on a listing page, in order. */
function cardNames(html: string): { slug: string; name: string }[] {
  const out: { slug: string; name: string }[] = [];
  const re = /data-testid="tool-card"[\s\S]*?<h3[^>]*>\s*<a[^>]*href="\/tools\/([^"?#]+)"[^>]*>([^<]+)<\/a>/g;
  for (const m of html.matchAll(re)) out.push({ slug: m[1] ?? "", name: (m[2] ?? "").trim() });
  return out;
}

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  admin = await createMember(server, { role: "admin" });
  member = await createMember(server);
});
afterAll(async () => {
  await server?.close();
});

describe("the quality order", () => {
  it("is the default of /api/tools, and page 1 holds no digits-first name and no listing proposed for retirement", async () => {
    const res = await anon().fetch("/api/tools?explain=1");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      meta: { sort: string };
      tools: { slug: string; name: string; explanation: { order: string; score: number | null } }[];
    };
    expect(body.meta.sort).toBe("quality");
    expect(body.tools.every((t) => t.explanation.order === "quality")).toBe(true);
    const scores = body.tools.map((t) => t.explanation.score ?? 0);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const retire = new Set((await flags("?action=retire&limit=500")).map((f) => f.tool.slug));
    expect(retire.has("123kanfang-com")).toBe(true);
    for (const t of body.tools) {
      expect(t.name).not.toMatch(/^[0-9]/);
      expect(retire.has(t.slug)).toBe(false);
    }
    // The editors' featured set leads (prominence), not an alphabet of "008", "01", "0ptikube".
    expect(body.tools.map((t) => t.slug)).toEqual(expect.arrayContaining(["chatgpt", "claude", "midjourney"]));
  });

  it("orders the /tools page and a category page the same way", async () => {
    const page = await anon().fetch("/tools");
    expect(page.status).toBe(200);
    const html = await page.text();
    const cards = cardNames(html);
    expect(cards.length).toBeGreaterThanOrEqual(20);
    for (const c of cards) expect(c.name).not.toMatch(/^[0-9]/);
    expect(html).not.toContain("123kanfang");
    expect(html).toContain("Best first");

    const video = await anon().fetch("/category/video-generation");
    expect(video.status).toBe(200);
    const videoCards = cardNames(await video.text());
    expect(videoCards.length).toBeGreaterThan(5);
    expect(videoCards.map((c) => c.slug)).not.toContain("123kanfang-com");
    for (const c of videoCards) expect(c.name).not.toMatch(/^[0-9]/);
  });

  it("shows on a card what the tool does: the editors' first sentence, not the listing's page title", async () => {
    // The example: Notion's listing line is its site's title. The API keeps it, with ours beside it.
    const api = (await (await anon().fetch("/api/tools?limit=48")).json()) as {
      tools: { slug: string; description: string; summary_line: string | null }[];
    };
    const notion = api.tools.find((t) => t.slug === "notion-ai");
    expect(notion?.description).toBe("Notion – One Workspace. Every Team.");
    expect(notion?.summary_line).toMatch(/^The AI built into the Notion workspace: .+\.$/);
    const page = await (await anon().fetch("/tools")).text();
    expect(page).toContain("The AI built into the Notion workspace");
    expect(page).not.toContain("One Workspace. Every Team.");
    // The home page's tool of the day (a featured tool first, so one with a summary) says it the same way.
    const today = (await (await anon().fetch("/api/tools/tool-of-the-day")).json()) as {
      tool: { description: string; summary_line: string | null };
    };
    expect(today.tool.summary_line).toBeTruthy();
    const home = await (await anon().fetch("/")).text();
    // What a reader sees: the rendered block (the hydration data also holds the tool's long texts).
    const block = /<section[^>]*aria-labelledby="totd"[\s\S]*?<\/section>/.exec(home)?.[0] ?? "";
    const words = (t: string) => t.split(/\s+/).slice(0, 5).join(" ");
    expect(decode(block)).toContain(words(today.tool.summary_line ?? ""));
    expect(decode(block)).not.toContain(words(today.tool.description));
    // A card without a summary keeps its listing's line (the 200 first in this order all have one).
    const later = (await (await anon().fetch("/api/tools?limit=100&page=4")).json()) as typeof api;
    const plain = later.tools.find((t) => t.summary_line === null && /^[A-Za-z][\w ]{24}/.test(t.description));
    expect(plain, "a tool without a summary").toBeDefined();
    const found = await (await anon().fetch(`/search?q=${encodeURIComponent(plain?.slug ?? "")}`)).text();
    expect(found).toContain(plain?.description.slice(0, 25));
  });

  it("is explained on /how-we-rank with the code's figures", async () => {
    const html = await (await anon().fetch("/how-we-rank")).text();
    expect(html).toContain("default order");
    expect(html).toMatch(/data-testid="quality-weights"/);
    expect(html).toMatch(/lose (<!-- -->)?20(<!-- -->)?, so they never lead a page/);
  });
});

describe("listings that are not about AI", () => {
  it("are proposed for an editor on the real seed (a password manager, a design marketplace, a DeFi protocol), not retired", async () => {
    const notAi = (await flags("?action=retire&limit=500")).filter((f) => f.rule === "not-about-ai");
    // 114 on the seed (2026-11-30), and 7 more once a source's catch-all tag ("Chatbots and assistants") no longer
    // counted as AI: the plain descriptions with nothing about AI in the listing; 1 more once "smart city" no
    // longer read as AI (Actility ThingPark, a LoRaWAN network platform).
    expect(notAi.length).toBeGreaterThanOrEqual(90);
    expect(notAi.length).toBeLessThanOrEqual(140);
    const slugs = new Set(notAi.map((f) => f.tool.slug));
    const examples = ["1password", "99designs", "aave", "aliexpress", "bamboohr", "afterpay", "audiomack"];
    for (const slug of [...examples, "accenture", "alation", "agriwebb", "actility-thingpark"]) {
      expect(slugs.has(slug), slug).toBe(true);
    }
    // A glued "GPT", an "Ai" in the name, a featured tool, an editors' summary, a thin tagline: none.
    for (const slug of ["academicgpt", "aicure", "chatgpt", "gamma", "langchain", "addepar", "pika", "runway"]) {
      expect(slugs.has(slug), slug).toBe(false);
    }
    // One retire proposal per listing: a bare web address or a streaming site keeps its own rule.
    const retire = await flags("?action=retire&limit=500");
    expect(new Set(retire.map((f) => f.tool.slug)).size).toBe(retire.length);
    const onePassword = notAi.find((f) => f.tool.slug === "1password");
    expect(onePassword).toMatchObject({
      action: "retire",
      ruleLabel: "Not about AI: nothing in the listing says it uses AI",
      proposed: null,
      tool: { status: "active" },
    });
    expect(onePassword?.reasons).toContain("Nothing in its name, description or tags says it uses AI");
  });

  it("never reach the first page of /tools in its default order", async () => {
    const notAi = new Set(
      (await flags("?action=retire&limit=500")).filter((f) => f.rule === "not-about-ai").map((f) => f.tool.slug),
    );
    const body = (await (await anon().fetch("/api/tools")).json()) as { tools: { slug: string }[] };
    expect(body.tools.length).toBeGreaterThanOrEqual(20);
    expect(body.tools.filter((t) => notAi.has(t.slug))).toEqual([]);
    const cards = cardNames(await (await anon().fetch("/tools")).text());
    expect(cards.length).toBeGreaterThanOrEqual(20);
    expect(cards.filter((c) => notAi.has(c.slug))).toEqual([]);
  });
});

describe("the quality pass's proposals", () => {
  it("flags the issue's examples with reasons, and admins alone see them", async () => {
    const open = await flags("?limit=500");
    const kanfang = open.find((f) => f.tool.slug === "123kanfang-com");
    expect(kanfang).toMatchObject({ rule: "off-topic", action: "retire" });
    expect(kanfang?.reasons.join(" ")).toMatch(/TV shows and films/);
    expect(open.find((f) => f.tool.slug === "underduck")).toMatchObject({ action: "rename", proposed: "Uberduck" });
    // Notion's data has no sentence of its own: an editor writes one.
    expect(open.find((f) => f.tool.slug === "notion-ai")).toMatchObject({ rule: "page-title", proposed: null });

    expect((await member.client.fetch("/api/admin/quality-flags")).status).toBe(403);
    expect((await anon().fetch("/api/admin/quality-flags")).status).toBe(401);
    expect((await admin.client.fetch("/api/admin/quality-flags?status=maybe")).status).toBe(400);
  });

  it("replaced page-title descriptions with the tool's own one-liner, as an inferred fact", async () => {
    const rows = await queryRows<{ slug: string; old_value: string; new_value: string; kind: string }>(
      server.services.db,
      sql`SELECT t.slug, h.old_value #>> '{}' AS old_value, h.new_value #>> '{}' AS new_value, h.kind::text AS kind
          FROM tool_fact_history h JOIN tools t ON t.id = h.tool_id
          WHERE h.field = 'description' AND h.source = 'Toolscape quality pass'`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const underduck = rows.find((r) => r.slug === "underduck");
    expect(underduck?.old_value).toMatch(/^Uberduck - /);
    expect(underduck?.new_value).toMatch(/voice/i);
    expect(underduck?.kind).toBe("inferred");
    const { body } = await server.json("/api/tools/underduck");
    expect(JSON.stringify(body)).not.toContain("Uberduck - Text-to-Speech");
  });

  it("retires a listing only when an editor confirms, through the fact path, audited", async () => {
    const kanfang = (await flags("?action=retire&limit=500")).find((f) => f.tool.slug === "123kanfang-com");
    if (!kanfang) throw new Error("no proposal for 123kanfang.com");
    expect(kanfang.tool.status).toBe("active"); // proposed, not retired
    expect(
      (await member.client.json(`/api/admin/quality-flags/${kanfang.id}`, "POST", { decision: "confirm" })).status,
    ).toBe(403);
    expect(
      (await admin.client.json(`/api/admin/quality-flags/${kanfang.id}`, "POST", { decision: "maybe" })).status,
    ).toBe(400);
    const res = await admin.client.json(`/api/admin/quality-flags/${kanfang.id}`, "POST", {
      decision: "confirm",
      note: "A streaming site, not an AI tool",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "confirmed", changed: ["status"] });
    const [row] = await queryRows<{ status: string }>(
      server.services.db,
      sql`SELECT status::text AS status FROM tools WHERE slug = '123kanfang-com'`,
    );
    expect(row?.status).toBe("archived");
    const [history] = await queryRows<{ kind: string; new_value: string }>(
      server.services.db,
      sql`SELECT h.kind::text AS kind, h.new_value #>> '{}' AS new_value FROM tool_fact_history h
          JOIN tools t ON t.id = h.tool_id WHERE t.slug = '123kanfang-com' AND h.field = 'status'
          ORDER BY h.id DESC LIMIT 1`,
    );
    expect(history).toMatchObject({ kind: "editor", new_value: "archived" });
    const audit = await queryRows<{ action: string; reason: string | null }>(
      server.services.db,
      sql`SELECT a.action, a.reason FROM audit_log a JOIN tools t ON t.id::text = a.target_id
          WHERE t.slug = '123kanfang-com' ORDER BY a.at`,
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["tool.quality_confirmed"]));
    expect(audit.find((a) => a.action === "tool.quality_confirmed")?.reason).toBe("A streaming site, not an AI tool");
    // Decided once: a second decision is a conflict, and the proposal left the open list.
    expect(
      (await admin.client.json(`/api/admin/quality-flags/${kanfang.id}`, "POST", { decision: "dismiss" })).status,
    ).toBe(409);
    expect((await flags("?limit=500")).some((f) => f.id === kanfang.id)).toBe(false);
    expect((await anon().fetch("/api/tools?q=123kanfang")).status).toBe(200);
    const search = (await (await anon().fetch("/api/tools?q=123kanfang")).json()) as { tools: { slug: string }[] };
    expect(search.tools.map((t) => t.slug)).not.toContain("123kanfang-com");
  });

  it("renames and re-describes with the editor's value; a describe without one is refused", async () => {
    const open = await flags("?limit=500");
    const notion = open.find((f) => f.tool.slug === "notion-ai");
    if (!notion) throw new Error("no proposal for Notion AI");
    const refused = await admin.client.json(`/api/admin/quality-flags/${notion.id}`, "POST", { decision: "confirm" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toMatch(/new description/);
    const text = "Notion AI writes, summarises and answers questions inside your Notion workspace.";
    const ok = await admin.client.json(`/api/admin/quality-flags/${notion.id}`, "POST", {
      decision: "confirm",
      value: text,
    });
    expect(ok.status).toBe(200);
    const { body } = await server.json("/api/tools/notion-ai");
    expect(JSON.stringify(body)).toContain(text);

    const underduck = open.find((f) => f.tool.slug === "underduck" && f.action === "rename");
    if (!underduck) throw new Error("no rename proposal for Underduck");
    expect(
      (await admin.client.json(`/api/admin/quality-flags/${underduck.id}`, "POST", { decision: "confirm" })).status,
    ).toBe(200);
    const [renamed] = await queryRows<{ name: string }>(
      server.services.db,
      sql`SELECT name FROM tools WHERE slug = 'underduck'`,
    );
    expect(renamed?.name).toBe("Uberduck");
  });

  it("proposes the Wellsaid / WellSaid pair for a merge (the duplicates finder)", async () => {
    const res = await admin.client.fetch("/api/admin/duplicates?limit=200");
    expect(res.status).toBe(200);
    const { candidates } = (await res.json()) as { candidates: { a: { slug: string }; b: { slug: string } }[] };
    const pairs = candidates.map((c) => [c.a.slug, c.b.slug].sort().join("+"));
    expect(pairs).toContain("wellsaid+wellsaid-2");
  });
});
