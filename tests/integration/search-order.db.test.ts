// engine: both — each search branch against a reference query, on each engine's planner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FUSION, fuseRanks, type Leg, listTools, ToolListParams } from "../../server/modules/catalog/index.ts";
import { buildSearch, searchTerms } from "../../server/modules/catalog/search.ts";
import { searchFacetVocabulary } from "../../server/modules/catalog/search-facets.ts";
import { forgetSearchStatistics, rarestTerm } from "../../server/modules/catalog/search-narrowing.ts";
import { SEARCH_COUNT_CAP } from "../../server/modules/catalog/tools.ts";
import { type Database, queryRows, sql } from "../../server/platform/db/index.ts";
import { createTestDatabase } from "../helpers/db.ts";

/**
 * listTools answers a search in one statement (matches, count and — under the cap — the page,
 * ordered in memory) and walks indexes only past the cap. These tests hold it to a plain reference
 * query over every match, written the obvious way, for each of its branches: full ranking (up to
 * 300 matches), name matches then the catalogue's order (301–1,000), and the capped walk.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const BROWSE = sql.raw(
  "t.rating DESC NULLS LAST, t.review_count DESC NULLS LAST, t.is_featured DESC NULLS LAST, lower(t.name) ASC, t.id",
);

/** Every match's slug in the order the search promises, and the uncapped count. */
async function reference(q: string, extra = sql`true`): Promise<{ slugs: string[]; count: number }> {
  // The catalogue's facets, as listTools reads them (ADR 0035: they decide a category query).
  const search = buildSearch(q, null, await searchFacetVocabulary(database.db));
  if (!search) throw new Error(`no search for ${q}`);
  const terms = searchTerms(q);
  const whole = terms.join(" ");
  const compact = terms.join("");
  const where = sql`t.status = 'active' AND ${extra} AND ${search.where}`;
  const [counted] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM tools t WHERE ${where}`,
  );
  const count = counted?.n ?? 0;
  const named = sql`(t.search_name = ${whole} OR t.name_key = ${compact} OR starts_with(t.search_name, ${whole}))`;
  const order =
    count <= 300
      ? sql`${search.rank} DESC, t.rating DESC, lower(t.name) ASC, t.id`
      : // A broad category search ranks the tools under the tags it names first (ADR 0035).
        sql`(CASE WHEN ${search.rankedWhenBroad} THEN ${search.rank} END) DESC NULLS LAST,
            (CASE WHEN ${search.rankedWhenBroad} THEN t.rating_score END) DESC NULLS LAST,
            (CASE WHEN ${search.rankedWhenBroad} THEN lower(t.name) END), (CASE WHEN ${search.rankedWhenBroad} THEN t.id END),
            (CASE WHEN ${named} THEN 0 ELSE 1 END),
            (CASE WHEN ${named} THEN (CASE WHEN t.search_name = ${whole} OR t.name_key = ${compact} THEN 0 ELSE 1 END) END),
            (CASE WHEN ${named} THEN length(t.name) END), ${BROWSE}`;
  const rows = await queryRows<{ slug: string }>(
    database.db,
    sql`SELECT t.slug FROM tools t WHERE ${where} ORDER BY ${order}`,
  );
  return { slugs: rows.map((r) => r.slug), count };
}

const SlugRow = z.object({ id: z.string(), slug: z.string() });

/**
 * listTools' page, and — for a relevance search — what the reference promises for it (ADR 0066): the
 * lexical leg is the reference's first FUSION.window tools; the page is the fusion of the legs, then
 * the reference's order past the window without the tools already fused.
 */
const page = async (params: Record<string, string>) => {
  let legs: Partial<Record<Leg, string[]>> | null = null;
  const result = await listTools(database.db, ToolListParams.parse(params), {
    legs: (l) => {
      legs = l;
    },
  });
  const ids = [...new Set(Object.values(legs ?? {}).flat())];
  const slugOf = new Map(
    ids.length
      ? (
          await queryRows(
            database.db,
            sql`SELECT id::text AS id, slug FROM tools WHERE id IN (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
            SlugRow,
          )
        ).map((r) => [r.id, r.slug])
      : [],
  );
  const fused = legs ? fuseRanks(legs, { query: params.q }).map((f) => slugOf.get(f.id) as string) : null;
  const lexical =
    (legs as Partial<Record<Leg, string[]>> | null)?.lexical?.map((id) => slugOf.get(id) as string) ?? null;
  return {
    slugs: result.tools.map((t) => t.slug),
    total: result.pagination.total,
    capped: result.meta.totalCapped,
    fused,
    lexical,
  };
};

/** The order a hybrid search promises, from the reference's lexical order and the fused window. */
function promised(ref: { slugs: string[] }, fused: string[]): string[] {
  const inFused = new Set(fused);
  return [...fused, ...ref.slugs.slice(FUSION.window).filter((s) => !inFused.has(s))];
}

describe("search results, branch by branch, against a plain reference query", () => {
  // At 2,658 tools these fall in each branch (checked below, so a changed catalogue cannot skip one).
  const queries = [
    "midjurney",
    "video",
    "chat assistant",
    "image",
    "tool",
    "writing",
    "ai",
    "generating",
    "image generator",
  ];

  it("gives the same pages and counts as the reference, in every branch", async () => {
    const branches = new Set<string>();
    for (const q of queries) {
      const ref = await reference(q);
      branches.add(ref.count <= 300 ? "ranked" : ref.count <= SEARCH_COUNT_CAP ? "named-then-catalogue" : "capped");
      for (const n of [1, 2, 4]) {
        const got = await page({ q, page: String(n) });
        const fused = got.fused ?? [];
        expect(got.lexical, `${q} lexical leg`).toEqual(ref.slugs.slice(0, FUSION.window));
        const all = promised(ref, fused);
        expect(got.total, `${q} total`).toBe(
          ref.count > SEARCH_COUNT_CAP ? SEARCH_COUNT_CAP : fused.length + Math.max(0, ref.count - FUSION.window),
        );
        expect(got.capped, `${q} capped`).toBe(ref.count > SEARCH_COUNT_CAP);
        expect(got.slugs, `${q} page ${n}`).toEqual(all.slice((n - 1) * 30, n * 30));
      }
    }
    expect([...branches].sort()).toEqual(["capped", "named-then-catalogue", "ranked"]);
  }, 300_000); // 27 searches, each with its three legs (ADR 0066)

  it("keeps the order with other filters, other sorts and page sizes", async () => {
    const [biggest] = await queryRows<{ slug: string; id: number }>(
      database.db,
      sql`SELECT c.slug, c.id FROM categories c JOIN tools t ON t.category_id = c.id
          GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`,
    );
    if (!biggest) throw new Error("no category");
    const ref = await reference("ai", sql`t.category_id = ${biggest.id}`);
    const got = await page({ q: "ai", category: biggest.slug, limit: "100" });
    expect(got.lexical).toEqual(ref.slugs.slice(0, FUSION.window));
    expect(got.slugs).toEqual(promised(ref, got.fused ?? []).slice(0, 100));
    // Every leg kept the filter: no tool of another category on the page.
    const [outside] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM tools WHERE slug IN (${sql.join(
        got.slugs.map((s) => sql`${s}`),
        sql`, `,
      )}) AND category_id <> ${biggest.id}`,
    );
    expect(outside?.n).toBe(0);

    // Another sort: the sort's own order over the same matches (under the cap and past it).
    for (const q of ["image", "ai"]) {
      const search = buildSearch(q);
      if (!search) throw new Error("no search");
      const rows = await queryRows<{ slug: string }>(
        database.db,
        sql`SELECT t.slug FROM tools t WHERE t.status = 'active' AND ${search.where} ORDER BY lower(t.name) ASC, t.id LIMIT 60`,
      );
      const second = await page({ q, sort: "name-asc", page: "2" });
      expect(second.slugs, q).toEqual(rows.slice(30, 60).map((r) => r.slug));
    }
  });

  it("answers an empty page past the end with the count, and nothing for no match", async () => {
    const first = await page({ q: "video" });
    const past = await page({ q: "video", page: String(Math.ceil(first.total / 30) + 1) });
    expect(past.slugs).toEqual([]);
    expect(past.total).toBe(first.total);
    const none = await page({ q: "qqqqzzzzxxxx" });
    expect({ slugs: none.slugs, total: none.total }).toEqual({ slugs: [], total: 0 });
  }, 120_000);
});

describe("rarest-word narrowing", () => {
  // Multi-word searches mixing a common word ('ai', 'tool', 'generator') with rarer ones, plus
  // stop words, typos and words no tool has.
  const queries = [
    "studio ai",
    "music ai",
    "video editing ai",
    "ai tool for the music",
    "photo generator",
    "open source tool",
    "resume builder ai",
    "chat assistant",
    "ai qqqqzzzz",
    "midjurney ai",
    "the of and",
  ];

  it("looks up a rare word alone when one is much rarer, and matches exactly the same rows", async () => {
    await database.db.execute(sql`ANALYZE tools`);
    forgetSearchStatistics(database.db);
    const narrowed: string[] = [];
    for (const q of queries) {
      const terms = searchTerms(q);
      const rare = await rarestTerm(database.db, terms);
      if (rare === null) continue;
      expect(terms, q).toContain(rare);
      narrowed.push(q);
      const full = buildSearch(q);
      const narrow = buildSearch(q, rare);
      if (!full || !narrow) throw new Error(`no search for ${q}`);
      const ids = async (where: typeof full.where) =>
        (
          await queryRows<{ id: string }>(
            database.db,
            sql`SELECT t.id FROM tools t WHERE t.status = 'active' AND ${where} ORDER BY t.id`,
          )
        ).map((r) => r.id);
      expect(await ids(narrow.where), q).toEqual(await ids(full.where));
      // listTools (which narrows) against the reference (which never does), first two pages.
      const ref = await reference(q);
      for (const n of [1, 2]) {
        const got = await page({ q, page: String(n) });
        expect(got.lexical, `${q} lexical leg`).toEqual(ref.slugs.slice(0, FUSION.window));
        expect(got.slugs, `${q} page ${n}`).toEqual(promised(ref, got.fused ?? []).slice((n - 1) * 30, n * 30));
      }
    }
    // The common word is never the one looked up, and the narrowing does happen on this catalogue.
    expect(narrowed.length, narrowed.join(", ")).toBeGreaterThanOrEqual(3);
    expect(await rarestTerm(database.db, ["studio", "ai"])).toBe("studio");
    expect(await rarestTerm(database.db, ["ai", "studio"])).toBe("studio");
  }, 300_000);

  it("does not narrow one-word searches, stop words only, or words of similar frequency", async () => {
    await database.db.execute(sql`ANALYZE tools`);
    forgetSearchStatistics(database.db);
    expect(await rarestTerm(database.db, ["ai"])).toBeNull();
    expect(await rarestTerm(database.db, ["the", "of"])).toBeNull();
    expect(await rarestTerm(database.db, ["the", "ai"])).toBeNull(); // one text word left
    expect(await rarestTerm(database.db, ["ai", "ai"])).toBeNull();
    // A term that is not in the query is ignored by buildSearch: the plain full-text condition.
    expect(buildSearch("studio ai", "video")?.where).toEqual(buildSearch("studio ai")?.where);
  });
});
