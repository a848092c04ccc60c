import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import type { ToolListQuery } from "./query-schema.ts";
import {
  CATEGORY_QUERY,
  FUSION,
  POPULARITY_WEIGHTS,
  RANK_ALL_UP_TO,
  RATING_PRIOR_DEFAULT,
  RATING_PRIOR_WEIGHT,
} from "./ranking.ts";
import { SAVES_OF_TOOL, type SearchSql } from "./search.ts";
import type { Fused, Leg } from "./search-fusion.ts";
import type { ToolCard } from "./tool-shapes.ts";

/**
 * "Why this rank?" (issue 22 item 5, ADR 0029). An explanation is read from the same SQL parts the
 * order is computed from (search.ts `parts`, the stored Bayesian score), so sorting a page by
 * `score` reproduces its order; a test holds it to that.
 */
const QualityRow = z.object({ id: z.string(), q: z.number() });

export type Explanation = {
  /** how this list is ordered */
  order: "fused" | "relevance" | "name-match-then-rating" | "quality" | "rating-desc" | "rating-asc" | "name" | "date";
  /** the value the order sorts by (descending for relevance and rating-desc); null when the tool has none */
  score: number | null;
  /**
   * Hybrid retrieval (issue 32, ADR 0066): the tool's rank in each leg that found it (1 = first; a leg
   * that did not list it is absent) and the fused score, Σ weight / (k + rank). `score` is the fused
   * score when the order is "fused"; `points` are then the lexical leg's parts.
   */
  retrieval: {
    ranks: Partial<Record<Leg, number>>;
    fused_score: number;
    k: number;
    /** each leg's weight in this search (the others count less when the strict search found enough) */
    weights: Record<Leg, number>;
  } | null;
  /** the parts of a search score, in points */
  points: { name: number; text: number; intent: number; similarity: number; facet: number; popularity: number } | null;
  /** the catalogue tags/categories the search named that this tool carries (ADR 0035) */
  facets: string[];
  /** the search read as a category, and this tool's name merely restates it (no name points, ADR 0035) */
  descriptive_name: boolean;
  /** where the query's words were found */
  matched_fields: string[];
  /** a spelling the search forgave, in words */
  typo: string | null;
  /** the catalogue phrases the query's intent words mapped to, that this tool carries */
  intent: string[];
  popularity: {
    points: number;
    featured: boolean;
    clicks: number;
    counted_reviews: number;
    saves: number;
    /** independent curated source lists carrying the tool (ADR 0035) */
    listings: number;
  } | null;
  rating: { average: number; counted_reviews: number; score: number | null; prior: number; prior_weight: number };
  /** always false: no position on Toolscape can be bought */
  paid_placement: false;
  /** the same in sentences, for people */
  summary: string[];
};

const PartsRow = z.object({
  id: z.string(),
  name_pts: z.number(),
  text_pts: z.number(),
  intent_pts: z.number(),
  sim_pts: z.number(),
  facet_pts: z.number(),
  pop_pts: z.number(),
  facets: z.array(z.string()),
  descriptive: z.boolean(),
  listings: z.number(),
  score: z.number(),
  text_match: z.boolean(),
  intent_match: z.boolean(),
  similarity: z.number(),
  clicks: z.number(),
  saves: z.number(),
});
type PartsRow = z.infer<typeof PartsRow>;

const PriorRow = z.object({ mean: z.number() });

const LEG_WORDS: Record<Leg, string> = {
  lexical: "the word search",
  relaxed: "the relaxed search (any of your words)",
  vector: "meaning (the sentence model)",
  tasks: "the tasks your words name",
};
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Fields of the card where every query term starts a word (the full-text search matches prefixes). */
function matchedFields(tool: ToolCard, terms: string[]): string[] {
  const fields: [string, string][] = [
    ["name", tool.name],
    ["tags", tool.tags.join(" ")],
    ["category", tool.category ?? ""],
    ["provider", tool.provider === "Unknown" ? "" : tool.provider],
    ["description", tool.description],
  ];
  return fields
    .filter(([, text]) => {
      const ws = words(text);
      return terms.some((t) => ws.some((w) => w.startsWith(t) || t.startsWith(w.slice(0, Math.max(4, t.length - 2)))));
    })
    .map(([f]) => f);
}

export async function explainTools(
  db: Db,
  tools: ToolCard[],
  query: ToolListQuery,
  search: SearchSql | null,
  total: number,
  capped: boolean,
  /** the fused page, in the order of `tools`, and the legs' weights, when the page is a hybrid search's */
  hybridPage: { fused: Fused[]; weights: Record<Leg, number> } | null = null,
): Promise<Explanation[]> {
  const fused = hybridPage?.fused ?? null;
  const fusedById = new Map((fused ?? []).map((f) => [f.id, f]));
  const [stored] = await queryRows(db, sql`SELECT mean FROM rating_prior WHERE id = 1`, PriorRow);
  const prior = stored ? Number(stored.mean) : RATING_PRIOR_DEFAULT;
  const sort = query.sort ?? (search ? "relevance" : "quality");
  const ranked = search && sort === "relevance" && !capped && total <= RANK_ALL_UP_TO;
  let parts = new Map<string, PartsRow>();
  if (search && tools.length) {
    const ids = sql.join(
      tools.map((t) => sql`${t.id}::uuid`),
      sql`, `,
    );
    // The facets the search named ('' when none: IN needs one value, and no facet is empty).
    const named = sql.join(
      (search.facets.length ? search.facets : [""]).map((f) => sql`${f}`),
      sql`, `,
    );
    const rows = await queryRows(
      db,
      sql`SELECT t.id::text AS id, ${search.parts.name}::float8 AS name_pts, ${search.parts.text}::float8 AS text_pts,
                 ${search.parts.intent}::float8 AS intent_pts, ${search.parts.similarity}::float8 AS sim_pts,
                 ${search.parts.facet}::float8 AS facet_pts, ${search.parts.popularity}::float8 AS pop_pts,
                 ${search.rank}::float8 AS score, ${search.signals.descriptive} AS descriptive, t.listings,
                 ARRAY(SELECT f FROM unnest(t.search_facets) f WHERE f IN (${named})) AS facets,
                 ${search.signals.textMatch} AS text_match, ${search.signals.intentMatch} AS intent_match,
                 ${search.signals.similarity}::float8 AS similarity, t.clicks, ${SAVES_OF_TOOL}::int AS saves
            FROM tools t WHERE t.id IN (${ids})`,
      PartsRow,
    );
    parts = new Map(rows.map((r) => [r.id, r]));
  }
  // The quality order's score (ADR 0075), read only when the page is in that order.
  const quality = new Map<string, number>();
  if (!search && sort === "quality" && tools.length) {
    const rows = await queryRows(
      db,
      sql`SELECT id::text AS id, quality_score::float8 AS q FROM tools WHERE id IN (${sql.join(
        tools.map((t) => sql`${t.id}::uuid`),
        sql`, `,
      )})`,
      QualityRow,
    );
    for (const r of rows) quality.set(r.id, r.q);
  }
  return tools.map((tool) => {
    const p = parts.get(tool.id);
    const rating = {
      average: tool.rating,
      counted_reviews: tool.review_count,
      score: tool.rating_score,
      prior: round(prior),
      prior_weight: RATING_PRIOR_WEIGHT,
    };
    const summary: string[] = [];
    const terms = search?.terms ?? [];
    const matched = search ? matchedFields(tool, terms) : [];
    let typo: string | null = null;
    let intent: string[] = [];
    let points: Explanation["points"] = null;
    let popularity: Explanation["popularity"] = null;
    let facets: string[] = [];
    let descriptive = false;
    if (p) {
      points = {
        name: round(Number(p.name_pts)),
        text: round(Number(p.text_pts)),
        intent: round(Number(p.intent_pts)),
        similarity: round(Number(p.sim_pts)),
        facet: round(Number(p.facet_pts)),
        popularity: round(Number(p.pop_pts)),
      };
      popularity = {
        points: round(Number(p.pop_pts)),
        featured: tool.is_featured,
        clicks: Number(p.clicks),
        counted_reviews: tool.review_count,
        saves: Number(p.saves),
        listings: Number(p.listings),
      };
      facets = points.facet > 0 ? p.facets : [];
      descriptive = Boolean(p.descriptive);
      const name = Number(p.name_pts);
      if (name === 90 || name === 15)
        typo = `Two swapped letters: '${search?.terms.join(" ")}' was read as '${tool.name}'`;
      else if (!p.text_match && !p.intent_match && name === 0 && Number(p.similarity) > 0)
        typo = `A close spelling of the name (similarity ${round(Number(p.similarity))})`;
      if (p.intent_match && search) {
        const text = words([tool.name, tool.tags.join(" "), tool.category, tool.description].join(" ")).join(" ");
        const carried = search.expansions.filter((e) => text.includes(words(e).join(" ")));
        intent = carried.length ? carried : search.expansions;
      }
      if (name >= 100) summary.push(`The name is exactly what you searched for (+${round(name, 1)}).`);
      else if (name > 0) summary.push(`The name starts with your search (+${round(name, 1)}).`);
      if (matched.length) summary.push(`Your words were found in: ${matched.join(", ")} (text match +${points.text}).`);
      if (typo) summary.push(`${typo} (+${round(name || Number(p.sim_pts), 1)}).`);
      else if (points.similarity >= 0.5)
        summary.push(`Its name is spelled much like your search (+${points.similarity}).`);
      if (intent.length)
        summary.push(`Your search was read as ${intent.map((e) => `'${e}'`).join(", ")} (+${points.intent}).`);
      if (facets.length)
        summary.push(
          `It is listed under ${facets.map((f) => `'${f}'`).join(", ")}, which your search names (+${points.facet}).`,
        );
      if (descriptive)
        summary.push("Its name only restates your search's words, so the name earns no points of its own here.");
      summary.push(
        `Popularity prior +${popularity.points} of at most ${POPULARITY_WEIGHTS.cap * CATEGORY_QUERY.priorScale} (${POPULARITY_WEIGHTS.cap} × ${CATEGORY_QUERY.priorScale} for a category search): ${tool.is_featured ? "featured by our editors, " : ""}${popularity.listings} independent source list${popularity.listings === 1 ? "" : "s"}, ${popularity.clicks} visits, ${popularity.counted_reviews} counted reviews, ${popularity.saves} saves.`,
      );
    }
    if (tool.review_count > 0 && tool.rating_score !== null) {
      summary.push(
        `Rating ${tool.rating} from ${tool.review_count} counted review${tool.review_count === 1 ? "" : "s"}; ranked as ${round(tool.rating_score)} (Bayesian: with ${RATING_PRIOR_WEIGHT} reviews at the catalogue mean ${round(prior)}).`,
      );
    } else {
      summary.push("No counted reviews yet: rating sorts list it after rated tools.");
    }
    summary.push("No paid placement: a maker cannot buy a position.");
    // Past the fused window a hybrid page goes on in the lexical order: no leg ranked it, fused score 0.
    const hybrid = fusedById.get(tool.id) ?? (fused ? { id: tool.id, score: 0, ranks: {} } : null);
    if (hybrid && !Object.keys(hybrid.ranks).length) {
      summary.unshift("Past the best matches of every search leg: listed in the word search's order.");
    } else if (hybrid) {
      const found = (Object.entries(hybrid.ranks) as [Leg, number][]).map(([leg, r]) => `${LEG_WORDS[leg]} #${r}`);
      summary.unshift(
        `Found by ${found.join(", ")}; fused score ${round(hybrid.score, 4)} (the sum of the leg's weight ÷ (${FUSION.k} + rank) over those legs).`,
      );
    }
    const order: Explanation["order"] = hybrid
      ? "fused"
      : ranked
        ? "relevance"
        : search && sort === "relevance"
          ? "name-match-then-rating"
          : sort === "quality"
            ? "quality"
            : sort === "rating-desc" || sort === "relevance"
              ? "rating-desc"
              : sort === "rating-asc"
                ? "rating-asc"
                : sort === "name-asc" || sort === "name-desc"
                  ? "name"
                  : "date";
    if (order === "name-match-then-rating")
      summary.unshift("A broad search: tools named like your search come first, then the best rated.");
    const score = hybrid
      ? hybrid.score
      : order === "relevance"
        ? Number(p?.score ?? 0)
        : order === "quality"
          ? round(quality.get(tool.id) ?? 0)
          : order.startsWith("rating")
            ? tool.rating_score
            : null;
    return {
      order,
      score,
      retrieval:
        hybrid && hybridPage
          ? { ranks: hybrid.ranks, fused_score: hybrid.score, k: FUSION.k, weights: hybridPage.weights }
          : null,
      points,
      matched_fields: matched,
      typo,
      intent,
      facets,
      descriptive_name: descriptive,
      popularity,
      rating,
      paid_placement: false,
      summary,
    };
  });
}
