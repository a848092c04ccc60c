import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainKey, nameKey } from "../../server/modules/catalog/normalize.ts";
import { categories, filterSets, tools } from "../../server/tables.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Advanced filters (issue 34 item 1, ADR 0078): Standard and Expert exclude stated facts and
 * categories, keep "does not train on your data", and save named filter sets within their plan's cap.
 * Below Standard the API refuses such a query (401/403) and the page shows the basic results with a
 * notice: a crafted URL is not honoured. Real HTTP, a real database; the tools are the test's own.
 */
let server: TestServer;
let admin: Member;
let free: Member;
let standard: Member;
let expert: Member;
const TAG = `advfix${Math.random().toString(36).slice(2, 7)}`;
const WORD = `Quandle${Math.random().toString(36).slice(2, 6)}`;
let catA = "";
let catB = "";

const SRC = "https://advfix.example/terms";
const said = <T>(value: T) => ({ value, quote: "As stated on our page.", url: SRC, date: "2026-11-20" });

async function addTool(key: string, categorySlug: string): Promise<string> {
  const [cat] = await server.services.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, categorySlug));
  const name = `${WORD} ${key}`;
  const url = `https://advfix-${key}-${Math.random().toString(36).slice(2, 8)}.example`;
  const [row] = await server.services.db
    .insert(tools)
    .values({
      slug: `advfix-${key}-${Math.random().toString(36).slice(2, 8)}`,
      name,
      description: `A ${WORD} fixture tool for advanced filters.`,
      categoryId: cat?.id as number,
      websiteUrl: url,
      domainKey: domainKey(url),
      nameKey: nameKey(name),
      tags: [TAG],
    })
    .returning({ id: tools.id });
  return row?.id as string;
}

const names = async (res: Response) =>
  ((await res.json()) as { tools: { name: string }[] }).tools.map((t) => t.name.replace(`${WORD} `, "")).sort();
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  [admin, free, standard, expert] = await Promise.all([
    createMember(server, { role: "admin" }),
    createMember(server, { tier: "free" }),
    createMember(server, { tier: "standard" }),
    createMember(server, { tier: "expert" }),
  ]);
  const cats = await server.services.db.select({ slug: categories.slug }).from(categories).limit(2);
  catA = cats[0]?.slug as string;
  catB = cats[1]?.slug as string;
  const open = await addTool("open", catA);
  const closed = await addTool("closed", catA);
  await addTool("unknown", catB);
  const put = (id: string, body: unknown) => admin.client.json(`/api/admin/tools/${id}/decision-facts`, "PUT", body);
  expect((await put(open, { licence: said("mit"), data_use: { trains_on_data: said("no") } })).status).toBe(200);
  expect((await put(closed, { licence: said("proprietary"), data_use: { trains_on_data: said("yes") } })).status).toBe(
    200,
  );
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe("advanced filters on the API", () => {
  it("exclude a stated fact, a category, and keep 'does not train on your data' for Standard", async () => {
    const base = `/api/tools?tags=${TAG}&limit=50`;
    expect(await names(await standard.client.fetch(base))).toEqual(["closed", "open", "unknown"]);
    // "not open source": the stated MIT tool leaves; the unknown one is not known to be open source.
    expect(await names(await standard.client.fetch(`${base}&exclude=open_source`))).toEqual(["closed", "unknown"]);
    expect(await names(await expert.client.fetch(`${base}&exclude_category=${catA}`))).toEqual(["unknown"]);
    expect(await names(await standard.client.fetch(`${base}&no_training=1`))).toEqual(["open"]);
    // Combined with the basic filters and each other.
    expect(await names(await standard.client.fetch(`${base}&exclude=open_source&exclude_category=${catB}`))).toEqual([
      "closed",
    ]);
  });

  it("refuses them below Standard (403 naming the plan; 401 for visitors) and checks the values", async () => {
    const url = `/api/tools?tags=${TAG}&exclude=open_source`;
    const refused = await free.client.fetch(url);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/Standard/);
    expect((await new Client(server).fetch(url)).status).toBe(401);
    expect((await new Client(server).fetch(`/api/tools?tags=${TAG}&no_training=1`)).status).toBe(401);
    const bad = await standard.client.fetch(`/api/tools?exclude=banana`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Unknown exclude 'banana'");
    // The basic filters stay for everyone.
    expect((await free.client.fetch(`/api/tools?tags=${TAG}&free_tier=1`)).status).toBe(200);
  });
});

describe("advanced filters on /tools (no JavaScript needed)", () => {
  it("a free member's crafted URL gets the basic results with a notice and the upgrade prompt", async () => {
    const res = await free.client.fetch(`/tools?tags=${TAG}&exclude=open_source`);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain(`${WORD} open`);
    expect(html).toContain('data-testid="advanced-refused"');
    expect(html).toContain("are available for Standard and Expert members.");
    expect(html).not.toContain('name="exclude"');
  });

  it("a Standard member gets the exclusion, the form's fields and the save form", async () => {
    const html = await text(await standard.client.fetch(`/tools?tags=${TAG}&exclude=open_source`));
    expect(html).not.toContain(`${WORD} open`);
    expect(html).toContain(`${WORD} closed`);
    // React writes checked before value: match the input, not the attribute order.
    expect(html).toMatch(/<input[^>]*name="exclude"[^>]*checked=""[^>]*value="open_source"/);
    expect(html).toContain("Save filter set");
  });
});

describe("saved filter sets", () => {
  const SETS = "/dashboard/filter-sets";
  const save = (m: Pick<Member, "client">, name: string, back = `tags=${TAG}&exclude=open_source`) =>
    m.client.form("/tools", { intent: "save-filter-set", name, back });

  it("save, list, apply, rename and delete, with a cap from the entitlements table", async () => {
    const res = await save(standard, "Closed only");
    expect(res.status).toBe(302);
    // The list is the member's own: the dashboard, since /tools is shared per tier (ADR 0032).
    expect(res.headers.get("location")).toMatch(/^\/dashboard\/filter-sets\?notice=/);
    const page = await text(await standard.client.fetch("/dashboard/filter-sets"));
    const href = page.match(/href="(\/tools\?[^"]*)"[^>]*>Closed only</)?.[1]?.replace(/&amp;/g, "&");
    expect(href).toContain("exclude=open_source");
    // Applying is following the link: the filters it stands for.
    const applied = await text(await standard.client.fetch(href as string));
    expect(applied).toContain(`${WORD} closed`);
    expect(applied).not.toContain(`${WORD} open`);

    const dup = await save(standard, "closed ONLY");
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("already have a filter set named");

    const [row] = await server.services.db
      .select({ id: filterSets.id })
      .from(filterSets)
      .where(eq(filterSets.userId, standard.id));
    const id = row?.id as string;
    expect((await standard.client.form(SETS, { intent: "rename-filter-set", id, name: "Proprietary" })).status).toBe(
      302,
    );
    expect(await text(await standard.client.fetch(SETS))).toContain(">Proprietary<");
    // Another member's set is not theirs to touch.
    expect((await expert.client.form(SETS, { intent: "delete-filter-set", id })).status).toBe(404);
    expect((await expert.client.form(SETS, { intent: "rename-filter-set", id, name: "Mine" })).status).toBe(404);
    expect((await new Client(server).fetch(SETS)).status).toBe(401);

    // Standard keeps 10 (the grant's limit, migration 0058).
    for (let i = 2; i <= 10; i++) expect((await save(standard, `Set ${i}`)).status).toBe(302);
    const over = await save(standard, "Set 11");
    expect(over.status).toBe(403);
    expect(await over.text()).toContain("up to 10 filter sets");

    expect((await standard.client.form(SETS, { intent: "delete-filter-set", id })).status).toBe(302);
    expect(await text(await standard.client.fetch(SETS))).not.toContain(">Proprietary<");
  });

  it("refuses saving below Standard with the plan to get, and bad input with a clear message", async () => {
    const refused = await save(free, "Mine");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/Standard/);
    expect((await save({ client: new Client(server) }, "Mine")).status).toBe(401);
    const empty = await save(expert, "   ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Give the filter set a name");
    const nothing = await save(expert, "Nothing", "");
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("Set some filters before saving them");
  });
});
