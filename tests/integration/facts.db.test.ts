// engine: both — the one fact path writes facts and history in one transaction, under concurrent writers.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChangeAlerts } from "../../server/modules/accounts/index.ts";
import {
  factValuesOf,
  getFactHistory,
  getProvenance,
  hasFactValue,
  recordFactChanges,
  STORED_FACT_FIELDS,
  saveTool,
} from "../../server/modules/catalog/index.ts";
import { decideSuggestion } from "../../server/modules/linkcheck/review.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { categories, providers, toolFacts, toolSuggestions, tools } from "../../server/tables.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Provenance and history of a tool's facts (issue 20): every path that changes a fact writes them,
 * the API shows them, change alerts follow them. Real HTTP against a real database.
 */
let server: TestServer;
// After the seed's own history rows (written at real time when the run's template was seeded).
const BASE = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
const at = (hour: number) => new Date(BASE + hour * 3_600_000);
const clock = createTestClock(at(0).toISOString());
let admin: Member;
let db: Db;

beforeAll(async () => {
  // Pages too: the change-alert form and the save toggle are the tool page's.
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  db = server.services.db;
  admin = await createMember(server, { role: "admin", name: "Fact Admin" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function toolId(slug: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM tools WHERE slug = ${slug}`);
  if (!row) throw new Error(`no tool ${slug}`);
  return row.id;
}

function outbox(): { to: string; subject: string; text: string; tag: string }[] {
  const dir = path.join(server.services.env.DATA_DIR, "mail");
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")));
}

describe("the import", () => {
  it("gives every fact with a value on every seeded tool a provenance row (the completeness rule)", async () => {
    const rows = await db
      .select({
        id: tools.id,
        name: tools.name,
        description: tools.description,
        fullDescription: tools.fullDescription,
        categoryId: tools.categoryId,
        pricingModel: tools.pricingModel,
        pricing: tools.pricing,
        plans: tools.plans,
        providerId: tools.providerId,
        websiteUrl: tools.websiteUrl,
        logoUrl: tools.logoUrl,
        features: tools.features,
        useCases: tools.useCases,
        hasApi: tools.hasApi,
        licence: tools.licence,
        selfHostable: tools.selfHostable,
        dataUse: tools.dataUse,
        status: tools.status,
        categoryName: categories.name,
        providerName: providers.name,
      })
      .from(tools)
      .leftJoin(categories, eq(categories.id, tools.categoryId))
      .leftJoin(providers, eq(providers.id, tools.providerId));
    expect(rows.length).toBeGreaterThan(2_000);
    const facts = await db.select({ toolId: toolFacts.toolId, field: toolFacts.field }).from(toolFacts);
    const have = new Set(facts.map((f) => `${f.toolId}|${f.field}`));
    const missing: string[] = [];
    let checked = 0;
    for (const row of rows) {
      const values = factValuesOf(row);
      for (const field of STORED_FACT_FIELDS) {
        if (!hasFactValue(values[field])) continue;
        checked++;
        if (!have.has(`${row.id}|${field}`)) missing.push(`${row.name}.${field}`);
      }
    }
    expect(checked).toBeGreaterThan(rows.length * 5);
    expect(missing.slice(0, 10)).toEqual([]);
  });

  it("names the dataset each seeded tool came from, with its licence and URL, and keeps the import in history", async () => {
    const id = await toolId("chatgpt");
    const provenance = await getProvenance(db, id);
    expect(provenance.name?.kind).toBe("dataset");
    expect(provenance.name?.source).toBe("AI Collection (The Generative AI Landscape)");
    expect(provenance.name?.licence).toBe("MIT");
    expect(provenance.name?.source_url).toBe("https://github.com/ai-collection/ai-collection");
    expect(provenance.name?.verified_at).toBeNull();
    const tiorai = await getProvenance(db, await toolId("008"));
    expect(tiorai.pricing_model).toMatchObject({ kind: "dataset", licence: "CC BY 4.0" });
    const history = await getFactHistory(db, id);
    // The import's entries are the oldest (null → value); the seed's enrichment that follows it adds
    // first values of its own (provider, the editors' summary), labelled editor or inferred, not dataset.
    const listedAt = history.at(-1)?.at;
    const first = history.filter((h) => h.old_value === null && h.at === listedAt);
    expect(first.map((h) => h.field)).toContain("name");
    expect(first.every((h) => h.kind === "dataset")).toBe(true);
    expect(first.find((h) => h.field === "name")?.new_value).toBe("ChatGPT");
    const summary = history.find((h) => h.field === "editorial_summary");
    expect(summary).toMatchObject({ kind: "editor", old_value: null, note: "catalogue enrichment (ADR 0027)" });
    // Recorded when the seed ran, just after the import, not on the editors' review date.
    expect(Date.parse(summary?.at as string)).toBeGreaterThanOrEqual(Date.parse(listedAt as string));
  });
});

describe("each path that changes a fact records it", () => {
  it("admin edit: kind editor, verified now, newest first in the history", async () => {
    const id = await toolId("claude");
    clock.set(at(1));
    // The seed's editors set Claude to Freemium (server/platform/db/seed/editorial.json): a change is another model.
    const res = await admin.client.json(`/api/admin/tools/${id}`, "PUT", { pricing_model: "subscription" });
    expect(res.status).toBe(200);
    const provenance = await getProvenance(db, id);
    expect(provenance.pricing_model?.kind).toBe("editor");
    expect(provenance.pricing_model?.verified_at).toBe(at(1).toISOString());
    expect(provenance.pricing_model?.source).toContain("Toolscape editors");
    const history = await getFactHistory(db, id);
    expect(history[0]).toMatchObject({
      field: "pricing_model",
      old_value: "Freemium",
      new_value: "Subscription",
      kind: "editor",
    });
    expect(history.at(-1)?.kind).toBe("dataset");
    const [actor] = await queryRows<{ actor_user_id: string }>(
      db,
      sql`SELECT actor_user_id FROM tool_fact_history WHERE id = ${history[0]?.id}`,
    );
    expect(actor?.actor_user_id).toBe(admin.id);
  });

  it("verified correction: kind community, 'Correction #…', verified; the price shows on the API", async () => {
    const proposer = await createMember(server, { name: "Price Proposer" });
    clock.set(at(2));
    const proposed = await proposer.client.json("/api/community/corrections", "POST", {
      toolId: "chatgpt",
      field: "price",
      value: "$20/month",
      evidence_url: "https://openai.com/chatgpt/pricing/",
    });
    expect(proposed.status).toBe(201);
    const { correction } = (await proposed.json()) as { correction: { id: string } };
    const verified = await admin.client.json(`/api/admin/corrections/${correction.id}/verify`, "POST");
    expect(verified.status).toBe(200);
    const id = await toolId("chatgpt");
    const provenance = await getProvenance(db, id);
    expect(provenance.pricing).toMatchObject({
      kind: "community",
      source: `Correction #${correction.id.slice(0, 8)}`,
      source_url: "https://openai.com/chatgpt/pricing/",
      verified_at: at(2).toISOString(),
    });
    const history = await getFactHistory(db, id);
    expect(history[0]).toMatchObject({ field: "pricing", kind: "community" });
    expect(history[0]?.new_value).toMatchObject({ original: "$20/month" });
  });

  it("accepted link-check suggestion: kind observed, from the tool's own site", async () => {
    // Not a tool the editors priced (their Freemium for Cursor would make this suggestion a no-op).
    const id = await toolId("phind");
    const [suggestion] = await db
      .insert(toolSuggestions)
      .values({
        toolId: id,
        field: "pricing_model",
        value: "freemium",
        evidence: "Free plan · Pro $20/month",
        sourceUrl: "https://www.phind.com/plans",
        status: "open",
        createdAt: new Date("2026-11-25T08:00:00Z"),
      })
      .returning({ id: toolSuggestions.id });
    clock.set(at(3));
    await decideSuggestion(db, suggestion?.id as string, "accept", {
      actor: { id: admin.id, label: admin.email },
      now: clock.now(),
    });
    const provenance = await getProvenance(db, id);
    expect(provenance.pricing_model).toMatchObject({
      kind: "observed",
      source_url: "https://www.phind.com/plans",
      observed_at: "2026-11-25T08:00:00.000Z",
      verified_at: at(3).toISOString(),
    });
    const [first] = await getFactHistory(db, id);
    expect(first).toMatchObject({ field: "pricing_model", kind: "observed", new_value: "Freemium" });
  });

  it("inference (a direct recordFactChanges call): kind inferred with its rule and confidence", async () => {
    const id = await toolId("midjourney");
    await db.transaction(async (tx) => {
      await recordFactChanges(tx as unknown as Db, {
        toolId: id,
        changes: [{ field: "provider", from: null, to: "Midjourney, Inc." }],
        provenance: { kind: "inferred", source: "from its own domain (midjourney.com)", confidence: 0.92 },
        at: at(4),
      });
    });
    const provenance = await getProvenance(db, id);
    expect(provenance.provider).toMatchObject({ kind: "inferred", confidence: expect.closeTo(0.92, 5) });
    const [first] = await getFactHistory(db, id);
    expect(first).toMatchObject({ field: "provider", kind: "inferred", new_value: "Midjourney, Inc." });
  });
});

describe("the API", () => {
  it("GET /api/tools/{slug} carries provenance keyed by the API's field names", async () => {
    const { status, body } = await server.json<{
      success: boolean;
      provenance: Record<string, Record<string, unknown>>;
    }>("/api/tools/chatgpt");
    expect(status).toBe(200);
    expect(Object.keys(body.provenance)).toEqual(
      expect.arrayContaining(["name", "description", "category", "pricing_model", "pricing", "website_url"]),
    );
    for (const p of Object.values(body.provenance)) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining(["kind", "source", "observed_at", "verified_at"]));
    }
    expect(body.provenance.pricing?.kind).toBe("community");
  });

  it("GET /api/tools/{slug}/history → {success, history} newest first; unknown tools 404", async () => {
    const { status, body } = await server.json<{ success: boolean; history: { at: string; field: string }[] }>(
      "/api/tools/claude/history",
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.history[0]?.field).toBe("pricing_model");
    const times = body.history.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await server.get("/api/tools/no-such-tool-anywhere/history")).status).toBe(404);
  });

  it("a tool above the caller's tier: provenance and history of the overview's facts only", async () => {
    const id = await toolId("chatgpt");
    await admin.client.json(`/api/admin/tools/${id}`, "PUT", { tier: "expert" });
    try {
      const visitor = await server.json<{ provenance: Record<string, unknown>; history?: unknown }>(
        "/api/tools/chatgpt",
      );
      expect(visitor.body.provenance.pricing).toBeUndefined();
      expect(visitor.body.provenance.pricing_model).toBeDefined();
      const history = await server.json<{ history: { field: string }[]; locked?: unknown }>(
        "/api/tools/chatgpt/history",
      );
      expect(history.body.locked).toBeDefined();
      expect(history.body.history.some((h) => h.field === "pricing" || h.field === "features")).toBe(false);
      expect(history.body.history.some((h) => h.field === "name")).toBe(true);
    } finally {
      await admin.client.json(`/api/admin/tools/${id}`, "PUT", { tier: "free" });
    }
  });

  it("documents both in the OpenAPI document", async () => {
    const { body } = await server.json<{
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    }>("/api/openapi.json");
    expect(Object.keys(body.paths)).toContain("/tools/{idOrSlug}/history");
    expect(Object.keys(body.components.schemas)).toEqual(
      expect.arrayContaining(["FactProvenance", "FactHistoryEntry"]),
    );
  });
});

describe("change alerts", () => {
  it("mail a pricing change once to a member who asked; not to one who did not, not to Free", async () => {
    const target = "perplexity-ai";
    const id = await toolId(target);
    clock.set(at(5));
    const asker = await createMember(server, { tier: "standard", name: "Alert Asker" });
    const quiet = await createMember(server, { tier: "standard", name: "Quiet Saver" });
    const free = await createMember(server, { tier: "free", name: "Free Saver" });
    for (const m of [asker, quiet, free]) {
      const saved = await m.client.form(`/tools/${target}`, { kind: "saved", on: "1" });
      expect(saved.status, m.name).toBeLessThan(400);
    }
    const asked = await asker.client.form(`/tools/${target}/alert`, { frequency: "immediate" });
    expect(asked.status).toBe(303);
    const refused = await free.client.form(`/tools/${target}/alert`, { frequency: "immediate" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Standard");
    // A Free member who had an alert before a downgrade hears nothing either (the plan is checked at send time).
    await db.execute(sql`INSERT INTO tool_change_alerts (user_id, tool_id, frequency, created_at)
      VALUES (${free.id}, ${id}::uuid, 'immediate', ${clock.now().toISOString()}::timestamptz)`);

    clock.set(at(6));
    const before = outbox().length;
    const actor = { id: admin.id, label: admin.email };
    await saveTool({ db, clock }, actor, { id, pricing_model: "paid" });
    const deps = { db, mailer: server.services.mailer, env: server.services.env };
    const first = await runChangeAlerts(deps, "immediate");
    expect(first.sent).toBe(1);
    const mails = outbox().slice(before);
    expect(mails.map((m) => m.to)).toEqual([asker.email]);
    expect(mails[0]?.text).toContain("Pricing:");
    expect(mails[0]?.text).toContain("→ Paid");
    expect(mails[0]?.text).toMatch(new RegExp(`https?://[^\\s]+/tools/${target}\\?tab=history`));
    // A second run (a retry, another instance) sends nothing more.
    const again = await runChangeAlerts(deps, "immediate");
    expect(again.sent).toBe(0);
    expect(outbox().length).toBe(before + 1);
    // Weekly alerts are not sent by the immediate run, and an unrelated fact is not an alert.
    await saveTool({ db, clock }, actor, {
      id,
      one_line_description: "A description changed by the facts test, not pricing.",
    });
    expect((await runChangeAlerts(deps, "immediate")).sent).toBe(0);
  });
});
