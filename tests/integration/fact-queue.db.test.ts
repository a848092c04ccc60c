// engine: both — the fact queue is claimed by concurrent workers.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainKey, nameKey } from "../../server/modules/catalog/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import {
  auditLog,
  categories,
  makerManifests,
  pricingWatch,
  toolFactHistory,
  toolFacts,
  tools,
  toolViewDays,
} from "../../server/tables.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The editors' fact queue (issue 33 item 6, ADR 0071) through real HTTP, as a browser without
 * JavaScript posts it: the most-viewed tools first; a fact entered without its source URL is refused
 * and writes nothing; confirming the observer's proposal writes the plans fact (kind observed,
 * verified by the editor) with history and an audit row; members and visitors are refused. The tool
 * page's plan table notes where the maker's manifest and the pricing page disagree.
 */
const clock = createTestClock("2026-12-10T12:00:00Z");
let server: TestServer;
let admin: Member;
let member: Member;
const HASH = "a".repeat(64);
const t: Record<"proposal" | "bare" | "conflict", { id: string; slug: string; name: string }> = {} as never;

async function addTool(key: string, views30d: number, extra: Partial<typeof tools.$inferInsert> = {}) {
  const [cat] = await server.services.db.select({ id: categories.id }).from(categories).limit(1);
  const url = `https://factqueue-${key}.example/`;
  const name = `Factqueue ${key}`;
  const [row] = await server.services.db
    .insert(tools)
    .values({
      slug: `factqueue-${key}`,
      name,
      description: "A fixture tool for the fact queue.",
      categoryId: cat?.id as number,
      websiteUrl: url,
      domainKey: domainKey(url),
      nameKey: nameKey(name),
      ...extra,
    })
    .returning({ id: tools.id, slug: tools.slug });
  // Traffic: tool page views over the last 30 days, above anything the seed has.
  await server.services.db
    .insert(toolViewDays)
    .values({ day: "2026-12-09", toolId: row?.id as string, count: views30d });
  return { id: row?.id as string, slug: row?.slug as string, name };
}

const plansHistory = (toolId: string) =>
  server.services.db
    .select()
    .from(toolFactHistory)
    .where(and(eq(toolFactHistory.toolId, toolId), eq(toolFactHistory.field, "plans")));

beforeAll(async () => {
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  admin = await createMember(server, { role: "admin", name: "Queue Admin" });
  member = await createMember(server, { name: "Queue Member" });
  // Inserted out of traffic order: the queue must order them, not the insertion.
  t.bare = await addTool("bare", 800_000_000);
  t.conflict = await addTool("conflict", 700_000_000, {
    plans: [
      {
        name: "Pro",
        price: 20,
        currency: "USD",
        period: "month",
        per_seat: false,
        min_seats: null,
        max_seats: null,
        contact_sales: false,
        quota: null,
        overage: null,
        free_tier: null,
      },
    ],
  });
  t.proposal = await addTool("proposal", 900_000_000);
  await server.services.db.insert(pricingWatch).values({
    toolId: t.proposal.id,
    status: "needs_review",
    readUrl: "https://factqueue-proposal.example/pricing",
    snapshotHash: HASH,
    confidence: 0.7,
    extract: [
      { name: "Free", price: 0 },
      { name: "Plus", price: 12, currency: "USD", period: "month" },
    ] as never,
    error: "read with confidence 0.7 (headings), below 0.8",
    checkedAt: clock.now(),
  });
  await server.services.db.insert(makerManifests).values({
    toolId: t.conflict.id,
    url: "https://factqueue-conflict.example/.well-known/ai-tool.json",
    status: "ok",
    hash: "b".repeat(64),
    manifest: { version: 1, name: "Factqueue conflict", licence: "MIT", api: { available: true } },
    conflicts: [{ plan: "Pro", what: "price", maker: "$20/month", observed: "$25/month" }],
    checkedAt: clock.now(),
  });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe("the fact queue", () => {
  it("lists the most-viewed tools first, with missing facts, the proposal and the manifest", async () => {
    const res = await admin.client.fetch("/admin/facts");
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    const order = [...html.matchAll(/data-testid="fact-queue-item" data-tool="([^"]+)"/g)].map((m) => m[1]);
    expect(order.slice(0, 3)).toEqual([t.proposal.slug, t.bare.slug, t.conflict.slug]);
    expect(html).toContain("Pricing observer: needs review");
    expect(html).toContain("Plus: 12 USD/month");
    expect(html).toContain("Licence: MIT");
    expect(html).toContain("manifest $20/month, page $25/month");
    expect(html).toContain("Missing");
  });

  it("refuses members and visitors, in the loader and the action", async () => {
    expect((await member.client.fetch("/admin/facts")).status).toBe(403);
    expect((await new Client(server).fetch("/admin/facts")).status).toBe(401);
    const post = await member.client.form("/admin/facts", {
      intent: "enter",
      tool: t.bare.id,
      field: "pricing_model",
      value: "Paid",
      source_url: "https://factqueue-bare.example/pricing",
    });
    expect(post.status).toBe(403);
    const [row] = await server.services.db
      .select({ pricingModel: tools.pricingModel })
      .from(tools)
      .where(eq(tools.id, t.bare.id));
    expect(row?.pricingModel).toBe("unknown");
  });

  it("refuses a fact without its source URL, at the field, writing nothing", async () => {
    const res = await admin.client.form("/admin/facts", {
      intent: "enter",
      tool: t.bare.id,
      field: "pricing_model",
      value: "Freemium",
      source_url: "",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("A fact needs its source URL");
    expect(html).toMatch(/id="source-[0-9a-f]{8}-error"/);
    const missing = await admin.client.form("/admin/facts", {
      intent: "enter",
      tool: t.bare.id,
      field: "plans",
      value: "Pro: 20 USD/month",
    });
    expect(missing.status).toBe(400);
    const [row] = await server.services.db
      .select({ pricingModel: tools.pricingModel, plans: tools.plans })
      .from(tools)
      .where(eq(tools.id, t.bare.id));
    expect(row).toEqual({ pricingModel: "unknown", plans: null });
    expect(
      await server.services.db.select().from(toolFactHistory).where(eq(toolFactHistory.toolId, t.bare.id)),
    ).toEqual([]);
  });

  it("enters a fact with its source: kind editor, history and an audit row", async () => {
    const res = await admin.client.form("/admin/facts", {
      intent: "enter",
      tool: t.bare.id,
      field: "plans",
      value: "Free: free\nTeam: 8 EUR/month per seat\nEnterprise: contact sales",
      source_url: "https://factqueue-bare.example/pricing",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Plans saved with its source.");
    const [row] = await server.services.db.select({ plans: tools.plans }).from(tools).where(eq(tools.id, t.bare.id));
    expect(row?.plans?.map((p) => [p.name, p.price, p.currency, p.per_seat, p.contact_sales])).toEqual([
      ["Free", 0, null, false, false],
      ["Team", 8, "EUR", true, false],
      ["Enterprise", null, null, false, true],
    ]);
    const [fact] = await server.services.db
      .select()
      .from(toolFacts)
      .where(and(eq(toolFacts.toolId, t.bare.id), eq(toolFacts.field, "plans")));
    expect(fact).toMatchObject({ kind: "editor", sourceUrl: "https://factqueue-bare.example/pricing" });
    expect(await plansHistory(t.bare.id)).toHaveLength(1);
    const audit = await server.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, t.bare.id), eq(auditLog.action, "tool.plans_set")));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.id);
  });

  it("confirms the observer's proposal: the plans fact as observed, verified by the editor, with history", async () => {
    const stale = await admin.client.form("/admin/facts", {
      intent: "confirm",
      tool: t.proposal.id,
      snapshot: "c".repeat(64),
    });
    expect(stale.status).toBe(409);
    expect(await plansHistory(t.proposal.id)).toEqual([]);

    const res = await admin.client.form("/admin/facts", { intent: "confirm", tool: t.proposal.id, snapshot: HASH });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Plans confirmed from the pricing page.");
    const [row] = await server.services.db
      .select({ plans: tools.plans })
      .from(tools)
      .where(eq(tools.id, t.proposal.id));
    expect(row?.plans?.map((p) => [p.name, p.price])).toEqual([
      ["Free", 0],
      ["Plus", 12],
    ]);
    const [fact] = await server.services.db
      .select()
      .from(toolFacts)
      .where(and(eq(toolFacts.toolId, t.proposal.id), eq(toolFacts.field, "plans")));
    expect(fact).toMatchObject({
      kind: "observed",
      sourceUrl: "https://factqueue-proposal.example/pricing",
      confidence: expect.closeTo(0.7, 5),
    });
    expect(fact?.verifiedAt?.toISOString()).toBe(clock.now().toISOString());
    const history = await plansHistory(t.proposal.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: "observed", actorUserId: admin.id });
    const audit = await server.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, t.proposal.id), eq(auditLog.action, "tool.plans_confirmed")));
    expect(audit).toHaveLength(1);
    const [watch] = await server.services.db
      .select({ status: pricingWatch.status })
      .from(pricingWatch)
      .where(eq(pricingWatch.toolId, t.proposal.id));
    expect(watch?.status).toBe("ok");
    // Confirmed once: the proposal is gone from the queue, a second click is refused.
    const again = await admin.client.form("/admin/facts", { intent: "confirm", tool: t.proposal.id, snapshot: HASH });
    expect(again.status).toBe(409);
  });

  it("notes on the tool page's plan table where the maker's manifest and the pricing page disagree", async () => {
    const res = await new Client(server).fetch(`/tools/${t.conflict.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="plan-conflicts"');
    expect(html).toContain("Pro: $20/month in the maker&#x27;s manifest, $25/month on the pricing page");
  });
});
