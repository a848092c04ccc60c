import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorialSummaryNote } from "../../app/components/tool-detail/editorial-summary.tsx";
import { historyLine } from "../../app/lib/fact-history.ts";
import { EDITORS_FROM_LISTING, factNote } from "../../app/lib/fact-labels.ts";
import {
  applyToolFacts,
  enrichCatalog,
  featuredSlugs,
  getFactHistory,
  getProvenance,
  getTool,
  loadEditorial,
} from "../../server/modules/catalog/index.ts";
import { mediaFile } from "../../server/modules/linkcheck/index.ts";
import {
  applyBundledLogos,
  BUNDLED_LOGOS_JOB,
  bundledLogosOwed,
  type LogoReport,
} from "../../server/modules/logos/index.ts";
import { type Database, queryRows } from "../../server/platform/db/index.ts";
import { createTestDatabase } from "../helpers/db.ts";
import { topToolSlugs } from "../helpers/top-tools.ts";

/**
 * The seeded catalogue after enrichment (issue 20, ADR 0027/0028): what `npm start` gives a fresh data
 * directory. The template database was seeded (and so enriched) by the global setup; the logos job is
 * run here, as the server runs it right after the first seed.
 */
let database: Database;
let logos: LogoReport;
beforeAll(async () => {
  database = await createTestDatabase();
  logos = await applyBundledLogos(database.db, { at: new Date() });
}, 240_000);
afterAll(async () => {
  await database?.close();
});

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query))[0] as T;

describe("the enriched seed", () => {
  it('has less than 5 % of its tools in "Other"', async () => {
    const r = await one<{ other: number; total: number }>(
      sql`SELECT count(*) FILTER (WHERE c.name = 'Other')::int AS other, count(*)::int AS total
          FROM tools t JOIN categories c ON c.id = t.category_id WHERE t.status = 'active'`,
    );
    expect(r.total).toBe(2658);
    expect(r.other / r.total).toBeLessThan(0.05);
  });

  it('has no description with the "\'S " artefact, and keeps the source text as the original', async () => {
    const r = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tools
          WHERE description ~ '[[:lower:]][''’]S([[:space:][:punct:]]|$)' OR full_description ~ '[[:lower:]][''’]S([[:space:][:punct:]]|$)'`,
    );
    expect(r.n).toBe(0);
    const deepl = await getTool(database.db, "deepl");
    expect(deepl?.description).toBe("DeepL Translate: The World's Most Accurate Translator.");
    const chatgpt = await getTool(database.db, "chatgpt");
    expect(chatgpt?.description).toBe("A powerful Language Model for Text Generation and Understanding.");
    const fact = await one<{ original_value: unknown; source: string }>(
      sql`SELECT f.original_value, f.source FROM tool_facts f JOIN tools t ON t.id = f.tool_id
          WHERE t.slug = 'chatgpt' AND f.field = 'description'`,
    );
    expect(fact.original_value).toBe("Apowerful Language Model for Text Generation and Understanding.");
    expect(fact.source).toContain("glued-article");
  });

  it("files a featured tool where its editors checked it, over a source's wrong category, with the change in its history", async () => {
    const rows = await queryRows<{ slug: string; category: string; kind: string; old: string | null }>(
      database.db,
      sql`SELECT t.slug, c.name AS category, f.kind::text AS kind,
            (SELECT h.old_value #>> '{}' FROM tool_fact_history h
              WHERE h.tool_id = t.id AND h.field = 'category' AND h.kind = 'editor' ORDER BY h.id DESC LIMIT 1) AS old
          FROM tools t JOIN categories c ON c.id = t.category_id
          JOIN tool_facts f ON f.tool_id = t.id AND f.field = 'category'
          WHERE t.slug IN ('runway', 'canva') ORDER BY t.slug`,
    );
    expect(rows).toEqual([
      { slug: "canva", category: "Design", kind: "editor", old: "Image Generation" },
      { slug: "runway", category: "Video Generation", kind: "editor", old: "Design" },
    ]);
  });

  it("gives every featured tool a known provider and pricing model", async () => {
    const rows = await queryRows<{ slug: string; provider: string | null; pricing_model: string }>(
      database.db,
      sql`SELECT t.slug, p.name AS provider, t.pricing_model FROM tools t
          LEFT JOIN providers p ON p.id = t.provider_id WHERE t.is_featured ORDER BY t.slug`,
    );
    expect(rows.map((r) => r.slug).sort()).toEqual([...featuredSlugs()].sort());
    for (const r of rows) {
      expect(r.provider, r.slug).toBeTruthy();
      expect(r.pricing_model, r.slug).not.toBe("unknown");
    }
    const claude = await getTool(database.db, "claude");
    expect(claude).toMatchObject({ company_name: "Anthropic", pricing_model: "Freemium" });
  });

  it("records the editors' facts as kind editor, dated, with the page they checked", async () => {
    const rows = await queryRows<{
      field: string;
      kind: string;
      source: string;
      source_url: string;
      verified_at: Date;
    }>(
      database.db,
      sql`SELECT f.field, f.kind, f.source, f.source_url, f.verified_at FROM tool_facts f JOIN tools t ON t.id = f.tool_id
          WHERE t.slug = 'claude' AND f.field IN ('provider', 'pricing_model', 'editorial_summary') ORDER BY f.field`,
    );
    expect(rows.map((r) => r.field)).toEqual(["editorial_summary", "pricing_model", "provider"]);
    for (const r of rows) {
      expect(r).toMatchObject({
        kind: "editor",
        source: "Toolscape editors",
        source_url: "https://claude.com/pricing",
      });
      expect(new Date(r.verified_at).toISOString().slice(0, 10)).toBe("2026-11-26");
    }
    const detail = await getTool(database.db, "claude");
    expect(detail?.editorial_summary).toMatch(/^Anthropic's assistant/);
    expect(detail?.editorial_summary_verified_at?.slice(0, 10)).toBe("2026-11-26");
  });

  it("records a summary written from the listing as the editors', dated when written, never verified, and says so", async () => {
    const fact = await one<{
      kind: string;
      source: string;
      source_url: string;
      observed_at: Date;
      verified_at: Date | null;
    }>(
      sql`SELECT f.kind, f.source, f.source_url, f.observed_at, f.verified_at FROM tool_facts f JOIN tools t ON t.id = f.tool_id
          WHERE t.slug = 'aider' AND f.field = 'editorial_summary'`,
    );
    expect(fact).toMatchObject({
      kind: "editor",
      source: EDITORS_FROM_LISTING,
      source_url: "https://github.com/paul-gauthier/aider",
      verified_at: null,
    });
    expect(new Date(fact.observed_at).toISOString().slice(0, 10)).toBe("2026-11-30");
    const aider = await getTool(database.db, "aider");
    expect(aider?.editorial_summary).toMatch(/^A pair programmer for the terminal/);
    expect(aider?.editorial_summary_verified_at).toBeNull();
    expect(aider?.editorial_summary_written_at?.slice(0, 10)).toBe("2026-11-30");
    const note = editorialSummaryNote(aider ?? { name: "" });
    expect(note).toBe(
      "Editors' summary · written 30 Nov 2026 from the listing's sources, not yet checked on Aider's own site.",
    );
    expect(note).not.toMatch(/\bchecked \d/);
    // Its history and provenance, as published, say the same (the History tab, /api/tools/aider).
    const toolId = aider?.id as string;
    const written = (await getFactHistory(database.db, toolId)).find((h) => h.field === "editorial_summary");
    expect(written && historyLine(written)).toEqual({
      what: "Our editors wrote a summary",
      why: "written by our editors from the listing's sources, not yet checked on its site",
      pricing: false,
    });
    const provenance = (await getProvenance(database.db, toolId)).editorial_summary;
    expect(provenance && factNote(provenance)).toBe("written by our editors from the listing's sources");
    // One checked on the site keeps its wording and its date.
    const claude = await getTool(database.db, "claude");
    expect(editorialSummaryNote(claude ?? { name: "" })).toBe(
      "Written by Toolscape editors in our own words, checked 26 Nov 2026.",
    );
  });

  it("labels every inferred fact with its rule and a confidence, and keeps the history", async () => {
    const kinds = await queryRows<{ field: string; n: number; bad: number }>(
      database.db,
      sql`SELECT field, count(*)::int AS n,
            count(*) FILTER (WHERE confidence IS NULL OR confidence <= 0 OR confidence > 1 OR source = '')::int AS bad
          FROM tool_facts WHERE kind = 'inferred' GROUP BY field ORDER BY field`,
    );
    const byField = Object.fromEntries(kinds.map((k) => [k.field, k]));
    for (const field of ["category", "provider", "pricing_model", "logo_url"]) {
      expect(byField[field]?.n, field).toBeGreaterThan(20);
    }
    for (const k of kinds) expect(k.bad, k.field).toBe(0);
    const chatgpt = await queryRows<{ field: string; source: string; confidence: number }>(
      database.db,
      sql`SELECT f.field, f.source, f.confidence FROM tool_facts f JOIN tools t ON t.id = f.tool_id
          WHERE t.slug = 'chatgpt-2' AND f.kind = 'inferred'`,
    );
    expect(chatgpt.find((f) => f.field === "provider")).toBeUndefined(); // the source named OpenAI itself
    const history = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tool_fact_history WHERE kind = 'inferred' AND field = 'category'`,
    );
    expect(history.n).toBeGreaterThan(300);
  });

  it("running the enrichment again changes nothing", async () => {
    const again = await enrichCatalog(database.db, { at: new Date() });
    expect(again).toMatchObject({ textRepairs: 0, providers: 0, pricing: 0, categories: 0 });
    expect(again.editor).toEqual({ provider: 0, pricing: 0, category: 0, summary: 0 });
  }, 120_000);

  it("leaves a category a person set since: a maker's move outlasts the editors' file", async () => {
    const runway = await one<{ id: string }>(sql`SELECT id::text AS id FROM tools WHERE slug = 'runway'`);
    const design = await one<{ id: number }>(sql`SELECT id FROM categories WHERE name = 'Design'`);
    await applyToolFacts(database.db, {
      toolId: runway.id,
      set: { categoryId: design.id },
      provenance: { kind: "maker", source: "Runway's verified maker" },
      at: new Date(),
    });
    const again = await enrichCatalog(database.db, { at: new Date() });
    expect(again.editor.category).toBe(0);
    const now = await one<{ category: string }>(
      sql`SELECT c.name AS category FROM tools t JOIN categories c ON c.id = t.category_id WHERE t.slug = 'runway'`,
    );
    expect(now.category).toBe("Design");
  }, 120_000);
});

/** Sentences in a summary: a full stop, ! or ? followed by a space or the end ("Otter.ai" is one word). */
const sentences = (text: string) => text.match(/[.!?](?=\s|$)/g)?.length ?? 0;
/** A price amount: a currency sign or code, or a number per month/year/user ("12/mo", "10 per user"). */
const AMOUNT =
  /[$€£¥]|\b(usd|eur|gbp|dollars?|euros?)\b|\d\s*\/\s*(mo|month|yr|year|user|seat)\b|\d\s*(per|a|an)\s+(month|year|user|seat)\b/i;

describe("the editors' summaries (server/platform/db/seed/editorial.json)", () => {
  const editorial = loadEditorial();
  const summaries = editorial.tools.filter((e) => e.summary);

  it("are 2–4 sentences in our own words and name a pricing model, never an amount", () => {
    expect(summaries.length).toBeGreaterThanOrEqual(117);
    for (const e of summaries) {
      const text = e.summary as string;
      expect(sentences(text), e.slug).toBeGreaterThanOrEqual(2);
      expect(sentences(text), e.slug).toBeLessThanOrEqual(4);
      expect(text, e.slug).not.toMatch(AMOUNT);
    }
    expect(new Set(editorial.tools.map((e) => e.slug)).size).toBe(editorial.tools.length);
  });

  it("name tools of the catalogue; one written from the listing points at the tool's own website", async () => {
    const rows = await queryRows<{ slug: string; website_url: string }>(
      database.db,
      sql`SELECT slug, website_url FROM tools WHERE status = 'active'`,
    );
    const website = new Map(rows.map((r) => [r.slug, r.website_url]));
    for (const e of editorial.tools) {
      expect(website.has(e.slug), e.slug).toBe(true);
      if (e.basis !== "listing") continue;
      expect(e.reviewed, e.slug).toBe("2026-11-30");
      expect(e.checked_at, e.slug).toBe(website.get(e.slug));
    }
    expect(editorial.tools.filter((e) => e.basis === "listing").length).toBe(173);
    for (const w of editorial.withheld) expect(website.has(w.slug), w.slug).toBe(true);
  });

  it("cover every one of the 200 tools readers meet first (the default order of /tools) but those withheld, each with its reason", async () => {
    const top = await topToolSlugs(database.db, 200);
    expect(top).toHaveLength(200);
    const rows = await queryRows<{ slug: string }>(
      database.db,
      sql`SELECT slug FROM tools WHERE coalesce(editorial_summary, '') <> ''`,
    );
    const summarised = new Set(rows.map((r) => r.slug));
    expect(top.filter((slug) => summarised.has(slug)).length).toBeGreaterThanOrEqual(193);
    // A gap is a decision: every tool of the 200 without a summary is withheld by the editors, with its reason.
    const withheld = new Map(editorial.withheld.map((w) => [w.slug, w.reason]));
    expect(top.filter((slug) => !summarised.has(slug) && !withheld.has(slug))).toEqual([]);
    // …and a withheld tool has no summary (one written since leaves the list).
    expect(editorial.withheld.filter((w) => summarised.has(w.slug)).map((w) => w.slug)).toEqual([]);
    expect(new Set(editorial.withheld.map((w) => w.slug)).size).toBe(editorial.withheld.length);
  });
});

describe("bundled logos on the seed", () => {
  const WITHOUT = ["canva", "gamma", "heygen", "leonardo"];

  it("are owed by a catalogue seeded elsewhere (this snapshot) until the job was queued once, in any state", async () => {
    // The server enqueues the job at boot when they are owed, not only right after its own first seed.
    const other = await createTestDatabase();
    try {
      expect(await bundledLogosOwed(other.db)).toBe(true);
      await other.db.execute(
        sql`INSERT INTO jobs (type, key, status, run_at) VALUES (${BUNDLED_LOGOS_JOB}, 'seed', 'done', now())`,
      );
      expect(await bundledLogosOwed(other.db)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("gives 16 of the 20 featured tools a mark (not Canva, Gamma, HeyGen, Leonardo)", async () => {
    const rows = await queryRows<{ slug: string; logo_url: string | null }>(
      database.db,
      sql`SELECT slug, logo_url FROM tools WHERE is_featured ORDER BY slug`,
    );
    const withLogo = rows.filter((r) => r.logo_url?.startsWith("/media/logos/")).map((r) => r.slug);
    expect(withLogo.length).toBeGreaterThanOrEqual(16);
    expect(rows.filter((r) => !r.logo_url).map((r) => r.slug)).toEqual(WITHOUT);
    expect(logos.matched).toBeGreaterThan(200);
  });

  it("serves them from /media with the icon set's licence in the provenance", async () => {
    const [row] = await queryRows<{ id: string; logo_url: string; kind: string; licence: string; source: string }>(
      database.db,
      sql`SELECT t.id, t.logo_url, f.kind, f.licence, f.source FROM tools t
          JOIN tool_facts f ON f.tool_id = t.id AND f.field = 'logo_url' WHERE t.slug = 'deepl'`,
    );
    expect(row).toMatchObject({ kind: "inferred" });
    expect(["CC0-1.0", "MIT"]).toContain(row?.licence);
    expect(row?.source).toMatch(/matched by name and domain/);
    const version = new URL(row?.logo_url ?? "", "http://x").searchParams.get("v") ?? undefined;
    const answer = await mediaFile(database.db, "logos", `${row?.id}-64.webp`, version);
    expect(answer.status).toBe(200);
    if (answer.status === 200) expect(answer.headers["Content-Type"]).toBe("image/webp");
    // The editors chose Stability AI's mark for Stable Diffusion (a model has no mark of its own).
    const sd = await one<{ kind: string; licence: string }>(
      sql`SELECT f.kind, f.licence FROM tool_facts f JOIN tools t ON t.id = f.tool_id
          WHERE t.slug = 'stable-diffusion' AND f.field = 'logo_url'`,
    );
    expect(sd).toMatchObject({ kind: "editor", licence: "MIT" });
  });

  it("keeps a logo the link checker fetched from the tool's own site, and changes nothing on a second run", async () => {
    const [claude] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM tools WHERE slug = 'claude'`);
    await database.db.execute(
      sql`UPDATE tool_images SET source_url = 'https://claude.ai/favicon.ico' WHERE tool_id = ${claude?.id}`,
    );
    const again = await applyBundledLogos(database.db, { at: new Date() });
    expect(again.stored).toBe(0);
    expect(again.fetchedKept).toBe(1);
    const kept = await one<{ source_url: string }>(
      sql`SELECT source_url FROM tool_images WHERE tool_id = ${claude?.id} AND size = 128`,
    );
    expect(kept.source_url).toBe("https://claude.ai/favicon.ico");
  }, 120_000);
});
