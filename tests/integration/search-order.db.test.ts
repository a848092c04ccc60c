import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTools, ToolListParams } from "../../server/modules/catalog/index.ts";
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

const page = async (params: Record<string, string>) => {
  const result = await listTools(database.db, ToolListParams.parse(params));
  return { slugs: result.tools.map((t) => t.slug), total: result.pagination.total, capped: result.meta.totalCapped };
};

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
        expect(got.total, `${q} total`).toBe(Math.min(ref.count, SEARCH_COUNT_CAP));
        expect(got.capped, `${q} capped`).toBe(ref.count > SEARCH_COUNT_CAP);
        expect(got.slugs, `${q} page ${n}`).toEqual(ref.slugs.slice((n - 1) * 30, n * 30));
      }
    }
    expect([...branches].sort()).toEqual(["capped", "named-then-catalogue", "ranked"]);
  });

  it("keeps the order with other filters, other sorts and page sizes", async () => {
    const [biggest] = await queryRows<{ slug: string; id: number }>(
      database.db,
      sql`SELECT c.slug, c.id FROM categories c JOIN tools t ON t.category_id = c.id
          GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`,
    );
    if (!biggest) throw new Error("no category");
    const ref = await reference("ai", sql`t.category_id = ${biggest.id}`);
    const got = await page({ q: "ai", category: biggest.slug, limit: "100" });
    expect(got.total).toBe(Math.min(ref.count, SEARCH_COUNT_CAP));
    expect(got.slugs).toEqual(ref.slugs.slice(0, 100));

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
    const ref = await reference("video");
    const past = await page({ q: "video", page: String(Math.ceil(ref.count / 30) + 1) });
    expect(past).toEqual({ slugs: [], total: ref.count, capped: false });
    expect(await page({ q: "qqqqzzzzxxxx" })).toEqual({ slugs: [], total: 0, capped: false });
  });
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
        expect(got.total, `${q} total`).toBe(Math.min(ref.count, SEARCH_COUNT_CAP));
        expect(got.slugs, `${q} page ${n}`).toEqual(ref.slugs.slice((n - 1) * 30, n * 30));
      }
    }
    // The common word is never the one looked up, and the narrowing does happen on this catalogue.
    expect(narrowed.length, narrowed.join(", ")).toBeGreaterThanOrEqual(3);
    expect(await rarestTerm(database.db, ["studio", "ai"])).toBe("studio");
    expect(await rarestTerm(database.db, ["ai", "studio"])).toBe("studio");
  });

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
