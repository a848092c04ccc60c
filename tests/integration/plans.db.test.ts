import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainKey, nameKey } from "../../server/modules/catalog/normalize.ts";
import { categories, tools } from "../../server/tables.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Plans as data (issue 33, ADR 0070): an admin sets a tool's plans with their source; they are a fact
 * with provenance and history, shown in the API's tool and cards ("from $X/mo"), priced for a usage
 * (GET /api/tools/{slug}/cost and the MCP's plan_cost), gated like prices. Real HTTP, a real database;
 * the tools are the test's own (no figure is ever written for a real tool).
 */
let server: TestServer;
let admin: Member;
let member: Member;

const PLANS = [
  {
    name: "Free",
    price: 0,
    quota: { amount: 25, unit: "credits" },
    free_tier: { watermark: true, card_required: false },
  },
  {
    name: "Starter",
    price: 10,
    currency: "USD",
    period: "month",
    quota: { amount: 200, unit: "credits" },
    overage: { price: 5, per: 100, unit: "credits" },
  },
  {
    name: "Team",
    price: 96,
    currency: "USD",
    period: "year",
    per_seat: true,
    min_seats: 2,
    quota: { amount: null, unit: "credits" },
  },
  { name: "Enterprise", price: null, contact_sales: true },
];

async function addTool(key: string, tier: "free" | "expert" = "free") {
  const [cat] = await server.services.db.select({ id: categories.id }).from(categories).limit(1);
  const name = `Plantest ${key} ${Math.random().toString(36).slice(2, 6)}`;
  const url = `https://plantest-${key}-${Math.random().toString(36).slice(2, 8)}.example`;
  const slug = `plantest-${key}-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await server.services.db
    .insert(tools)
    .values({
      slug,
      name,
      description: "A fixture tool for plans.",
      categoryId: cat?.id as number,
      websiteUrl: url,
      domainKey: domainKey(url),
      nameKey: nameKey(name),
      tier,
    })
    .returning({ id: tools.id });
  return { id: row?.id as string, slug, name };
}

const putPlans = (who: Client, id: string, body: unknown) => who.json(`/api/admin/tools/${id}/plans`, "PUT", body);

beforeAll(async () => {
  // Pages too: the tool page's plan table and its cost form.
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  admin = await createMember(server, { role: "admin", name: "Plan Admin" });
  member = await createMember(server, { name: "Plan Member" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("plans as a fact", () => {
  it("are set by an admin only, with a source URL, and refused when malformed", async () => {
    const tool = await addTool("rules");
    const ok = { plans: PLANS, source_url: "https://plantest.example/pricing" };
    expect((await putPlans(new Client(server), tool.id, ok)).status).toBe(401);
    expect((await putPlans(member.client, tool.id, ok)).status).toBe(403);
    const noSource = await putPlans(admin.client, tool.id, { plans: PLANS });
    expect(noSource.status).toBe(400);
    expect(((await noSource.json()) as { error: string }).error).toMatch(/source_url is required/);
    const bad = [
      [{ name: "Pro", price: 10 }], // a price without its currency and period
      [{ name: "Pro", price: -1, currency: "USD", period: "month" }],
      [{ name: "Pro", price: 5, currency: "usd", period: "month" }],
      [{ name: "Sales", price: 5, currency: "USD", period: "month", contact_sales: true }],
      [
        { name: "A", price: 0 },
        { name: "a", price: 0 },
      ],
      [{ name: "Pro", price: 5, currency: "USD", period: "month", secret: 1 }],
    ];
    for (const plans of bad) {
      const res = await putPlans(admin.client, tool.id, { plans, source_url: "https://plantest.example/pricing" });
      expect(res.status, JSON.stringify(plans)).toBe(400);
    }
    expect((await putPlans(admin.client, tool.id, { plans: PLANS, source_url: "ftp://x.example/p" })).status).toBe(400);
    expect((await putPlans(admin.client, "no-such-tool-zz", ok)).status).toBe(404);
    const [row] = await server.services.db.select({ plans: tools.plans }).from(tools).where(eq(tools.id, tool.id));
    expect(row?.plans).toBeNull();
  });

  it("carry provenance and history, and show in the tool, the cards and the cost answer", async () => {
    const tool = await addTool("shown");
    const res = await putPlans(admin.client, tool.id, { plans: PLANS, source_url: "https://plantest.example/pricing" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, changed: true });
    // The same plans again change nothing (no second history entry).
    const again = await putPlans(admin.client, tool.id, {
      plans: PLANS,
      source_url: "https://plantest.example/pricing",
    });
    expect(await again.json()).toMatchObject({ changed: false });

    const detail = (await (await new Client(server).fetch(`/api/tools/${tool.slug}`)).json()) as {
      tool: { plans: { name: string; price: number | null; currency: string | null }[]; plan_label: string };
      provenance: Record<string, { kind: string; source_url: string | null; verified_at: string | null }>;
    };
    expect(detail.tool.plans.map((p) => [p.name, p.price])).toEqual([
      ["Free", 0],
      ["Starter", 10],
      ["Team", 96],
      ["Enterprise", null],
    ]);
    expect(detail.tool.plan_label).toBe("Free plan · from $8/seat/mo");
    expect(detail.provenance.plans).toMatchObject({ kind: "editor", source_url: "https://plantest.example/pricing" });
    expect(detail.provenance.plans?.verified_at).toBeTruthy();

    const history = (await (await new Client(server).fetch(`/api/tools/${tool.slug}/history`)).json()) as {
      history: { field: string; old_value: unknown; new_value: unknown; kind: string }[];
    };
    const changes = history.history.filter((h) => h.field === "plans");
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ old_value: null, kind: "editor" });

    const list = (await (await new Client(server).fetch(`/api/tools?q=${encodeURIComponent(tool.name)}`)).json()) as {
      tools: { slug: string; plan_label: string | null; plan_summary: unknown }[];
    };
    const card = list.tools.find((t) => t.slug === tool.slug);
    expect(card?.plan_label).toBe("Free plan · from $8/seat/mo");
    expect(card?.plan_summary).toEqual({ from_monthly: 8, currency: "USD", per_seat: true, has_free_plan: true });

    const cost = async (q: string) => (await new Client(server).fetch(`/api/tools/${tool.slug}/cost${q}`)).json();
    expect(await cost("?seats=1&usage=250")).toMatchObject({
      success: true,
      seats: 1,
      usage: 250,
      cost: { status: "ok", plan: "Starter", monthly_cost: 15, currency: "USD", unit: "credits" },
    });
    expect(await cost("?seats=3&usage=5000")).toMatchObject({
      cost: {
        status: "ok",
        plan: "Team",
        monthly_cost: 24,
        steps: ["$96/year ÷ 12 = $8/month", "$8 × 3 seats = $24/month", "unlimited credits", "Team: $24 a month"],
      },
    });
    expect(await cost("")).toMatchObject({ seats: 1, usage: 0, cost: { status: "ok", plan: "Free", monthly_cost: 0 } });
    for (const q of ["?seats=0", "?seats=abc", "?usage=-5", "?seats=1e9", "?usage=99999999999"]) {
      expect((await new Client(server).fetch(`/api/tools/${tool.slug}/cost${q}`)).status, q).toBe(400);
    }
    expect((await new Client(server).fetch("/api/tools/no-such-tool-zz/cost")).status).toBe(404);
  });

  it("answers 'not enough known' for a tool without plans, and withholds prices above the caller's tier", async () => {
    const bare = await addTool("bare");
    expect(await (await new Client(server).fetch(`/api/tools/${bare.slug}/cost?usage=10`)).json()).toMatchObject({
      cost: { status: "not_enough_known", reason: "No plans are known for this tool.", plans: [] },
    });
    const detail = (await (await new Client(server).fetch(`/api/tools/${bare.slug}`)).json()) as {
      tool: { plans: unknown; plan_label: unknown };
    };
    expect(detail.tool.plans).toBeNull();
    expect(detail.tool.plan_label).toBeNull();

    const locked = await addTool("locked", "expert");
    await putPlans(admin.client, locked.id, { plans: PLANS, source_url: "https://plantest.example/pricing" });
    const answer = (await (await new Client(server).fetch(`/api/tools/${locked.slug}/cost?usage=10`)).json()) as {
      cost: unknown;
      locked: unknown;
    };
    expect(answer.cost).toBeNull();
    expect(answer.locked).toMatchObject({ reason: "tier", requiredTier: "expert" });
    const overview = (await (await new Client(server).fetch(`/api/tools/${locked.slug}`)).json()) as {
      tool: { plans: unknown; plan_label: unknown };
      provenance: Record<string, unknown>;
    };
    expect(overview.tool.plans).toBeNull();
    expect(overview.tool.plan_label).toBeNull();
    expect(overview.provenance.plans).toBeUndefined();
  });

  it("show on the tool page as a table, with a cost form that works without JavaScript", async () => {
    const tool = await addTool("page");
    await putPlans(admin.client, tool.id, { plans: PLANS, source_url: "https://plantest.example/pricing" });
    const html = await (await new Client(server).fetch(`/tools/${tool.slug}`)).text();
    const table = html.slice(html.indexOf('data-testid="tool-plans"'));
    expect(table).toContain("Contact sales");
    expect(table).toContain("$96 per seat/year");
    expect(table).toContain("25 credits a month");
    expect(table).toContain("$5 per 100 credits");
    expect(table).toContain("Watermark · No card to start");
    expect(table).toContain("Not stated");
    const form = /<form[^>]*>/.exec(table)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain(`action="/tools/${tool.slug}#plans"`);
    expect(table).not.toContain('data-testid="plan-cost"');
    // The form's GET: the answer and its arithmetic, rendered by the server.
    const answered = await (await new Client(server).fetch(`/tools/${tool.slug}?seats=3&usage=5000`)).text();
    const cost = answered.slice(
      answered.indexOf('data-testid="plan-cost"'),
      answered.indexOf('data-testid="plan-cost"') + 2000,
    );
    expect(cost).toContain("Team: $24 a month");
    expect(cost).toContain("$96/year ÷ 12 = $8/month");
    const bad = await new Client(server).fetch(`/tools/${tool.slug}?seats=0`);
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain("seats must be at least 1");
    // Cards say "from $X/mo".
    const list = await (await new Client(server).fetch(`/tools?q=${encodeURIComponent(tool.name)}`)).text();
    expect(list).toContain("Free plan · from $8/seat/mo");
  });

  it("are documented in the OpenAPI document", async () => {
    const doc = (await (await new Client(server).fetch("/api/openapi.json")).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/tools/{idOrSlug}/cost", "/admin/tools/{id}/plans"]),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["PlanCost", "ToolCost"]));
  });

  it("reach assistants: get_tool carries the plans, plan_cost prices a usage", async () => {
    const tool = await addTool("mcp");
    await putPlans(admin.client, tool.id, { plans: PLANS, source_url: "https://plantest.example/pricing" });
    const client = new McpClient({ name: "plans-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { "x-forwarded-for": "10.33.1.1" } },
      }),
    );
    const payload = (r: unknown) => JSON.parse((r as { content: { text: string }[] }).content[0]?.text ?? "null");
    const got = payload(await client.callTool({ name: "get_tool", arguments: { tool: tool.slug } }));
    expect(got.plans).toHaveLength(4);
    expect(got.plans_from).toBe("Free plan · from $8/seat/mo");
    const cost = payload(
      await client.callTool({ name: "plan_cost", arguments: { tool: tool.slug, seats: 1, usage: 250 } }),
    );
    expect(cost).toMatchObject({ seats: 1, usage: 250, cost: { status: "ok", plan: "Starter", monthly_cost: 15 } });
    expect(cost.plans_source).toBe("editor");
    await client.close();
  });
});
