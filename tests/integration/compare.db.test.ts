import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

type Tool = {
  id: string;
  slug: string;
  name: string;
  features: string[];
  pros: string[];
  cons: string[];
  pricing: unknown;
  [key: string]: unknown;
};
type CompareBody = {
  success: boolean;
  tools: Tool[];
  max: number;
  omitted: number;
  missing: string[];
  error?: string;
};

let server: TestServer;
let ids: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
  const rows = await queryRows<{ id: string; slug: string }>(
    server.services.db,
    sql`SELECT id, slug FROM tools WHERE slug IN ('chatgpt', 'claude', 'airbyte', 'appwrite', 'midjourney')`,
  );
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  // A tool whose listing carries pros, cons and a deal, as a real listing may; this is the test's own database.
  await server.services.db.execute(sql`UPDATE tools SET pros = ARRAY['Great connectors', 'Self-hostable'],
    cons = ARRAY['Steep learning curve'], pricing = '{"original":"$100","discounted":"$80","discount":"20% off"}'::jsonb
    WHERE slug = 'airbyte'`);
});
afterAll(async () => {
  await server?.close();
});

const compare = (qs: string) => server.json<CompareBody>(`/api/tools/compare${qs}`);
const html = async (path: string) => {
  const res = await server.get(path, { redirect: "manual" });
  return { status: res.status, body: await res.text(), location: res.headers.get("location") };
};

describe("GET /api/tools/compare", () => {
  it("answers bad input with a 400 and a message, never a 500", async () => {
    const cases: Array<[string, RegExp]> = [
      ["", /Required: a comma list of 1 to 10 tool ids or slugs/],
      ["?ids=", /Name at least one tool/],
      ["?ids=,,", /Name at least one tool/],
      ["?ids=chatgpt,not%20a%20slug", /'not a slug' is not a tool id or slug/],
      ["?ids=<script>", /is not a tool id or slug/],
      [`?ids=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(",")}`, /At most 10 tools can be compared at once/],
      [`?ids=${"a".repeat(2001)}`, /too long/],
    ];
    for (const [qs, message] of cases) {
      const { status, body } = await compare(qs);
      expect(status, qs).toBe(400);
      expect(body.success, qs).toBe(false);
      expect(body.error, qs).toMatch(message);
    }
  });

  it("is not mistaken for a tool slug (/api/tools/{id or slug})", async () => {
    const { status, body } = await compare("");
    expect(status).toBe(400);
    expect(body.error).not.toBe("Tool not found");
  });

  it("returns the tools by slug or id, in the order asked for", async () => {
    const a = await compare("?ids=claude,chatgpt");
    expect(a.status).toBe(200);
    expect(a.body.success).toBe(true);
    expect(a.body.tools.map((t) => t.slug)).toEqual(["claude", "chatgpt"]);
    const b = await compare(`?ids=${ids.chatgpt},${ids.claude}`);
    expect(b.body.tools.map((t) => t.slug)).toEqual(["chatgpt", "claude"]);
    const upper = await compare(`?ids=${ids.claude?.toUpperCase()}, ChatGPT `);
    expect(upper.body.tools.map((t) => t.slug)).toEqual(["claude", "chatgpt"]);
  });

  it("skips unknown ids, reports them, and counts an id and its slug once", async () => {
    const { status, body } = await compare(
      `?ids=no-such-tool,chatgpt,00000000-0000-4000-8000-000000000000,${ids.chatgpt}`,
    );
    expect(status).toBe(200);
    expect(body.tools.map((t) => t.slug)).toEqual(["chatgpt"]);
    expect(body.missing).toEqual(["no-such-tool", "00000000-0000-4000-8000-000000000000"]);
    const none = await compare("?ids=no-such-tool");
    expect(none.status).toBe(200);
    expect(none.body.tools).toEqual([]);
  });

  it("applies the visitor cap of 2 after skipping unknown tools", async () => {
    const { body } = await compare("?ids=nope,chatgpt,claude,airbyte");
    expect(body.max).toBe(2);
    expect(body.tools.map((t) => t.slug)).toEqual(["chatgpt", "claude"]);
    expect(body.omitted).toBe(1);
    const ten = await compare(`?ids=${["chatgpt", "claude", "airbyte", "appwrite", "midjourney"].join(",")}`);
    expect(ten.status).toBe(200);
    expect(ten.body.tools).toHaveLength(2);
    expect(ten.body.omitted).toBe(3);
  });

  it("answers the card shape with what the comparison reads", async () => {
    const { body } = await compare("?ids=airbyte");
    const [tool] = body.tools;
    expect(tool).toMatchObject({
      slug: "airbyte",
      name: "Airbyte",
      features: ["API available", "Open source"],
      pros: ["Great connectors", "Self-hostable"],
      cons: ["Steep learning curve"],
      pricing: { original: "$100", discounted: "$80", discount: "20% off" },
      rating: 0,
      review_count: 0,
      reviewCount: 0,
      tier: "free",
    });
    for (const key of ["provider", "category", "website_url", "logo_url", "preview_image_url", "pricing_model"]) {
      expect(tool, key).toHaveProperty(key);
    }
    // Nothing private leaves the server.
    expect(tool).not.toHaveProperty("dedupe_key");
    expect(tool).not.toHaveProperty("search_vector");
  });

  it("is not cached (the answer depends on the caller's tier)", async () => {
    const res = await server.get("/api/tools/compare?ids=chatgpt");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

/** The href of the link whose accessible name (aria-label) is `label`. */
const hrefOf = (body: string, label: string) => {
  const tag = [...body.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`aria-label="${label}"`));
  return tag?.match(/href="([^"]*)"/)?.[1];
};

describe("/compare page", () => {
  it("with no tools shows the empty state, is not indexed, and links to the catalogue", async () => {
    const { status, body } = await html("/compare");
    expect(status).toBe(200);
    expect(body).toContain("Tool Comparison");
    expect(body).toContain("No tools to compare");
    expect(body).toMatch(/<a[^>]*href="\/tools"[^>]*>Browse tools<\/a>/);
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/compare"\/>/);
  });

  it("server-renders two tools: cards, feature table, pros and cons, removal links", async () => {
    const { status, body } = await html("/compare?tools=airbyte,chatgpt");
    expect(status).toBe(200);
    expect(body).toContain("<title>Airbyte vs ChatGPT — Tool Comparison | Toolscape</title>");
    expect(body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/compare\?tools=airbyte,chatgpt"\/>/);
    expect(body).not.toContain('name="robots"');
    expect(body).toContain("2<!-- --> of <!-- -->2");
    expect(body.match(/data-testid="compare-card"/g)).toHaveLength(2);
    // Feature table: Airbyte lists both features, ChatGPT none; each cell is read out as Yes or No.
    expect(body).toMatch(/<th scope="row"[^>]*>API available<\/th>/);
    expect(body).toMatch(/<th scope="row"[^>]*>Open source<\/th>/);
    expect(body.match(/<span class="sr-only">Yes<\/span>/g)).toHaveLength(2);
    expect(body.match(/<span class="sr-only">No<\/span>/g)).toHaveLength(2);
    // Pros & Cons as listed; the tool without any shows our editors' summary instead (issue 36).
    expect(body).toContain("Pros &amp; Cons");
    expect(body).toContain("Great connectors");
    expect(body).toContain("Steep learning curve");
    expect(body).not.toContain("No pros listed");
    expect(body).toContain('data-testid="compare-summary"');
    expect(body).toContain("Our editors&#x27; summary");
    // The deal price and the tracked outbound link.
    expect(body).toContain("$80");
    expect(body).toContain('href="/go/airbyte?to=website&amp;source=compare"');
    // Each tool can be removed by a link that drops it from the URL.
    expect(hrefOf(body, "Remove Airbyte from comparison")).toBe("/compare?tools=chatgpt");
    expect(hrefOf(body, "Remove ChatGPT from comparison")).toBe("/compare?tools=airbyte");
    expect(body).toContain("No reviews yet");
  });

  it("a removal link leads to the shorter comparison and, at the end, the empty state", async () => {
    const one = await html("/compare?tools=chatgpt");
    expect(one.status).toBe(200);
    expect(one.body.match(/data-testid="compare-card"/g)).toHaveLength(1);
    expect(one.body).toContain("You can compare up to 2 tools. Add 1 more tool(s) for a complete comparison.");
    expect(hrefOf(one.body, "Remove ChatGPT from comparison")).toBe("/compare");
  });

  it("accepts tool ids (the no-JavaScript Compare link) and canonicalises to slugs", async () => {
    const { status, body } = await html(`/compare?tools=${ids.claude}`);
    expect(status).toBe(200);
    expect(body).toContain("Claude");
    expect(body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/compare\?tools=claude"\/>/);
  });

  it("enforces the visitor cap on the server: a third tool in the URL is left out with a note", async () => {
    const { status, body } = await html("/compare?tools=chatgpt,claude,airbyte");
    expect(status).toBe(200);
    expect(body.match(/data-testid="compare-card"/g)).toHaveLength(2);
    expect(body).not.toContain("Great connectors");
    expect(body).toContain("This link names <!-- -->1<!-- --> more tool(s) than you can compare");
    expect(body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/compare\?tools=chatgpt,claude"\/>/);
  });

  it("says when tools in the link no longer exist", async () => {
    const { status, body } = await html("/compare?tools=chatgpt,gone-tool");
    expect(status).toBe(200);
    expect(body).toContain("could not be found and were left out");
    expect(body.match(/data-testid="compare-card"/g)).toHaveLength(1);
  });

  it("answers a malformed list with a 400 and the message", async () => {
    const bad = await html("/compare?tools=chatgpt,%3Cscript%3E");
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("is not a tool id or slug");
    expect(bad.body).toContain('<meta name="robots" content="noindex"/>');
    const many = await html(`/compare?tools=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(",")}`);
    expect(many.status).toBe(400);
    expect(many.body).toContain("At most 10 tools can be compared at once");
  });

  it("adds a tool by name without JavaScript, up to the cap", async () => {
    const added = await html("/compare?tools=chatgpt&add=midjurney");
    expect(added.status).toBe(302);
    expect(added.location).toBe("/compare?tools=chatgpt,midjourney");
    const again = await html("/compare?tools=chatgpt&add=ChatGPT");
    expect(again.location).toBe("/compare?tools=chatgpt");
    const full = await html("/compare?tools=chatgpt,claude&add=airbyte");
    expect(full.status).toBe(200);
    expect(full.body).toContain("You can compare up to 2 tools. Remove a tool to add another.");
    expect(full.body.match(/data-testid="compare-card"/g)).toHaveLength(2);
    const unknown = await html("/compare?tools=chatgpt&add=zzzzqqqqxxxx");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toContain("No tool matches");
  });

  it("tool cards on /tools open /compare for visitors without JavaScript: each Compare button submits the page's compare form", async () => {
    const { body } = await html("/tools");
    // One GET form to /compare; a button's name and value make the query (?tools=<id>).
    const form = body.match(/<form id="compare-go"[^>]*>/g) ?? [];
    expect(form).toHaveLength(1);
    for (const attr of ['action="/compare"', 'method="get"']) expect(form[0]).toContain(attr);
    const buttons = (body.match(/<button [^>]*form="compare-go"[^>]*>/g) ?? []).filter(
      (b) =>
        b.includes('type="submit"') &&
        b.includes('name="tools"') &&
        /value="([0-9a-f-]{36})"[^>]*data-compare-id="\1"/.test(b),
    );
    expect(buttons).toHaveLength(30);
  });
});
