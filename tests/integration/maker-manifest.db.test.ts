import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainKey, nameKey } from "../../server/modules/catalog/index.ts";
import { createHttpFetcher } from "../../server/modules/linkcheck/index.ts";
import { ManifestInput, type ObserverDeps, runPricingObserver } from "../../server/modules/observer/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { categories, makerClaims, makerManifests, toolFactHistory, toolFacts, tools } from "../../server/tables.ts";
import { createMember } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The maker manifest (issue 33 item 3, ADR 0071) over loopback: each fixture site is its own origin
 * (its own port) with a homepage, a pricing page (JSON-LD offers) and `/.well-known/ai-tool.json`.
 * A valid manifest of a verified maker's domain becomes `maker` facts with provenance; an invalid one
 * is refused with its reason; a manifest with no verified maker of its domain is not even fetched;
 * disagreement with the pricing page is kept; an unchanged manifest re-read writes no history.
 */
const DAY = 86_400_000;
const clock = createTestClock("2026-12-01T09:00:00Z");
let server: TestServer;
let deps: ObserverDeps;
const sites: Server[] = [];

type Site = { origin: string; requests: string[]; manifest: unknown };

function pricingPage(offers: { name: string; price: number }[]) {
  const ld = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: "Fixture",
    offers: offers.map((o) => ({
      "@type": "Offer",
      name: o.name,
      price: String(o.price),
      priceCurrency: "USD",
      ...(o.price
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: o.price,
              priceCurrency: "USD",
              billingDuration: "P1M",
            },
          }
        : {}),
    })),
  });
  return `<html><head><script type="application/ld+json">${ld}</script></head><body><h1>Pricing</h1>${offers
    .map((o) => `<div class="col"><h3>${o.name}</h3><p>${o.price ? `$${o.price}` : "Free"}</p></div>`)
    .join("")}</body></html>`;
}

/** One fixture site on its own port: the manifest path is at the origin's root. */
async function site(manifest: unknown, offers: { name: string; price: number }[] | null): Promise<Site> {
  const s: Site = { origin: "", requests: [], manifest };
  const srv = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    s.requests.push(path);
    const send = (status: number, body: string, type = "text/html; charset=utf-8") => {
      res.writeHead(status, { "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)) });
      res.end(body);
    };
    if (path === "/robots.txt") return send(200, "User-agent: *\nAllow: /\n", "text/plain");
    if (path === "/") return send(200, `<html><body><a href="/pricing">Pricing</a></body></html>`);
    if (path === "/pricing" && offers) return send(200, pricingPage(offers));
    if (path === "/.well-known/ai-tool.json" && s.manifest !== undefined)
      // Bytes differ on every read (key order, spacing): what counts is the validated content.
      return send(
        200,
        typeof s.manifest === "string" ? s.manifest : JSON.stringify(s.manifest, null, Math.random() < 0.5 ? 2 : 0),
        "application/json",
      );
    return send(404, "<h1>Not found</h1>");
  });
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  sites.push(srv);
  s.origin = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return s;
}

async function addTool(key: string, origin: string): Promise<string> {
  const [cat] = await server.services.db.select({ id: categories.id }).from(categories).limit(1);
  const [row] = await server.services.db
    .insert(tools)
    .values({
      slug: `manifest-${key}`,
      name: `Manifest ${key}`,
      description: "A fixture tool for the maker manifest.",
      categoryId: cat?.id as number,
      websiteUrl: `${origin}/`,
      domainKey: `${domainKey(origin)}/${key}`,
      nameKey: nameKey(`manifest ${key}`),
    })
    .returning({ id: tools.id });
  return row?.id as string;
}

async function verifiedMaker(toolId: string, domain: string): Promise<string> {
  const maker = await createMember(server, { name: `Maker ${domain}` });
  await server.services.db.insert(makerClaims).values({
    toolId,
    userId: maker.id,
    method: "meta_tag",
    domain,
    status: "verified",
    expiresAt: new Date(clock.now().getTime() + DAY),
    verifiedAt: clock.now(),
  });
  return maker.id;
}

const MANIFEST = {
  $schema: "https://toolscape.example/schemas/ai-tool.json",
  version: 1,
  name: "Manifest valid",
  pricing_url: "https://valid.example/pricing",
  plans: [
    { name: "Free", price: 0, free_tier: { watermark: true, card_required: false } },
    { name: "Pro", price: 20, currency: "USD", period: "month", quota: { amount: 500, unit: "credits" } },
    { name: "Team", price: 40, currency: "USD", period: "month", per_seat: true },
  ],
  api: { available: true, docs_url: "https://valid.example/docs" },
  platforms: ["web", "api"],
  licence: "LicenseRef-Proprietary",
  data_use: {
    trains_on_customer_data: false,
    opt_out: null,
    retention_days: 30,
    hosted_in: ["US", "DE"],
    policy_url: "https://valid.example/privacy",
  },
  contact: { email: "hello@valid.example" },
};

let valid: Site;
let invalid: Site;
let noMaker: Site;
let otherDomain: Site;
const ids: Record<string, string> = {};
let makerId = "";

const history = (toolId: string) =>
  server.services.db
    .select()
    .from(toolFactHistory)
    .where(and(eq(toolFactHistory.toolId, toolId), eq(toolFactHistory.field, "plans")));
const manifestRow = async (toolId: string) =>
  (await server.services.db.select().from(makerManifests).where(eq(makerManifests.toolId, toolId)))[0];

beforeAll(async () => {
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1" } });
  // The seeded catalogue was just read: the runs below reach only the fixture sites (no internet).
  await server.services.db.execute(
    sql`INSERT INTO pricing_watch (tool_id, status, checked_at) SELECT id, 'ok', ${clock.now().toISOString()}::timestamptz + interval '1 year' FROM tools`,
  );
  // The pricing page says Pro is $25, the manifest $20: a conflict; Free and Team agree.
  valid = await site(MANIFEST, [
    { name: "Free", price: 0 },
    { name: "Pro", price: 25 },
  ]);
  invalid = await site(
    {
      version: 1,
      name: "Broken",
      licence: "MITT",
      plans: [{ name: "Pro", price: 20 }],
      surprise: true,
    },
    null,
  );
  noMaker = await site({ ...MANIFEST, name: "No maker" }, null);
  otherDomain = await site({ ...MANIFEST, name: "Other domain" }, null);
  ids.valid = await addTool("valid", valid.origin);
  ids.invalid = await addTool("invalid", invalid.origin);
  ids.noMaker = await addTool("nomaker", noMaker.origin);
  ids.otherDomain = await addTool("otherdomain", otherDomain.origin);
  makerId = await verifiedMaker(ids.valid as string, domainKey(valid.origin));
  await verifiedMaker(ids.invalid as string, domainKey(invalid.origin));
  // This maker proved another domain: the file on 127.0.0.1 is not theirs to speak for.
  await verifiedMaker(ids.otherDomain as string, "valid.example");
  deps = {
    db: server.services.db,
    clock,
    logger: server.services.logger,
    fetcher: createHttpFetcher({ allowPrivateAddresses: true }),
    userAgent: "Toolscape-PricingObserver/1.0 (+http://localhost/how-we-test)",
    hostIntervalMs: 0,
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const s of sites) await new Promise((r) => s.close(r));
});

describe("the maker manifest's schema", () => {
  it("is published as a JSON Schema generated from the schema that validates manifests", async () => {
    const res = await fetch(`${server.url}/schemas/ai-tool.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const schema = (await res.json()) as {
      $schema: string;
      $id: string;
      properties: Record<string, { enum?: string[]; items?: { properties?: Record<string, unknown> } }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.$schema).toMatch(/json-schema\.org/);
    expect(schema.$id).toMatch(/\/schemas\/ai-tool\.json$/);
    expect(schema.required).toEqual(expect.arrayContaining(["version", "name"]));
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["plans", "api", "platforms", "licence", "data_use", "contact"]),
    );
    // Plans in the shape of tools.plans; the licence an SPDX id.
    expect(Object.keys(schema.properties.plans?.items?.properties ?? {})).toEqual(
      expect.arrayContaining(["name", "price", "currency", "period", "per_seat", "quota", "overage", "free_tier"]),
    );
    expect(schema.properties.licence?.enum).toEqual(expect.arrayContaining(["MIT", "Apache-2.0", "GPL-3.0-only"]));
    expect(ManifestInput.safeParse(MANIFEST).success).toBe(true);
  });
});

describe("the observer reads maker manifests over loopback", () => {
  it("writes a verified maker's valid manifest as maker facts, refuses an invalid one, ignores the unproven", async () => {
    const run = await runPricingObserver(deps, { batchSize: 10 });
    expect(run.paused).toBe(false);
    const byTool = new Map(run.manifests.map((m) => [m.toolId, m]));

    // Valid: the maker's plans, with provenance and a history entry of kind maker.
    expect(byTool.get(ids.valid as string)).toMatchObject({ status: "ok", error: null });
    const [tool] = await server.services.db
      .select({ plans: tools.plans })
      .from(tools)
      .where(eq(tools.id, ids.valid as string));
    expect(tool?.plans?.map((p) => [p.name, p.price, p.per_seat])).toEqual([
      ["Free", 0, false],
      ["Pro", 20, false],
      ["Team", 40, true],
    ]);
    const [fact] = await server.services.db
      .select()
      .from(toolFacts)
      .where(and(eq(toolFacts.toolId, ids.valid as string), eq(toolFacts.field, "plans")));
    expect(fact).toMatchObject({
      kind: "maker",
      source: "The maker's manifest (/.well-known/ai-tool.json)",
      sourceUrl: `${valid.origin}/.well-known/ai-tool.json`,
    });
    expect(fact?.verifiedAt).not.toBeNull();
    const entries = await history(ids.valid as string);
    // The observer read the page first (observed), then the manifest replaced it (maker).
    expect(entries.map((e) => e.kind)).toEqual(["observed", "maker"]);
    const makerEntry = entries.find((e) => e.kind === "maker");
    expect(makerEntry?.actorUserId).toBe(makerId);
    expect(makerEntry?.sourceUrl).toBe(`${valid.origin}/.well-known/ai-tool.json`);

    // The decision facts it states, each quoted from the manifest with the page it was read on (issue 33
    // item 5): API, licence, data use; self-hosting is not listed, so it stays "not stated".
    const [decided] = await server.services.db
      .select({
        hasApi: tools.hasApi,
        licence: tools.licence,
        selfHostable: tools.selfHostable,
        dataUse: tools.dataUse,
      })
      .from(tools)
      .where(eq(tools.id, ids.valid as string));
    expect(decided?.hasApi).toMatchObject({ value: true, url: "https://valid.example/docs" });
    expect(decided?.licence).toMatchObject({ value: "proprietary", quote: '"licence": "LicenseRef-Proprietary"' });
    expect(decided?.selfHostable).toBeNull();
    expect(decided?.dataUse).toMatchObject({
      trains_on_data: { value: "no", url: "https://valid.example/privacy" },
      retention: { value: "30 days" },
      opt_out: null,
      hosted_in: { value: "US, DE" },
    });
    const decisionFacts = await server.services.db
      .select({ field: toolFacts.field, kind: toolFacts.kind })
      .from(toolFacts)
      .where(
        and(eq(toolFacts.toolId, ids.valid as string), inArray(toolFacts.field, ["has_api", "licence", "data_use"])),
      );
    expect(decisionFacts.map((f) => f.kind)).toEqual(["maker", "maker", "maker"]);

    // The conflict with the pricing page is kept: Pro $20 in the manifest, $25 on the page; Team only in the manifest.
    const row = await manifestRow(ids.valid as string);
    expect(row?.status).toBe("ok");
    expect(row?.manifest).toMatchObject({ licence: "LicenseRef-Proprietary", api: { available: true } });
    expect(row?.conflicts).toEqual([
      { plan: "Pro", what: "price", maker: "$20/month", observed: "$25/month" },
      { plan: "Team", what: "missing_on_page", maker: "$40 per seat/month", observed: null },
    ]);

    // Invalid: refused with its reasons, nothing written.
    const refused = byTool.get(ids.invalid as string);
    expect(refused?.status).toBe("invalid");
    expect(refused?.error).toMatch(/licence/);
    expect(refused?.error).toMatch(/currency and billing period/);
    expect(refused?.error).toMatch(/surprise/);
    expect((await manifestRow(ids.invalid as string))?.manifest).toBeNull();
    expect(await history(ids.invalid as string)).toEqual([]);
    const [invalidTool] = await server.services.db
      .select({ plans: tools.plans })
      .from(tools)
      .where(eq(tools.id, ids.invalid as string));
    expect(invalidTool?.plans).toBeNull();

    // No verified maker, or a maker who proved another domain: ignored, and the file is never fetched.
    expect(byTool.get(ids.noMaker as string)).toMatchObject({ status: "ignored" });
    expect(byTool.get(ids.otherDomain as string)).toMatchObject({ status: "ignored" });
    expect(byTool.get(ids.otherDomain as string)?.error).toMatch(/not the domain the verified maker proved/);
    expect(noMaker.requests).not.toContain("/.well-known/ai-tool.json");
    expect(otherDomain.requests).not.toContain("/.well-known/ai-tool.json");
    for (const key of ["noMaker", "otherDomain"]) {
      expect(await history(ids[key] as string)).toEqual([]);
      const makerFacts = await server.services.db
        .select()
        .from(toolFacts)
        .where(and(eq(toolFacts.toolId, ids[key] as string), eq(toolFacts.kind, "maker")));
      expect(makerFacts).toEqual([]);
    }
  });

  it("writes no new history when the unchanged manifest is read again", async () => {
    const before = (await history(ids.valid as string)).length;
    clock.advance(8 * DAY);
    const run = await runPricingObserver(deps, { batchSize: 10 });
    expect(valid.requests.filter((p) => p === "/.well-known/ai-tool.json")).toHaveLength(2);
    expect(run.manifests.find((m) => m.toolId === ids.valid)?.status).toBe("unchanged");
    expect((await history(ids.valid as string)).length).toBe(before);
    // The page still disagrees with the maker's plans: the observer proposes, it does not overwrite.
    const [fact] = await server.services.db
      .select({ kind: toolFacts.kind })
      .from(toolFacts)
      .where(and(eq(toolFacts.toolId, ids.valid as string), eq(toolFacts.field, "plans")));
    expect(fact?.kind).toBe("maker");
    expect((await manifestRow(ids.valid as string))?.conflicts).toHaveLength(2);
  });

  it("writes a changed manifest's plans with their typed change as the note", async () => {
    valid.manifest = {
      ...MANIFEST,
      plans: MANIFEST.plans.map((p) => (p.name === "Pro" ? { ...p, price: 25 } : p)),
    };
    clock.advance(8 * DAY);
    const run = await runPricingObserver(deps, { batchSize: 10 });
    expect(run.manifests.find((m) => m.toolId === ids.valid)?.status).toBe("ok");
    const entries = await history(ids.valid as string);
    expect(entries).toHaveLength(3);
    expect(entries.at(-1)).toMatchObject({ kind: "maker" });
    expect(entries.at(-1)?.note).toMatch(/Pro/);
    // Pro now agrees with the page; Team is still only in the manifest.
    expect((await manifestRow(ids.valid as string))?.conflicts).toEqual([
      { plan: "Team", what: "missing_on_page", maker: "$40 per seat/month", observed: null },
    ]);
  });
});
