import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainKey, nameKey } from "../../server/modules/catalog/normalize.ts";
import { categories, tools } from "../../server/tables.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The detailed comparison sheet (issue 34 item 2, ADR 0078): /compare/sheet for Standard and Expert —
 * plans and the cost for the entered usage, every fact with its source and date, the rows that differ
 * marked, a link to share, print CSS. Free members and visitors get a page naming the plan (403/401)
 * and /compare offers the sheet or the upgrade. Plain GET, no JavaScript. Real HTTP.
 */
let server: TestServer;
let free: Member;
let standard: Member;
const WORD = `Sheetfix${Math.random().toString(36).slice(2, 6)}`;
const slugs: Record<string, string> = {};
const SRC = "https://sheetfix.example/terms";
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  const admin = await createMember(server, { role: "admin" });
  [free, standard] = await Promise.all([
    createMember(server, { tier: "free" }),
    createMember(server, { tier: "standard" }),
  ]);
  const [cat] = await server.services.db.select({ id: categories.id }).from(categories).limit(1);
  for (const key of ["alpha", "bravo"]) {
    const name = `${WORD} ${key}`;
    const url = `https://sheetfix-${key}-${Math.random().toString(36).slice(2, 8)}.example`;
    const slug = `sheetfix-${key}-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await server.services.db
      .insert(tools)
      .values({
        slug,
        name,
        description: "A fixture tool for the comparison sheet.",
        categoryId: cat?.id as number,
        websiteUrl: url,
        domainKey: domainKey(url),
        nameKey: nameKey(name),
      })
      .returning({ id: tools.id });
    slugs[key] = slug;
    const plans = await admin.client.json(`/api/admin/tools/${row?.id}/plans`, "PUT", {
      plans: [{ name: "Pro", price: key === "alpha" ? 10 : 20, currency: "USD", period: "month" }],
      source_url: "https://sheetfix.example/pricing",
    });
    expect(plans.status).toBe(200);
    const facts = await admin.client.json(`/api/admin/tools/${row?.id}/decision-facts`, "PUT", {
      has_api: { value: key === "alpha", quote: "Our API docs.", url: SRC, date: "2026-11-20" },
    });
    expect(facts.status).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe("the detailed comparison sheet", () => {
  it("shows plans, the cost for the usage, facts with source and date, differences, a share link", async () => {
    const url = `/compare/sheet?tools=${slugs.alpha},${slugs.bravo}&seats=1&usage=0`;
    const res = await standard.client.fetch(url);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('data-testid="compare-sheet"');
    expect(html).toContain("Plans and cost for your usage");
    expect(html).toMatch(/Pro: \$10\.00 a month/);
    expect(html).toMatch(/Pro: \$20\.00 a month/);
    // The API fact: its value, its quote as the source, the stated page and date; the rows differ.
    expect(html).toContain(`href="${SRC}"`);
    expect(html).toContain("Our API docs.</a>, 2026-11-20");
    expect(html).toMatch(/<tr data-differs=""[^>]*><th[^>]*>API<span/);
    expect(html).toMatch(/<tr data-differs=""[^>]*><th[^>]*>Entry price/);
    // The plans' source is the editor's pricing page, dated.
    expect(html).toContain('href="https://sheetfix.example/pricing"');
    expect(html).toMatch(/data-testid="share-link">http[^<]*\/compare\/sheet\?tools=sheetfix-alpha/);
    expect(html).toContain("data-print-sheet");
  });

  it("names the plan below Standard, asks visitors to sign in, and /compare offers either", async () => {
    const url = `/compare/sheet?tools=${slugs.alpha},${slugs.bravo}`;
    const refused = await free.client.fetch(url);
    expect(refused.status).toBe(403);
    const html = await text(refused);
    expect(html).toContain("Detailed comparisons are available for Standard and Expert members.");
    expect(html).toContain('href="/pricing"');
    expect((await new Client(server).fetch(url)).status).toBe(401);

    const basic = await text(await free.client.fetch(`/compare?tools=${slugs.alpha},${slugs.bravo}`));
    expect(basic).toContain("is available for Standard and Expert members");
    const offered = await text(await standard.client.fetch(`/compare?tools=${slugs.alpha},${slugs.bravo}`));
    expect(offered).toContain(`href="/compare/sheet?tools=${slugs.alpha},${slugs.bravo}"`);
  });

  it("refuses bad input with a clear 400", async () => {
    const res = await standard.client.fetch(`/compare/sheet?tools=${slugs.alpha}&seats=-3`);
    expect(res.status).toBe(400);
  });
});
