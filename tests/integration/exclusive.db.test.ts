import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock, DAY_MS, type TestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 34 item 6 (ADR 0083): editors mark a tool or a deal Expert-only, or give a new tool an
 * early-access window. Over real HTTP: the admin marks; Expert sees it in full; Standard and visitors
 * get the locked overview naming Expert, with no gated field in the page, the API or MCP; the
 * window's end makes the tool public; a member cannot mark.
 */
let server: TestServer;
let clock: TestClock;
let admin: Member;
let standard: Member;
let expert: Member;
/** `feature` and `useCase`: its first two features (gated text that must not reach a locked view). */
type Tool = { id: string; slug: string; name: string; feature: string; useCase: string };
let exclusiveTool: Tool;
let earlyTool: Tool;
let dealTool: { id: string; slug: string; name: string };

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const dayFromNow = (days: number) => new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

async function toolsWithFeatures(n: number): Promise<Tool[]> {
  return queryRows<Tool>(
    server.services.db,
    sql`SELECT id::text AS id, slug, name, features[1] AS feature, features[2] AS "useCase" FROM tools
        WHERE status = 'active' AND tier = 'free' AND cardinality(features) > 1
          AND length(features[1]) > 10 AND length(features[2]) > 10
          AND NOT (features[1] = ANY(tags)) AND NOT (features[2] = ANY(tags))
          AND strpos(description || coalesce(full_description, ''), features[1]) = 0
          AND strpos(description || coalesce(full_description, ''), features[2]) = 0
        ORDER BY slug LIMIT ${n}`,
  );
}

const mcp = async (headers: Record<string, string> = {}) => {
  const client = new McpClient({ name: "exclusive-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { "x-forwarded-for": "10.8.1.1", ...headers } },
  });
  await client.connect(transport);
  return client;
};
const mcpTool = async (client: McpClient, slug: string) => {
  const r = (await client.callTool({ name: "get_tool", arguments: { tool: slug } })) as {
    content: { text: string }[];
  };
  return r.content[0]?.text ?? "";
};

beforeAll(async () => {
  clock = createTestClock(new Date("2026-11-29T09:00:00Z"));
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  // Moving the clock by days must run only the window's job, not every recurring job of the site.
  for (const type of server.services.jobs.recurringTypes())
    await server.services.jobs.enqueue({ type, key: type, runAt: new Date("9999-01-01T00:00:00Z") });
  admin = await createMember(server, { role: "admin", name: "Editor Admin" });
  standard = await createMember(server, { tier: "standard", name: "Standard Member" });
  expert = await createMember(server, { tier: "expert", name: "Expert Member" });
  const [a, b, c] = await toolsWithFeatures(3);
  if (!a || !b || !c) throw new Error("no tools with features");
  exclusiveTool = a;
  earlyTool = b;
  dealTool = c;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("exclusive listings (Expert only)", () => {
  it("a member who is not an admin cannot mark, nor see the editor's page", async () => {
    for (const m of [standard, expert]) {
      const res = await m.client.form("/admin/exclusive", {
        intent: "mark-tool",
        tool: exclusiveTool.slug,
        kind: "exclusive",
      });
      expect(res.status).toBe(403);
      expect((await m.client.fetch("/admin/exclusive")).status).toBe(403);
    }
    expect((await new Client(server).form("/admin/exclusive", { intent: "mark-tool", tool: "x" })).status).toBe(401);
    const [row] = await queryRows<{ tier: string }>(
      server.services.db,
      sql`SELECT tier::text AS tier FROM tools WHERE id = ${exclusiveTool.id}::uuid`,
    );
    expect(row?.tier).toBe("free");
  });

  it("the admin marks a tool Expert-only: recorded, audited, its tier moved", async () => {
    const res = await admin.client.form("/admin/exclusive", {
      intent: "mark-tool",
      tool: exclusiveTool.slug,
      kind: "exclusive",
    });
    expect(res.status).toBe(302);
    const notice = new URL(res.headers.get("location") ?? "", server.url).searchParams.get("notice");
    expect(notice).toBe(`${exclusiveTool.name} is now an Expert-only listing`);
    const page = await text(await admin.client.fetch("/admin/exclusive"));
    expect(page).toContain(exclusiveTool.name);
    expect(page).toContain("Make public now");
    const audit = await queryRows<{ action: string; actor_id: string }>(
      server.services.db,
      sql`SELECT action, actor_id FROM audit_log WHERE target_id = ${exclusiveTool.id} ORDER BY at DESC LIMIT 1`,
    );
    expect(audit[0]).toMatchObject({ action: "listing.exclusive", actor_id: admin.id });
  });

  it("the form's rules hold on the server: early access needs a future public day", async () => {
    const none = await admin.client.form("/admin/exclusive", {
      intent: "mark-tool",
      tool: earlyTool.slug,
      kind: "early_access",
    });
    expect(none.status).toBe(400);
    expect(await text(none)).toContain("Early access needs the day everyone sees it");
    const past = await admin.client.form("/admin/exclusive", {
      intent: "mark-tool",
      tool: earlyTool.slug,
      kind: "early_access",
      publicOn: dayFromNow(-1),
    });
    expect(past.status).toBe(400);
    expect(await text(past)).toContain("The public day must be after today");
  });

  it("Expert sees the full listing in the page, the API and MCP", async () => {
    const page = await text(await expert.client.fetch(`/tools/${exclusiveTool.slug}`));
    expect(page).not.toContain('data-testid="upgrade-prompt"');
    expect(page).toContain(exclusiveTool.feature);
    expect(page).toContain("Expert-only listing, chosen by Toolscape");
    const api = (await (await expert.client.fetch(`/api/tools/${exclusiveTool.slug}`)).json()) as {
      tool: { features: string[] };
    };
    expect(api.tool.features).toContain(exclusiveTool.feature);
    // MCP as Expert: with the member's API key.
    const key = await expert.client.json("/api/account/api-keys", "POST", { name: "mcp" });
    const { key: token } = (await key.json()) as { key: string };
    const client = await mcp({ authorization: `Bearer ${token}` });
    const answer = await mcpTool(client, exclusiveTool.slug);
    expect(answer).toContain(exclusiveTool.feature);
    expect(answer).not.toContain('"locked"');
    await client.close();
  });

  it("Standard and visitors see the locked overview naming Expert, with no gated field anywhere", async () => {
    for (const client of [standard.client, new Client(server)]) {
      const res = await client.fetch(`/tools/${exclusiveTool.slug}`);
      expect(res.status).toBe(200);
      const page = await text(res);
      expect(page).toContain(exclusiveTool.name);
      expect(page).toContain('data-testid="upgrade-prompt"');
      expect(page).toContain("Requires Expert membership");
      expect(page).toContain(`Our editors list ${exclusiveTool.name} for Expert members only`);
      expect(page).not.toContain(exclusiveTool.feature);
      expect(page).not.toContain(exclusiveTool.useCase);
      const api = await client.fetch(`/api/tools/${exclusiveTool.slug}`);
      const body = await api.text();
      expect(body).toContain(exclusiveTool.name);
      expect(body).not.toContain(exclusiveTool.feature);
      expect(body).not.toContain(exclusiveTool.useCase);
    }
    const client = await mcp();
    const answer = await mcpTool(client, exclusiveTool.slug);
    expect(answer).toContain(exclusiveTool.name);
    expect(answer).toMatch(/"requiredTier":\s*"expert"/);
    expect(answer).not.toContain(exclusiveTool.feature);
    await client.close();
  });

  it("the public overview stays indexable: crawlers get it, the sitemap lists it, llms-full.txt keeps it gated", async () => {
    const bot = await server.get(`/tools/${exclusiveTool.slug}`, {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(bot.status).toBe(200);
    const page = await text(bot);
    expect(page).toContain(exclusiveTool.name);
    expect(page).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
    expect(page).not.toContain(exclusiveTool.feature);
    const sitemap = await (await server.get("/sitemap.xml")).text();
    const toolMaps = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    let listed = sitemap.includes(`/tools/${exclusiveTool.slug}<`);
    for (const loc of toolMaps) {
      if (listed || !loc.endsWith(".xml")) continue;
      listed = (await (await server.get(new URL(loc).pathname)).text()).includes(`/tools/${exclusiveTool.slug}<`);
    }
    expect(listed).toBe(true);
    const llms = await (await server.get("/llms-full.txt")).text();
    expect(llms).not.toContain(exclusiveTool.feature);
  });

  it("ending the mark makes the tool public again, at its old tier, and keeps the history", async () => {
    const [open] = await queryRows<{ id: string }>(
      server.services.db,
      sql`SELECT id::text AS id FROM listing_access WHERE tool_id = ${exclusiveTool.id}::uuid AND ended_at IS NULL`,
    );
    const res = await admin.client.form("/admin/exclusive", { intent: "end", id: open?.id ?? "" });
    expect(res.status).toBe(302);
    const page = await text(await standard.client.fetch(`/tools/${exclusiveTool.slug}`));
    expect(page).not.toContain('data-testid="upgrade-prompt"');
    expect(page).toContain(exclusiveTool.feature);
    const history = await text(await admin.client.fetch("/admin/exclusive"));
    expect(history).toContain("by an editor");
    expect(history).toContain("back to free");
  });
});

describe("early access for a new tool", () => {
  it("Expert sees it during the window; others see the day it opens; the day makes it public", async () => {
    const publicOn = dayFromNow(3);
    const res = await admin.client.form("/admin/exclusive", {
      intent: "mark-tool",
      tool: earlyTool.slug,
      kind: "early_access",
      publicOn,
    });
    expect(res.status).toBe(302);

    const expertPage = await text(await expert.client.fetch(`/tools/${earlyTool.slug}`));
    expect(expertPage).toContain(earlyTool.feature);
    expect(expertPage).toContain("Early access for Expert members");

    const visitor = await text(await new Client(server).fetch(`/tools/${earlyTool.slug}`));
    expect(visitor).toContain('data-testid="upgrade-prompt"');
    expect(visitor).toContain(`${earlyTool.name} is in early access: Expert members see it in full now`);
    expect(visitor).toContain(`dateTime="${publicOn}T00:00:00.000Z"`);
    expect(visitor).not.toContain(earlyTool.feature);
    const api = await (await standard.client.fetch(`/api/tools/${earlyTool.slug}`)).text();
    expect(api).not.toContain(earlyTool.feature);

    // The day before: still early. The public day: the job ends the window on its own.
    clock.advance(2 * DAY_MS);
    await server.services.jobs.runDue();
    expect(await text(await new Client(server).fetch(`/tools/${earlyTool.slug}`))).toContain(
      'data-testid="upgrade-prompt"',
    );
    clock.set(`${publicOn}T00:00:01Z`);
    await server.services.jobs.runDue();
    const after = await text(await new Client(server).fetch(`/tools/${earlyTool.slug}`));
    expect(after).not.toContain('data-testid="upgrade-prompt"');
    expect(after).toContain(earlyTool.feature);
    const [row] = await queryRows<{ end_reason: string; tier: string }>(
      server.services.db,
      sql`SELECT x.end_reason, t.tier::text AS tier FROM listing_access x JOIN tools t ON t.id = x.tool_id
          WHERE x.tool_id = ${earlyTool.id}::uuid`,
    );
    expect(row).toEqual({ end_reason: "window", tier: "free" });
    const audit = await queryRows<{ action: string }>(
      server.services.db,
      sql`SELECT action FROM audit_log WHERE target_id = ${earlyTool.id} ORDER BY at`,
    );
    expect(audit.map((a) => a.action)).toEqual(["listing.early_access", "listing.window_end"]);
  }, 120_000);
});

describe("Expert-only deals", () => {
  let dealId: string;
  const code = "EXPERT40";

  it("the admin marks a deal Expert-only; Expert sees its price and code, others the locked card", async () => {
    const created = await admin.client.form("/admin/deals", {
      intent: "create",
      tool: dealTool.slug,
      dealType: "coupon",
      description: "40% off the first year for Toolscape Experts",
      discountPercent: "40",
      couponCode: code,
      url: "https://deals.example.com/expert-offer",
      expiresOn: dayFromNow(20),
    });
    expect(created.status).toBe(302);
    const [deal] = await queryRows<{ id: string }>(
      server.services.db,
      sql`SELECT id::text AS id FROM deals WHERE coupon_code = ${code}`,
    );
    dealId = deal?.id ?? "";
    const marked = await admin.client.form("/admin/exclusive", { intent: "mark-deal", dealId, kind: "exclusive" });
    expect(marked.status).toBe(302);

    const expertDeals = await text(await expert.client.fetch("/deals"));
    expect(expertDeals).toContain(code);
    expect(expertDeals).toContain("Expert-only deal");
    const expertTool = await text(await expert.client.fetch(`/tools/${dealTool.slug}`));
    expect(expertTool).toContain("40% off");

    for (const client of [standard.client, new Client(server)]) {
      const deals = await text(await client.fetch("/deals"));
      expect(deals).toContain('data-testid="locked-deal-card"');
      expect(deals).toContain(dealTool.name);
      expect(deals).toContain("Upgrade to Expert");
      expect(deals).not.toContain(code);
      expect(deals).not.toContain("40% off the first year");
      expect(deals).not.toContain("deals.example.com");
      const toolPage = await text(await client.fetch(`/tools/${dealTool.slug}`));
      expect(toolPage).toContain('data-testid="locked-deal"');
      expect(toolPage).not.toContain(code);
      expect(toolPage).not.toContain("40% off");
    }
    // The deal's own link is not where /go sends others.
    const go = await new Client(server).fetch(`/go/${dealTool.slug}?to=deal&source=deals`, { redirect: "manual" });
    expect(go.headers.get("location") ?? "").not.toContain("deals.example.com");
    const expertGo = await expert.client.fetch(`/go/${dealTool.slug}?to=deal&source=deals`, { redirect: "manual" });
    expect(expertGo.headers.get("location")).toBe("https://deals.example.com/expert-offer");
  });
});
