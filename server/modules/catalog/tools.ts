import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { UUID } from "../../platform/ids.ts";
import { resolveCategoryKeys } from "./categories.ts";
import { advancedConditions, decisionConditions } from "./decision-filters.ts";
import { type Explanation, explainTools } from "./explain.ts";
import type { ToolListQuery } from "./query-schema.ts";
import { FUSION, RANK_ALL_UP_TO } from "./ranking.ts";
import { buildSearch, searchTerms } from "./search.ts";
import { searchFacetVocabulary } from "./search-facets.ts";
import type { Fused, Leg } from "./search-fusion.ts";
import { answeredBy, hybridSearch, prefetchQueryVector, type Retrieval } from "./search-hybrid.ts";
import { rarestTerm } from "./search-narrowing.ts";
import {
  CARD_COLUMNS,
  CardRow,
  DETAIL_COLUMNS,
  DetailRow,
  type ToolCard,
  type ToolDetail,
  toToolCard,
  toToolDetail,
} from "./tool-shapes.ts";

const CountRow = z.object({ n: z.number() });
const ToolRefRow = DetailRow.pick({ id: true, tier: true });
/**
 * searchMatches: the count on every row, and the page's card columns — all null on the one row
 * a LEFT JOIN LATERAL gives when the page is empty (gated off or past the end).
 */
const SearchMatchRow = z.union([
  CardRow.extend({ search_total: z.number() }),
  z.object({ search_total: z.number(), id: z.null() }),
]);

const FROM = sql.raw(`tools t JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id`);

export type ToolPage = {
  tools: ToolCard[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasMore: boolean };
  meta: {
    q: string | null;
    sort: string;
    filters: {
      categories: string[];
      pricing: string[];
      rating: number | null;
      tags: string[];
      featured: boolean | null;
      max_price: number | null;
      free_tier: boolean;
      no_card: boolean;
      api: boolean;
      open_source: boolean;
      self_hosted: boolean;
    };
    unknownCategories: string[];
    /** true when more than `total` tools match (counting stops at COUNT_CAP, SEARCH_COUNT_CAP with text) */
    totalCapped: boolean;
    /** a relevance-ordered search: which legs found what (issue 32, ADR 0066) */
    retrieval?: Retrieval;
  };
  /** with `explain`: why each tool is where it is, in the order of `tools` (explain.ts) */
  explanations?: Explanation[];
};

const ORDER: Record<Exclude<ToolListQuery["sort"], undefined | "relevance">, string> = {
  // The default without a search (issue 36, ADR 0075): prominence, completeness, freshness, less the
  // quality pass's penalties (catalog/quality-scores.ts). Matches tools_quality_idx, so page 1 is an index walk.
  quality: "t.quality_score DESC, lower(t.name) ASC, t.id",
  // Matches tools_browse_idx exactly (NULLS LAST included), so the first page is an index walk. The
  // Bayesian score (ranking.ts), never the raw average: one 5-star review cannot top the list.
  "rating-desc":
    "t.rating_score DESC NULLS LAST, t.review_count DESC NULLS LAST, t.is_featured DESC NULLS LAST, lower(t.name) ASC, t.id",
  // Low to high among rated tools; tools without a counted review come last (they have no rating to order by).
  "rating-asc": "t.rating_score ASC NULLS LAST, t.review_count DESC, lower(t.name) ASC, t.id",
  "name-asc": "lower(t.name) ASC, t.id",
  "name-desc": "lower(t.name) DESC, t.id",
  newest: "t.created_at DESC, lower(t.name) ASC, t.id",
  oldest: "t.created_at ASC, lower(t.name) ASC, t.id",
};

/** The published catalogue, filtered, searched, sorted and paged. */
export async function listTools(
  db: Db,
  query: ToolListQuery,
  /** the relevance benchmark reads each leg's own order (bench/relevance.ts, ADR 0066) */
  observe?: { legs(legs: Record<Leg, string[]>): void },
): Promise<ToolPage> {
  // A relevance search embeds its query in the encoder's thread while the lexical legs run here.
  if (query.q?.trim() && (query.sort ?? "relevance") === "relevance") prefetchQueryVector(query.q);
  const conditions: SQL[] = [sql`t.status = 'active'`];
  let unknownCategories: string[] = [];
  if (query.categories.length) {
    const { ids, unknown } = await resolveCategoryKeys(db, query.categories);
    unknownCategories = unknown;
    conditions.push(
      ids.length
        ? sql`t.category_id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (query.pricing.length) {
    conditions.push(
      sql`t.pricing_model::text IN (${sql.join(
        query.pricing.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  }
  if (query.minRating !== undefined && query.minRating > 0) conditions.push(sql`t.rating >= ${query.minRating}`);
  if (query.tags.length) {
    const patterns = query.tags.map((tag) => `%${tag.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    conditions.push(
      sql`EXISTS (SELECT 1 FROM unnest(t.tags) tag WHERE lower(tag) LIKE ANY (ARRAY[${sql.join(
        patterns.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]))`,
    );
  }
  // Featured is the editors' flag only (ADR 0029): never derived from ratings.
  if (query.featured === true) conditions.push(sql`t.is_featured`);
  if (query.featured === false) conditions.push(sql`NOT t.is_featured`);
  conditions.push(...decisionConditions(query.decision));
  conditions.push(...advancedConditions(query));
  if (query.advancedAllowed && query.advanced?.excludeCategories.length) {
    const { ids } = await resolveCategoryKeys(db, query.advanced.excludeCategories);
    if (ids.length)
      conditions.push(
        sql`t.category_id NOT IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
  }

  const search = query.q
    ? buildSearch(query.q, await rarestTerm(db, searchTerms(query.q)), await searchFacetVocabulary(db))
    : null;
  if (query.q && !search) conditions.push(sql`false`); // only punctuation: nothing can match
  const filtered = conditions.length > 1;
  const where = sql.join(search ? [...conditions, search.where] : conditions, sql` AND `);

  const sort = query.sort ?? (search ? "relevance" : "quality");
  const featuredFirst = query.featured === true ? "t.is_featured DESC, " : "";
  const offset = (query.page - 1) * query.limit;

  // Counting stops at a cap: past it the exact figure does not help anyone choose, and broad
  // one-word searches over a large catalogue would otherwise count tens of thousands of rows.
  let counted: { total: number; capped: boolean };
  let rows: CardRow[] = [];
  let fusedPage: Fused[] | null = null;
  let weights: Record<Leg, number> | null = null;
  let retrieval: Retrieval | undefined;
  if (search && sort === "relevance") {
    // Hybrid retrieval (ADR 0066): the lexical ranking's first window, fused with the relaxed and vector legs.
    const found = await searchMatches(db, where, search, sort, featuredFirst, 0, FUSION.window);
    const lexical = found.capped ? await broadSearchPage(db, where, search, 0, FUSION.window) : found.rows;
    const filters = sql.join(conditions, sql` AND `);
    const hybrid = await hybridSearch(
      db,
      query.q ?? "",
      search.terms,
      filters,
      filtered,
      lexical.map((r) => r.id),
    );
    observe?.legs(hybrid.legs);
    const fused = hybrid.fused;
    weights = hybrid.weights;
    // The order: the fused window, then the lexical order past its window without the tools already
    // fused (found by another leg too). The total counts both; counting still stops at the cap.
    const rest = Math.max(0, found.total - lexical.length);
    counted = found.capped ? found : { total: fused.length + rest, capped: false };
    const end = offset + query.limit;
    fusedPage = fused.slice(offset, end);
    rows = await cardsInOrder(
      db,
      fusedPage.map((f) => f.id),
    );
    if (end > fused.length && rest > 0) {
      const shown = new Set(fused.map((f) => f.id));
      const from = Math.max(0, offset - fused.length);
      const wanted = end - Math.max(offset, fused.length);
      // Enough of the lexical order past the window that `wanted` remain after dropping fused tools.
      const span = from + wanted + fused.length;
      const more = found.capped
        ? await broadSearchPage(db, where, search, lexical.length, span)
        : (await searchMatches(db, where, search, sort, featuredFirst, lexical.length, span)).rows;
      rows.push(...more.filter((r) => !shown.has(r.id)).slice(from, from + wanted));
    }
    retrieval = { ...hybrid.retrieval, answered_by: answeredBy(fusedPage ?? []) };
  } else if (search) {
    // One statement finds the matches (up to the cap), counts them and, unless the cap is reached,
    // orders that small set in memory; only capped searches need the index walks below.
    const found = await searchMatches(db, where, search, sort, featuredFirst, offset, query.limit);
    counted = found;
    rows = found.rows;
    if (found.capped && offset < found.total) {
      rows =
        sort === "relevance"
          ? await broadSearchPage(db, where, search, offset, query.limit)
          : await queryRows(
              db,
              sql`SELECT ${sql.raw(CARD_COLUMNS)} FROM ${FROM} WHERE ${where}
                  ORDER BY ${sql.raw(featuredFirst + ORDER[sort])} LIMIT ${query.limit} OFFSET ${offset}`,
              CardRow,
            );
    }
  } else {
    counted = await countMatches(db, where, !filtered, COUNT_CAP);
    if (offset < counted.total) {
      const orderBy = sql.raw(featuredFirst + ORDER[sort === "relevance" ? "quality" : sort]);
      rows = await queryRows(
        db,
        sql`SELECT ${sql.raw(CARD_COLUMNS)} FROM ${FROM} WHERE ${where} ORDER BY ${orderBy} LIMIT ${query.limit} OFFSET ${offset}`,
        CardRow,
      );
    }
  }
  const total = counted.total;
  const totalPages = Math.ceil(total / query.limit);
  const tools = rows.map(toToolCard);
  const explanations = query.explain
    ? await explainTools(
        db,
        tools,
        query,
        search,
        total,
        counted.capped,
        fusedPage && weights ? { fused: fusedPage, weights } : null,
      )
    : undefined;
  return {
    ...(explanations ? { explanations } : {}),
    tools,
    pagination: { page: query.page, limit: query.limit, total, totalPages, hasMore: query.page < totalPages },
    meta: {
      q: query.q ?? null,
      sort,
      filters: {
        categories: query.categories,
        pricing: query.pricing,
        rating: query.minRating ?? null,
        tags: query.tags,
        featured: query.featured ?? null,
        max_price: query.decision?.maxPrice ?? null,
        free_tier: query.decision?.freeTier ?? false,
        no_card: query.decision?.noCard ?? false,
        api: query.decision?.api ?? false,
        open_source: query.decision?.openSource ?? false,
        self_hosted: query.decision?.selfHosted ?? false,
      },
      unknownCategories,
      totalCapped: counted.capped,
      ...(retrieval ? { retrieval } : {}),
    },
  };
}

/** The cards of these tools, in this order (the fused page). */
async function cardsInOrder(db: Db, ids: string[]): Promise<CardRow[]> {
  if (!ids.length) return [];
  const rows = await queryRows(
    db,
    sql`SELECT ${sql.raw(CARD_COLUMNS)} FROM ${FROM} WHERE t.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
    CardRow,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const COUNT_CAP = 10_000;
export const SEARCH_COUNT_CAP = 1_000;

/**
 * A broad search (more matches than are worth ranking one by one) in two parts: tools whose name
 * is the query or starts with it, ranked; then every other match in the catalogue's own order,
 * which the planner walks on tools_browse_idx and stops after one page.
 */
async function broadSearchPage(
  db: Db,
  where: SQL,
  search: NonNullable<ReturnType<typeof buildSearch>>,
  offset: number,
  limit: number,
): Promise<CardRow[]> {
  const named = await queryRows(
    db,
    sql`SELECT ${sql.raw(CARD_COLUMNS)} FROM ${FROM} WHERE ${where} AND ${search.nameMatch}
        ORDER BY ${search.nameTier}, length(t.name), ${sql.raw(ORDER["rating-desc"])}
        LIMIT ${offset + limit}`,
    CardRow,
  );
  const fromNamed = named.slice(offset, offset + limit);
  if (fromNamed.length === limit) return fromNamed;
  const restOffset = Math.max(0, offset - named.length);
  const rest = await queryRows(
    db,
    sql`SELECT ${sql.raw(CARD_COLUMNS)} FROM ${FROM} WHERE ${where} AND NOT ${search.nameMatch}
        ORDER BY ${sql.raw(ORDER["rating-desc"])} LIMIT ${limit - fromNamed.length} OFFSET ${restOffset}`,
    CardRow,
  );
  return [...fromNamed, ...rest];
}

/**
 * A search's matches in one statement: the first SEARCH_COUNT_CAP + 1 matches (one pass over
 * the search indexes, stopping at the cap), their count, and — when the cap is not reached — the
 * requested page of that set, ordered in memory:
 * - relevance, up to RANK_ALL_UP_TO matches: full ranking (exact name, prefixes, text rank, similarity);
 * - relevance, more: name matches first (exact, then shorter names), then the catalogue's order —
 *   the same order broadSearchPage gives, without walking the catalogue;
 * - any other sort: that sort.
 * The page is gated by the count (a one-time filter), so a capped search reads no rows back. The
 * matches are kept as row addresses (ctid, stable within the statement): the page reads its rows
 * directly by address (a TID scan of `ctid = ANY(…)`; a join on ctid was planned as a hash join over
 * the whole table, 14 of 64 ms of 'image generator' on PGlite), and a capped search materialises
 * almost nothing. `rows` is
 * empty when the cap is reached: the caller pages those with broadSearchPage (or the sort's own
 * index walk).
 */
async function searchMatches(
  db: Db,
  where: SQL,
  search: NonNullable<ReturnType<typeof buildSearch>>,
  sort: NonNullable<ToolListQuery["sort"]>,
  featuredFirst: string,
  offset: number,
  limit: number,
): Promise<{ total: number; capped: boolean; rows: CardRow[] }> {
  const cap = SEARCH_COUNT_CAP;
  const page = (gate: SQL, orderBy: SQL) =>
    sql`(SELECT ${sql.raw(CARD_COLUMNS)} FROM ${FROM}
         WHERE t.ctid = ANY (ARRAY(SELECT tid FROM search_matches)) AND ${gate} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset})`;
  // Relevance is one order with two halves, each switched on by the count (the other half's keys
  // are all NULL, so they tie): one join to plan instead of two gated ones.
  // A broad category search ('image generator', ADR 0035) still ranks the tools listed under the tags
  // and categories it names (few: each facet is specific), ahead of the name-match-then-rating rest.
  const ranked = sql`(k.n <= ${RANK_ALL_UP_TO} OR ${search.rankedWhenBroad})`;
  const named = sql`k.n > ${RANK_ALL_UP_TO} AND ${search.nameMatch}`;
  const orderBy =
    sort === "relevance"
      ? sql`(CASE WHEN ${ranked} THEN ${search.rank} END) DESC NULLS LAST, (CASE WHEN ${ranked} THEN t.rating_score END) DESC NULLS LAST,
            (CASE WHEN ${ranked} THEN lower(t.name) END) ASC, (CASE WHEN ${ranked} THEN t.id END),
            (CASE WHEN ${named} THEN 0 ELSE 1 END), (CASE WHEN ${named} THEN ${search.nameTier} END),
            (CASE WHEN ${named} THEN length(t.name) END), ${sql.raw(ORDER["rating-desc"])}`
      : sql.raw(featuredFirst + ORDER[sort]);
  const branches = page(sql`k.n <= ${cap}`, orderBy);
  const found = await queryRows(
    db,
    sql`WITH search_matches AS MATERIALIZED (SELECT t.ctid AS tid FROM tools t WHERE ${where} LIMIT ${cap + 1}),
             k AS (SELECT count(*)::int AS n FROM search_matches)
        SELECT k.n AS search_total, page.* FROM k LEFT JOIN LATERAL (${branches}) page ON true`,
    SearchMatchRow,
  );
  const n = found[0]?.search_total ?? 0;
  const rows = found.filter((r): r is Extract<(typeof found)[number], CardRow> => r.id !== null);
  return n > cap ? { total: cap, capped: true, rows: [] } : { total: n, capped: false, rows };
}

/** Exact count up to `cap` (then capped); the unfiltered catalogue count is memoised by version. */
async function countMatches(
  db: Db,
  where: SQL,
  unfiltered: boolean,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  if (unfiltered) {
    const total = await memoByVersion(db, "catalog:count-active", () => countTools(db));
    return { total, capped: false };
  }
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM tools t WHERE ${where} LIMIT ${cap + 1}) x`,
    CountRow,
  );
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * One published tool by id or slug — or a gone one (the graveyard keeps its page: status `gone`,
 * `gone_at`); null when there is none.
 */
export async function getTool(db: Db, idOrSlug: string): Promise<ToolDetail | null> {
  const key = idOrSlug.trim().toLowerCase();
  if (!key || key.length > 200) return null;
  const match = UUID.test(key) ? sql`t.id = ${key}::uuid` : sql`t.slug = ${key}`;
  const [row] = await queryRows(
    db,
    sql`SELECT ${sql.raw(DETAIL_COLUMNS)} FROM ${FROM} WHERE ${match} AND t.status IN ('active', 'gone') LIMIT 1`,
    DetailRow,
  );
  return row ? toToolDetail(row) : null;
}

/** A published tool's id and tier by id or slug (the same match as getTool), for gates that need no more. */
export async function getToolRef(db: Db, idOrSlug: string): Promise<{ id: string; tier: ToolDetail["tier"] } | null> {
  const key = idOrSlug.trim().toLowerCase();
  if (!key || key.length > 200) return null;
  const match = UUID.test(key) ? sql`id = ${key}::uuid` : sql`slug = ${key}`;
  const [row] = await queryRows(
    db,
    sql`SELECT id::text AS id, tier::text AS tier FROM tools WHERE ${match} AND status IN ('active', 'gone') LIMIT 1`,
    ToolRefRow,
  );
  return row ?? null;
}

/** Counts for the health check and the site's own figures. */
export async function countTools(db: Db): Promise<number> {
  const [row] = await queryRows(db, sql`SELECT count(*)::int AS n FROM tools WHERE status = 'active'`, CountRow);
  return row?.n ?? 0;
}
