import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainKey, nameKey } from "../../server/modules/catalog/normalize.ts";
import { OPEN_DATA_JOB } from "../../server/modules/syndication/index.ts";
import { auditLog, categories, tasks, taskTools, tools } from "../../server/tables.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The decision filters and facts of issue 33 item 5 (ADR 0072): an admin states API, licence,
 * self-hosting and data use with quote, URL and date; /api/tools, /tools, category pages, /search
 * and /tasks/{slug} filter on them and on the plans (price ceiling, free tier, no card). A value no
 * source states is left out of a "yes" filter and never shown as "no". Real HTTP, a real database;
 * the tools are the test's own.
 */
let server: TestServer;
let admin: Member;
let member: Member;
const TAG = `decifix${Math.random().toString(36).slice(2, 7)}`;
const WORD = `Zorblat${Math.random().toString(36).slice(2, 6)}`;
let categorySlug = "";
let taskSlug = "";

type Fixture = { id: string; slug: string; name: string };
const made: Record<string, Fixture> = {};

const SRC = "https://decifix.example/terms";
const said = <T>(value: T, quote = "As stated on our page.") => ({ value, quote, url: SRC, date: "2026-11-20" });

async function addTool(key: string, pricingModel: "freemium" | "paid" | "unknown" = "unknown"): Promise<Fixture> {
  const [cat] = await server.services.db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.slug, categorySlug));
  const name = `${WORD} ${key}`;
  const url = `https://decifix-${key}-${Math.random().toString(36).slice(2, 8)}.example`;
  const slug = `decifix-${key}-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await server.services.db
    .insert(tools)
    .values({
      slug,
      name,
      description: `A ${WORD} fixture tool for decision filters.`,
      categoryId: cat?.id as number,
      websiteUrl: url,
      domainKey: domainKey(url),
      nameKey: nameKey(name),
      tags: [TAG],
      pricingModel,
    })
    .returning({ id: tools.id });
  const tool = { id: row?.id as string, slug, name };
  made[key] = tool;
  return tool;
}

const putPlans = (id: string, plans: unknown) =>
  admin.client.json(`/api/admin/tools/${id}/plans`, "PUT", { plans, source_url: "https://decifix.example/pricing" });
const putFacts = (who: Client, id: string, body: unknown) =>
  who.json(`/api/admin/tools/${id}/decision-facts`, "PUT", body);

async function listed(query: string): Promise<string[]> {
  const res = await new Client(server).fetch(`/api/tools?tags=${TAG}&limit=100${query}`);
  expect(res.status, query).toBe(200);
  const body = (await res.json()) as { tools: { name: string }[] };
  return body.tools.map((t) => t.name.replace(`${WORD} `, "")).sort();
}

beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  admin = await createMember(server, { role: "admin", name: "Facts Admin" });
  member = await createMember(server, { name: "Facts Member" });
  const [cat] = await server.services.db.select({ slug: categories.slug }).from(categories).limit(1);
  categorySlug = cat?.slug as string;
  const [task] = await server.services.db.select({ slug: tasks.slug }).from(tasks).limit(1);
  taskSlug = task?.slug as string;

  const a = await addTool("alpha");
  const b = await addTool("bravo", "paid");
  const c = await addTool("charlie", "freemium");
  const d = await addTool("delta");
  const e = await addTool("echo");
  for (const t of [a, b, c, d, e])
    await server.services.db
      .insert(taskTools)
      .values({ taskSlug, toolId: t.id, status: "accepted", score: 1, method: "editor", source: "test" });
  const ok = async (res: Promise<Response>) => expect((await res).status).toBe(200);
  await ok(
    putPlans(a.id, [
      { name: "Free", price: 0, free_tier: { card_required: false } },
      { name: "Pro", price: 10, currency: "USD", period: "month" },
    ]),
  );
  await ok(putPlans(b.id, [{ name: "Yearly", price: 240, currency: "USD", period: "year" }]));
  await ok(putPlans(d.id, [{ name: "Basis", price: 5, currency: "EUR", period: "month" }]));
  await ok(putPlans(e.id, [{ name: "Free", price: 0 }]));
  await ok(
    putFacts(admin.client, a.id, {
      has_api: said(true, "Our REST API is available on every plan."),
      licence: said("mit"),
      self_hostable: said(true),
      data_use: {
        trains_on_data: said("no", "We never train models on your content."),
        hosted_in: said("EU (Frankfurt)"),
      },
    }),
  );
  await ok(putFacts(admin.client, b.id, { has_api: said(false), licence: said("BUSL-1.1") }));
  await ok(putFacts(admin.client, d.id, { licence: said("proprietary"), self_hostable: said(false) }));
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe("stating decision facts", () => {
  it("is for admins only, and refuses a value without its quote, URL and date or an unknown licence", async () => {
    const t = made.charlie as Fixture;
    const body = { has_api: said(true) };
    expect((await putFacts(new Client(server), t.id, body)).status).toBe(401);
    expect((await putFacts(member.client, t.id, body)).status).toBe(403);
    for (const bad of [
      { has_api: { value: true } },
      { has_api: { value: true, quote: "", url: SRC, date: "2026-11-20" } },
      { has_api: { ...said(true), url: "javascript:alert(1)" } },
      { has_api: { ...said(true), date: "20 Nov" } },
      { licence: said("Not-A-Licence-1.0") },
      { data_use: { trains_on_data: said("maybe") } },
      { has_api: said(true), secret: 1 },
      {},
    ]) {
      expect((await putFacts(admin.client, t.id, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await putFacts(admin.client, "no-such-tool-zz", body)).status).toBe(404);
    const [row] = await server.services.db.select({ hasApi: tools.hasApi }).from(tools).where(eq(tools.id, t.id));
    expect(row?.hasApi).toBeNull();
  });

  it("publishes each value with its quote, URL and date, the licence's class, provenance and history; unknown is null", async () => {
    const get = async (t?: Fixture) =>
      (await (await new Client(server).fetch(`/api/tools/${t?.slug}`)).json()) as {
        tool: { decision: Record<string, unknown> & { data_use: Record<string, unknown> } };
        provenance: Record<string, { kind: string; source_url: string | null }>;
      };
    const a = await get(made.alpha);
    expect(a.tool.decision.has_api).toEqual({
      value: true,
      quote: "Our REST API is available on every plan.",
      url: SRC,
      date: "2026-11-20",
    });
    expect(a.tool.decision.licence).toMatchObject({ value: "MIT", name: "MIT License", class: "open_source" });
    expect(a.tool.decision.data_use).toMatchObject({
      trains_on_data: { value: "no", quote: "We never train models on your content." },
      retention: null,
      opt_out: null,
      hosted_in: { value: "EU (Frankfurt)" },
    });
    expect(a.provenance.licence).toMatchObject({ kind: "editor", source_url: SRC });
    const b = await get(made.bravo);
    expect(b.tool.decision.licence).toMatchObject({ value: "BUSL-1.1", class: "source_available" });
    expect(b.tool.decision.has_api).toMatchObject({ value: false });
    expect((await get(made.delta)).tool.decision.licence).toMatchObject({ value: "proprietary", class: "proprietary" });
    // Nothing stated: null everywhere, never false.
    const c = await get(made.charlie);
    expect(c.tool.decision).toEqual({
      has_api: null,
      licence: null,
      self_hostable: null,
      data_use: { trains_on_data: null, retention: null, opt_out: null, hosted_in: null },
    });
    // The tool page says the same in "Before you buy": each value with the source's words and day, or "Not stated".
    const page = (await (await new Client(server).fetch(`/tools/${made.alpha?.slug}`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    const card = page.slice(
      page.indexOf('id="decision-title"'),
      page.indexOf("</section>", page.indexOf('id="decision-title"')),
    );
    expect(card).toContain("Before you buy");
    expect(card).toContain("MIT License — open source (OSI)");
    expect(card).toContain("We never train models on your content.");
    expect(card).toContain("read 2026-11-20");
    expect(card).toContain("Not stated"); // retention and opt-out
    const empty = await (await new Client(server).fetch(`/tools/${made.charlie?.slug}`)).text();
    const emptyCard = empty.slice(empty.indexOf('id="decision-title"'));
    // Nothing stated at all: one quiet line, not seven empty rows.
    expect(emptyCard.slice(0, emptyCard.indexOf("</section>")).match(/Not stated/g)).toHaveLength(1);
    const history = (await (await new Client(server).fetch(`/api/tools/${made.alpha?.slug}/history`)).json()) as {
      history: { field: string; kind: string; source_url: string | null; new_value: unknown }[];
    };
    const fields = history.history.map((h) => h.field);
    expect(fields).toEqual(expect.arrayContaining(["has_api", "licence", "self_hostable", "data_use"]));
    const audit = await server.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, made.alpha?.id as string));
    expect(audit.map((r) => r.action)).toContain("tool.decision_facts_set");
  });

  it("clears a value with null, which then reads as not stated", async () => {
    const e = made.echo as Fixture;
    expect((await putFacts(admin.client, e.id, { has_api: said(true) })).status).toBe(200);
    expect(await listed("&api=1")).toEqual(["alpha", "echo"]);
    expect((await putFacts(admin.client, e.id, { has_api: null })).status).toBe(200);
    expect(await listed("&api=1")).toEqual(["alpha"]);
  });
});

describe("the filters, through the API", () => {
  it("filter each on its own; unknown values are left out of a yes filter", async () => {
    expect(await listed("")).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
    // alpha $10, echo free only; bravo $20/mo (yearly ÷ 12); charlie no plans; delta EUR only.
    expect(await listed("&max_price=10")).toEqual(["alpha", "echo"]);
    expect(await listed("&max_price=9.99")).toEqual(["echo"]);
    expect(await listed("&max_price=20")).toEqual(["alpha", "bravo", "echo"]);
    expect(await listed("&max_price=0")).toEqual(["echo"]);
    // charlie: no plans stated, its source's pricing model is Freemium.
    expect(await listed("&free_tier=1")).toEqual(["alpha", "charlie", "echo"]);
    // echo's free plan does not state whether a card is needed.
    expect(await listed("&no_card=1")).toEqual(["alpha"]);
    expect(await listed("&api=1")).toEqual(["alpha"]);
    expect(await listed("&api=true")).toEqual(["alpha"]);
    expect(await listed("&api=0")).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
    expect(await listed("&open_source=1")).toEqual(["alpha"]);
    expect(await listed("&self_hosted=1")).toEqual(["alpha"]);
  });

  it("combine with each other, with the other filters and with search", async () => {
    expect(await listed("&free_tier=1&max_price=10")).toEqual(["alpha", "echo"]);
    expect(await listed("&api=1&max_price=5")).toEqual([]);
    expect(await listed("&pricing=paid&max_price=50")).toEqual(["bravo"]);
    const res = await new Client(server).fetch(`/api/tools?q=${WORD}&free_tier=1&max_price=10`);
    const body = (await res.json()) as {
      tools: { name: string }[];
      meta: { filters: Record<string, unknown> };
    };
    expect(body.tools.map((t) => t.name).sort()).toEqual([`${WORD} alpha`, `${WORD} echo`]);
    expect(body.meta.filters).toMatchObject({ max_price: 10, free_tier: true, api: false });
  });

  it("refuse bad values with a readable 400, and are in the OpenAPI document", async () => {
    for (const q of ["max_price=abc", "max_price=-1", "max_price=1e3", "api=maybe", "open_source=yes"]) {
      const res = await new Client(server).fetch(`/api/tools?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/max_price|api|open_source/);
    }
    const doc = (await (await new Client(server).fetch("/api/openapi.json")).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const list = doc.paths["/tools"] ?? doc.paths["/api/tools"];
    const names = list?.get?.parameters?.map((p) => p.name) ?? [];
    expect(names).toEqual(
      expect.arrayContaining(["max_price", "free_tier", "no_card", "api", "open_source", "self_hosted"]),
    );
  });
});

describe("the filters, on the pages (plain GET, no JavaScript)", () => {
  const names = (html: string) =>
    ["alpha", "bravo", "charlie", "delta", "echo"].filter((k) => html.includes(`${WORD} ${k}`));
  const page = async (path: string) => {
    const res = await new Client(server).fetch(path);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it("/tools, a category page, /search and /tasks/{slug}", async () => {
    const tools = await page(`/tools?tags=${TAG}&api=1`);
    expect(names(tools)).toEqual(["alpha"]);
    expect(tools).toMatch(/<input[^>]*name="api"[^>]*checked=""/);
    expect(tools).not.toMatch(/<input[^>]*name="open_source"[^>]*checked=""/);
    expect(names(await page(`/tools?tags=${TAG}&max_price=10&free_tier=1`))).toEqual(["alpha", "echo"]);
    expect(names(await page(`/category/${categorySlug}?q=${WORD}&open_source=1`))).toEqual(["alpha"]);
    const search = await page(`/search?q=${WORD}&no_card=1`);
    expect(names(search)).toEqual(["alpha"]);
    expect(search).toContain("No card");
    expect(names(await page(`/tasks/${taskSlug}?max_price=10`))).toEqual(["alpha", "echo"]);
    expect((await new Client(server).fetch(`/tools?max_price=lots`)).status).toBe(400);
  });

  it("cards show 'from $X/mo' only when a plan price is known", async () => {
    const html = await page(`/tools?tags=${TAG}&sort=name-asc`);
    expect(html).toContain("from $10/mo");
    expect(html).toContain("from $20/mo");
    const charlie = html.slice(html.indexOf(`${WORD} charlie`), html.indexOf(`${WORD} delta`));
    expect(charlie).not.toMatch(/from [$€]/);
  });
});

describe("the open-data dump", () => {
  it("carries plans and decision facts with their quotes, and nothing of the staff", async () => {
    // A stored value with a key no serializer knows must not leak (the allow-list, not a scrub).
    await server.services.db.execute(
      sql`UPDATE tools SET plans = jsonb_set(plans, '{0,reviewer}', '"staff-only-x"'),
            licence = licence || '{"reviewer": "staff-only-y"}'::jsonb WHERE id = ${made.delta?.id}::uuid`,
    );
    await server.services.jobs.enqueue({ type: OPEN_DATA_JOB });
    expect((await server.services.jobs.runDue()).failed).toBe(0);
    const jsonl = await fetch(`${server.url}/open-data/toolscape-catalogue.jsonl.gz`);
    expect(jsonl.status).toBe(200);
    const text = gunzipSync(Buffer.from(await jsonl.arrayBuffer())).toString("utf8");
    const records = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const bySlug = new Map(records.map((r) => [r.slug, r]));
    const a = bySlug.get(made.alpha?.slug) as Record<string, unknown>;
    expect(a.plans).toEqual([
      expect.objectContaining({
        name: "Free",
        price: 0,
        free_tier: { watermark: null, commercial_use: null, card_required: false },
      }),
      expect.objectContaining({ name: "Pro", price: 10, currency: "USD", period: "month" }),
    ]);
    expect(a.api).toEqual({
      value: true,
      quote: "Our REST API is available on every plan.",
      url: SRC,
      date: "2026-11-20",
    });
    expect(a.tool_licence).toMatchObject({ value: "MIT", class: "open_source", url: SRC });
    expect(a.self_hostable).toMatchObject({ value: true });
    expect(a.data_use).toMatchObject({ trains_on_data: { value: "no" }, retention: null });
    expect(a.provenance).toMatchObject({ plans: "editor", has_api: "editor", licence: "editor", data_use: "editor" });
    const c = bySlug.get(made.charlie?.slug) as Record<string, unknown>;
    expect(c).toMatchObject({ plans: null, api: null, tool_licence: null, self_hostable: null });
    // No staff address, name or note anywhere in the dump.
    expect(text).not.toContain(admin.email);
    expect(text).not.toContain("Facts Admin");
    expect(text).not.toContain("staff-only");
    expect(bySlug.get(made.delta?.slug)).toMatchObject({
      tool_licence: { value: "proprietary", class: "proprietary" },
    });
    const csv = await fetch(`${server.url}/open-data/toolscape-catalogue.csv.gz`);
    const rows = parse(gunzipSync(Buffer.from(await csv.arrayBuffer())), { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.slug === made.alpha?.slug);
    expect(row).toMatchObject({
      plans_from: "Free plan · from $10/mo",
      api: "true",
      tool_licence: "MIT",
      tool_licence_class: "open_source",
      self_hostable: "true",
      trains_on_data: "no",
      data_retention: "",
      data_hosted_in: "EU (Frankfurt)",
    });
    expect(rows.find((r) => r.slug === made.bravo?.slug)).toMatchObject({
      api: "false",
      tool_licence_class: "source_available",
    });
    expect(rows.find((r) => r.slug === made.charlie?.slug)).toMatchObject({
      api: "",
      plans_from: "",
      tool_licence: "",
    });
  });
});
