import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: a request may say which client it is (X-Forwarded-For), as behind our proxy.
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
/** A browser's user agent: /go does not count robots (and Node's fetch says "node"). */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const html = async (path: string, init?: RequestInit) => {
  const res = await server.get(path, {
    redirect: "manual",
    ...init,
    headers: { "user-agent": BROWSER, ...init?.headers },
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
};
/** A request from a client address of its own. */
const fromClient = (n: number): RequestInit => ({ headers: { "x-forwarded-for": `198.51.100.${n}` } });
const toolRow = async (slug: string) => {
  const [row] = await queryRows<{ id: string; clicks: number; website_url: string; category_id: number }>(
    db(),
    sql`SELECT id, clicks, website_url, category_id FROM tools WHERE slug = ${slug}`,
  );
  if (!row) throw new Error(`no tool ${slug}`);
  return row;
};
const events = (toolId: string) =>
  queryRows<{ source: string; destination: string; kind: string }>(
    db(),
    sql`SELECT source, destination, kind::text AS kind FROM tool_events WHERE tool_id = ${toolId}::uuid ORDER BY id`,
  );
const ldJson = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>,
  );
/** The opening tag of the tab panel whose id ends in -content-{tab}. */
const panelTag = (body: string, tab: string) =>
  body.match(new RegExp(`<div(?=[^>]*role="tabpanel")[^>]*id="[^"]*-panel-${tab}"[^>]*>`))?.[0] ?? "";

describe("tool page", () => {
  it("renders header, side card, the tabs that have content and outbound links through /go", async () => {
    const { status, body } = await html("/tools/midjourney");
    expect(status).toBe(200);
    expect(body).toMatch(/<h1[^>]*>Midjourney<\/h1>/);
    expect(body).toContain('href="/tools?category=image-generation"');
    // 'Updated' is a real change of the tool's facts; the seeded tool has had none (not the import date).
    expect(body).not.toMatch(/Updated <time/);
    for (const tab of ["overview", "alternatives", "history"]) {
      expect(panelTag(body, tab), tab).not.toBe("");
    }
    // Empty tabs are not offered (issue 36): no features, screenshots or reviews yet; the overview asks for the first review.
    expect(panelTag(body, "features")).toBe("");
    expect(panelTag(body, "screenshots")).toBe("");
    expect(panelTag(body, "reviews")).toBe("");
    expect(body).toContain('href="/tools/midjourney?tab=reviews#tabs"');
    expect(body).toContain("Be the first to review <!-- -->Midjourney");
    expect(panelTag(body, "overview")).not.toContain("hidden");
    expect(panelTag(body, "alternatives")).toContain('hidden=""');
    // Without JavaScript every tab is a link that opens the page on that tab.
    expect(body).toContain('href="/tools/midjourney?tab=alternatives#tabs"');
    expect(body).toContain('href="/go/midjourney?to=website&amp;source=detail"');
    expect(body).not.toMatch(/href="https?:\/\/(www\.)?midjourney\.com/);
    // The editors checked its own site: named as text in "Where these facts come from", not linked.
    expect(body).toContain('data-testid="fact-sources"');
    expect(body).toMatch(/checked by our editors(<!-- -->)? \((<!-- -->)?midjourney\.com(<!-- -->)?\)/);
    // No deal, no demo stored: neither button is shown.
    expect(body).not.toContain("Get deal");
    expect(body).not.toContain("Try demo");
    // The side card is about the tool: no Toolscape membership note (issue 36; it read as the tool's guarantee).
    expect(body).not.toContain("money-back guarantee");
    expect(body).not.toContain("Toolscape memberships");
    // Asked for by its address, the empty Reviews tab still opens, with its form.
    const reviews = await html("/tools/midjourney?tab=reviews");
    expect(panelTag(reviews.body, "reviews")).not.toContain("hidden");
    expect(reviews.body).toContain("No reviews yet");
  });

  it("tells the history in a reader's words: no file paths, no rule names, no logo swaps (issue 36)", async () => {
    const { id } = await toolRow("midjourney");
    await db().execute(sql`INSERT INTO tool_fact_history (tool_id, field, old_value, new_value, kind, source, created_at)
      VALUES (${id}::uuid, 'logo_url', 'null'::jsonb, '"/media/logos/midjourney-128.webp?v=2"'::jsonb, 'inferred', 'LobeHub (MIT) mark "Midjourney"', now()),
             (${id}::uuid, 'description', '"Animage lab"'::jsonb, '"An image lab"'::jsonb, 'inferred', 'text normaliser (glued-article)', now()),
             (${id}::uuid, 'pricing_model', '"Unknown"'::jsonb, '"Paid"'::jsonb, 'inferred', 'price words in its description ("subscription")', now())`);
    const { body } = await html("/tools/midjourney?tab=history");
    // The rendered section (the page's data still carries the raw rows the API publishes).
    const start = body.indexOf('data-testid="fact-history"');
    const history = body.slice(start, body.indexOf("</section>", start));
    expect(history).not.toContain("/media/logos");
    expect(history).not.toMatch(/normaliser|glued-article/);
    expect(history).toContain("Tidied automatically (spacing and punctuation)");
    expect(history).toMatch(/Pricing model set to <!-- -->Paid|Pricing model set to Paid/);
    expect(history).not.toMatch(/data-field="logo_url"/);
  });

  it("opens the tab named in ?tab= and falls back to the overview for an unknown one", async () => {
    const alt = await html("/tools/midjourney?tab=alternatives");
    expect(alt.status).toBe(200);
    expect(panelTag(alt.body, "alternatives")).not.toContain("hidden");
    expect(panelTag(alt.body, "overview")).toContain('hidden=""');
    expect(alt.body).toContain('data-testid="alternatives"');
    const bogus = await html("/tools/midjourney?tab=%3Cscript%3E");
    expect(bogus.status).toBe(200);
    expect(panelTag(bogus.body, "overview")).not.toContain("hidden");
  });

  it("is findable: title, description, absolute canonical, Open Graph and JSON-LD without invented ratings", async () => {
    const { body } = await html("/tools/midjourney?tab=features");
    expect(body).toMatch(/<title>Midjourney — Image Generation AI tool \| Toolscape<\/title>/);
    expect(body).toMatch(/<meta name="description" content="An independent research lab[^"]*"/);
    expect(body).toContain(`<link rel="canonical" href="${server.url}/tools/midjourney"/>`);
    expect(body).toContain(`<meta property="og:url" content="${server.url}/tools/midjourney"/>`);
    expect(body).toContain('<meta property="og:type" content="website"/>');
    expect(body).toMatch(/<meta property="og:title" content="Midjourney/);
    expect(body).toMatch(/<meta property="og:description" content="An independent/);
    const [app, crumbs] = ldJson(body);
    expect(app).toMatchObject({
      "@type": "SoftwareApplication",
      name: "Midjourney",
      applicationCategory: "Image Generation",
    });
    expect(app).not.toHaveProperty("aggregateRating");
    expect(app).not.toHaveProperty("offers"); // pricing unknown: no price is claimed
    expect(crumbs?.["@type"]).toBe("BreadcrumbList");
    expect(((crumbs?.itemListElement ?? []) as unknown[]).length).toBe(4);
  });

  it("stays small: the HTML of a tool page is well under 40 KB gzipped", async () => {
    const { body } = await html("/tools/midjourney");
    expect(gzipSync(body).length).toBeLessThan(40 * 1024);
  });

  it("shows Get deal and Try demo only when the tool has them, with real price data in JSON-LD", async () => {
    await db().execute(sql`UPDATE tools SET
      demo_url = 'https://demo.example.org/try', affiliate_url = 'https://partner.example.org/deal?ref=ts',
      pricing = '{"original":"$20/mo","discounted":"$15/mo","discount":"25% off"}'::jsonb
      WHERE slug = 'dreamlike'`);
    const { body } = await html("/tools/dreamlike");
    expect(body).toContain('href="/go/dreamlike?to=deal&amp;source=detail"');
    expect(body).toContain('href="/go/dreamlike?to=demo&amp;source=detail"');
    expect(body).toContain("25% off");
    const [app] = ldJson(body);
    expect(app?.offers).toMatchObject({ "@type": "Offer", price: "15", priceCurrency: "USD" });

    // An expired deal is no deal.
    await db().execute(sql`UPDATE tools SET pricing = '{"discount":"50%","dealEnds":"2001-01-01"}'::jsonb
      WHERE slug = 'dreamlike'`);
    const expired = await html("/tools/dreamlike");
    expect(expired.body).not.toContain("Get deal");
    expect(expired.body).toContain("Try demo");
  });

  it("an unknown tool is a 404 with the not-found view", async () => {
    const { status, body } = await html("/tools/there-is-no-such-tool");
    expect(status).toBe(404);
    expect(body).toContain("Tool Not Found");
    expect(body).toContain("The tool you&#x27;re looking for doesn&#x27;t exist or has been removed.");
    expect(body).toMatch(/<a[^>]*href="\/tools"[^>]*>Browse all tools<\/a>/);
  });
});

describe("/go/{slug}", () => {
  it("records the click and redirects to the tool's website", async () => {
    const before = await toolRow("getimg-ai");
    const res = await html("/go/getimg-ai?to=website&source=detail");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(new URL(before.website_url).toString());
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const after = await toolRow("getimg-ai");
    expect(after.clicks).toBe(before.clicks + 1);
    expect(await events(before.id)).toEqual([
      { kind: "click", source: "detail", destination: new URL(before.website_url).toString() },
    ]);
  });

  it("records an unknown or missing source as 'unknown' and defaults to the website", async () => {
    const tool = await toolRow("accomplice");
    const res = await html("/go/accomplice?source=%3Cimg%3E", fromClient(1));
    expect(res.status).toBe(302);
    await html("/go/accomplice", fromClient(2));
    const rows = await events(tool.id);
    expect(rows.map((r) => r.source)).toEqual(["unknown", "unknown"]);
    expect((await toolRow("accomplice")).clicks).toBe(tool.clicks + 2);
  });

  it("counts a visitor's repeated clicks on a tool once per 10 minutes, and still sends every one on", async () => {
    const tool = await toolRow("leonardo");
    for (let i = 0; i < 3; i++) {
      const res = await html("/go/leonardo?source=detail", fromClient(10));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(new URL(tool.website_url).toString());
    }
    expect((await toolRow("leonardo")).clicks).toBe(tool.clicks + 1);
    // Another visitor counts; the first visitor's click on another tool counts too.
    await html("/go/leonardo?source=detail", fromClient(11));
    expect((await toolRow("leonardo")).clicks).toBe(tool.clicks + 2);
    const other = await toolRow("getimg-ai");
    await html("/go/getimg-ai?source=detail", fromClient(10));
    expect((await toolRow("getimg-ai")).clicks).toBe(other.clicks + 1);
    // Nothing that identifies the visitor is stored with the click; the repeat key is a keyed hash.
    const keys = await queryRows<{ key: string }>(db(), sql`SELECT key FROM rate_limits WHERE key LIKE 'click:%'`);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).not.toContain("198.51.100");
  });

  it("never redirects to a URL from the query string", async () => {
    const tool = await toolRow("promeai");
    const bad = await html("/go/promeai?to=https%3A%2F%2Fevil.example%2F");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("location")).toBeNull();
    expect(bad.body).toContain("to must be one of: website, demo, deal");
    const extra = await html(
      "/go/promeai?url=https://evil.example/&destination=https://evil.example/&next=//evil.example",
    );
    expect(extra.status).toBe(302);
    expect(extra.headers.get("location")).toBe(new URL(tool.website_url).toString());
    const slugTrick = await html("/go/%2F%2Fevil.example");
    expect(slugTrick.status).toBe(404);
    expect(slugTrick.headers.get("location")).toBeNull();
  });

  it("sends demo and deal clicks to the tool's stored links, falling back to the website", async () => {
    await db().execute(sql`UPDATE tools SET demo_url = 'https://demo.example.org/', affiliate_url = NULL
      WHERE slug = 'dalle-2'`);
    const tool = await toolRow("dalle-2");
    const demo = await html("/go/dalle-2?to=demo&source=detail", fromClient(3));
    expect(demo.headers.get("location")).toBe("https://demo.example.org/");
    const deal = await html("/go/dalle-2?to=deal&source=detail", fromClient(4));
    expect(deal.headers.get("location")).toBe(new URL(tool.website_url).toString());
    const rows = await events(tool.id);
    expect(rows.map((r) => r.destination)).toEqual(["https://demo.example.org/", new URL(tool.website_url).toString()]);
  });

  it("accepts the tool id as well as the slug", async () => {
    const tool = await toolRow("midjourney");
    const res = await html(`/go/${tool.id}?source=card`);
    expect(res.status).toBe(302);
    expect((await events(tool.id)).at(-1)?.source).toBe("card");
  });

  it("does not count robots or HEAD probes, but still sends them on", async () => {
    const tool = await toolRow("short-description-image-generator");
    const res = await html("/go/short-description-image-generator", {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(res.status).toBe(302);
    const head = await html("/go/short-description-image-generator", { method: "HEAD" });
    expect(head.status).toBe(302);
    expect((await toolRow("short-description-image-generator")).clicks).toBe(tool.clicks);
    expect(await events(tool.id)).toEqual([]);
  });

  it("an unknown tool is a 404 page and records nothing", async () => {
    const [before] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM tool_events`);
    const res = await html("/go/no-such-tool-anywhere?to=website");
    expect(res.status).toBe(404);
    expect(res.body).toContain("Tool Not Found");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const [after] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM tool_events`);
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a stored link that is not http(s)", async () => {
    await db().execute(sql`UPDATE tools SET website_url = 'javascript:alert(1)' WHERE slug = '008'`);
    const res = await html("/go/008");
    expect(res.status).toBe(404);
    expect(res.headers.get("location")).toBeNull();
  });
});

describe("other tool URLs", () => {
  it("/category/{categoryId}/{toolId} answers 301 to the canonical /tools/{slug}", async () => {
    const tool = await toolRow("midjourney");
    const bySlug = await html("/category/image-generation/midjourney");
    expect(bySlug.status).toBe(301);
    expect(bySlug.headers.get("location")).toBe("/tools/midjourney");
    const byId = await html(`/category/${tool.category_id}/${tool.id}`);
    expect(byId.status).toBe(301);
    expect(byId.headers.get("location")).toBe("/tools/midjourney");
    const missing = await html("/category/vision/no-such-tool");
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("Tool Not Found");
  });

  it("/tools/premium-tool-id is the static upgrade prompt", async () => {
    const { status, body } = await html("/tools/premium-tool-id");
    expect(status).toBe(200);
    expect(body).toMatch(/<a[^>]*href="\/pricing"[^>]*>Upgrade Now<\/a>/);
    expect(body).not.toContain("Tool Not Found");
  });
});
