import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainKey, nameKey } from "../../server/modules/catalog/normalize.ts";
import { planCost } from "../../server/modules/catalog/plan-cost.ts";
import { normalisePlans } from "../../server/modules/catalog/plans.ts";
import { categories, tools } from "../../server/tables.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Compare by cost (issue 33 item 4, ADR 0072): /compare?tools=…&seats=&usage= shows each tool's
 * cheapest fitting plan with plan-cost.ts's arithmetic, or "not enough known", and orders the tools by
 * that cost (USD first, another currency after, unknown last). Plain GET, no JavaScript. Real HTTP.
 */
let server: TestServer;
let expert: Member;
const WORD = `Costfix${Math.random().toString(36).slice(2, 6)}`;
const PLANS = {
  xray: [
    {
      name: "Starter",
      price: 10,
      currency: "USD",
      period: "month",
      quota: { amount: 200, unit: "credits" },
      overage: { price: 5, per: 100, unit: "credits" },
    },
  ],
  yank: [{ name: "Pro", price: 96, currency: "USD", period: "year", quota: { amount: null, unit: "credits" } }],
  zulu: null,
  whisky: [{ name: "Basis", price: 3, currency: "EUR", period: "month", quota: { amount: null, unit: "credits" } }],
} as const;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  expert = await createMember(server, { tier: "expert", name: "Cost Expert" });
  const admin = await createMember(server, { role: "admin", name: "Cost Admin" });
  const [cat] = await server.services.db.select({ id: categories.id }).from(categories).limit(1);
  for (const [key, plans] of Object.entries(PLANS)) {
    const name = `${WORD} ${key}`;
    const url = `https://costfix-${key}-${Math.random().toString(36).slice(2, 8)}.example`;
    const slug = `costfix-${key}-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await server.services.db
      .insert(tools)
      .values({
        slug,
        name,
        description: "A fixture tool for compare by cost.",
        categoryId: cat?.id as number,
        websiteUrl: url,
        domainKey: domainKey(url),
        nameKey: nameKey(name),
      })
      .returning({ id: tools.id });
    slugs[key] = slug;
    if (plans) {
      const res = await admin.client.json(`/api/admin/tools/${row?.id}/plans`, "PUT", {
        plans,
        source_url: "https://costfix.example/pricing",
      });
      expect(res.status).toBe(200);
    }
  }
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const order = ["zulu", "xray", "whisky", "yank"];
const rowsOf = (html: string) => {
  const list = html.slice(
    html.indexOf('data-testid="compare-costs"'),
    html.indexOf("</ol>", html.indexOf('data-testid="compare-costs"')),
  );
  return list.split('data-testid="compare-cost-row"').slice(1);
};

describe("compare by cost", () => {
  it("shows each tool's cheapest fitting plan with the arithmetic, cheapest first, unknown last", async () => {
    const path = `/compare?tools=${order.map((k) => slugs[k]).join(",")}&seats=1&usage=250`;
    const res = await expert.client.fetch(path);
    expect(res.status).toBe(200);
    const html = (await res.text()).replaceAll("<!-- -->", "");
    const rows = rowsOf(html);
    expect(rows.map((r) => /Costfix\w+ (\w+)/.exec(r)?.[1])).toEqual(["yank", "xray", "whisky", "zulu"]);
    // The arithmetic is plan-cost.ts's, step by step.
    const xray = planCost(normalisePlans(PLANS.xray), { seats: 1, usage: 250 });
    expect(xray).toMatchObject({ status: "ok", monthly_cost: 15 });
    if (xray.status !== "ok") throw new Error("unreachable");
    expect(rows[1]).toContain("$15/mo");
    for (const step of xray.steps) expect(rows[1]).toContain(step.replaceAll("&", "&amp;"));
    expect(rows[0]).toContain("$8/mo");
    expect(rows[0]).toContain("$96/year ÷ 12 = $8/month");
    expect(rows[2]).toContain("€3/mo");
    expect(rows[3]).toContain("Not enough known");
    // The grid below follows the same order.
    const grid = html.slice(html.indexOf("</ol>"));
    const positions = ["yank", "xray", "whisky", "zulu"].map((k) => grid.indexOf(`${WORD} ${k}`));
    expect(positions.every((p, i) => p > 0 && (i === 0 || p > (positions[i - 1] as number)))).toBe(true);
  });

  it("changes the answer with seats and usage, and refuses bad numbers", async () => {
    const base = `/compare?tools=${slugs.xray},${slugs.yank}`;
    // 50 credits: Starter's $10 fits with no overage, still above Pro's $8.
    const small = rowsOf((await (await expert.client.fetch(`${base}&usage=50`)).text()).replaceAll("<!-- -->", ""));
    expect(small[1]).toContain("$10/mo");
    // Without seats or usage there is no cost list, and the order is the one asked for.
    const plain = await (await expert.client.fetch(base)).text();
    expect(plain).not.toContain('data-testid="compare-costs"');
    expect(plain).toContain('name="seats"');
    for (const q of ["seats=0", "seats=abc", "usage=-1"]) {
      expect((await expert.client.fetch(`${base}&${q}`)).status, q).toBe(400);
    }
  });

  it("answers the same through the API: GET /api/tools/compare with seats and usage", async () => {
    const ids = order.map((k) => slugs[k]).join(",");
    const res = await expert.client.fetch(`/api/tools/compare?ids=${ids}&seats=1&usage=250`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      tools: { id: string; slug: string }[];
      costs: { tool_id: string; status: string; monthly_cost?: number; currency?: string; steps?: string[] }[];
    };
    const slugOf = new Map(body.tools.map((t) => [t.id, t.slug]));
    expect(body.costs.map((c) => slugOf.get(c.tool_id))).toEqual(
      ["yank", "xray", "whisky", "zulu"].map((k) => slugs[k]),
    );
    const xray = planCost(normalisePlans(PLANS.xray), { seats: 1, usage: 250 });
    if (xray.status !== "ok") throw new Error("unreachable");
    expect(body.costs[1]).toMatchObject({ status: "ok", monthly_cost: 15, currency: "USD", steps: xray.steps });
    expect(body.costs[3]).toMatchObject({ status: "not_enough_known" });
    // Without seats or usage the answer is the plain comparison; bad numbers are a 400.
    expect(await (await expert.client.fetch(`/api/tools/compare?ids=${ids}`)).json()).not.toHaveProperty("costs");
    expect((await expert.client.fetch(`/api/tools/compare?ids=${ids}&seats=0`)).status).toBe(400);
  });

  it("answers a visitor too (a plain GET form, no JavaScript)", async () => {
    const visitor = new Client(server);
    const html = (await (await visitor.fetch(`/compare?tools=${slugs.xray}&usage=250`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(rowsOf(html)[0]).toContain("$15/mo");
  });
});
