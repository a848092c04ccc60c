import { z } from "zod";
import { own } from "../../platform/own.ts";
import { PRICING_MODELS, type PricingModel, parsePricingModel } from "./normalize.ts";

/**
 * The URL parameters of a tool listing, shared by GET /api/tools and the /tools, /search and category
 * pages so that one link means the same thing everywhere. Every value is checked; a bad one is a
 * readable 400, never a server error.
 */

export const SORTS = [
  "relevance",
  "quality",
  "rating-desc",
  "rating-asc",
  "name-asc",
  "name-desc",
  "newest",
  "oldest",
] as const;
export type Sort = (typeof SORTS)[number];

const SORT_ALIASES: Record<string, Sort> = {
  relevance: "relevance",
  quality: "quality",
  best: "quality",
  recommended: "quality",
  rating: "rating-desc",
  "rating-desc": "rating-desc",
  rating_desc: "rating-desc",
  "rating-high-low": "rating-desc",
  "-rating": "rating-desc",
  "rating-asc": "rating-asc",
  rating_asc: "rating-asc",
  "rating-low-high": "rating-asc",
  name: "name-asc",
  "name-asc": "name-asc",
  name_asc: "name-asc",
  "name-az": "name-asc",
  "a-z": "name-asc",
  "name-desc": "name-desc",
  name_desc: "name-desc",
  "name-za": "name-desc",
  "z-a": "name-desc",
  newest: "newest",
  "newest-first": "newest",
  created_desc: "newest",
  oldest: "oldest",
  "oldest-first": "oldest",
  created_asc: "oldest",
};

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 30;
export const MAX_QUERY_LENGTH = 200;

/**
 * A comma-separated list, at most `max` values of at most `itemMax` characters each: one pattern,
 * so the OpenAPI document states exactly the rule the code applies (issue 31).
 */
const commaList = (max: number, itemMax: number, label: string) =>
  z
    .string()
    .max(2_000, `${label} is too long`)
    .regex(
      new RegExp(`^[^,]{0,${itemMax}}(,[^,]{0,${itemMax}}){0,${max - 1}}$`),
      `At most ${max} ${label} values are allowed, each at most ${itemMax} characters`,
    )
    .transform((s) =>
      s
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean),
    );

/** A whole number in [min, max], sent as text; documented as the integer it stands for. */
const intParam = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${label} must be between ${min} and ${max}`)
    .meta({ type: "integer", minimum: min, maximum: max });

/** A "yes" filter (issue 33): 1/true keeps only tools a source states it for; 0/false or absent: no filter. */
const yesFilter = (what: string) =>
  z
    .enum(["true", "false", "1", "0"], { message: `${what} must be 1 or 0` })
    .transform((v) => v === "true" || v === "1")
    .optional();

/** The decision facts a member may exclude (advanced filters): "not open source", "no API"... */
export const EXCLUDABLE = ["free_tier", "no_card", "api", "open_source", "self_hosted"] as const;
export type Excludable = (typeof EXCLUDABLE)[number];

export const ToolListParams = z
  .object({
    q: z.string().max(MAX_QUERY_LENGTH, `Search text must be at most ${MAX_QUERY_LENGTH} characters`).optional(),
    category: commaList(20, 80, "category").optional(),
    pricing: commaList(10, 40, "pricing")
      .transform((list, ctx) => {
        const out: PricingModel[] = [];
        for (const v of list) {
          const m = parsePricingModel(v);
          if (!m) {
            ctx.addIssue({
              code: "custom",
              message: `Unknown pricing '${v}'. Use one of: ${PRICING_MODELS.join(", ")}`,
            });
            return z.NEVER;
          }
          out.push(m);
        }
        return out;
      })
      // The names the code reads, as the document's pattern (aliases such as "open source" also work).
      .meta({ type: "string", pattern: `^(${PRICING_MODELS.join("|")})(,(${PRICING_MODELS.join("|")})){0,9}$` })
      .optional(),
    rating: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "rating must be a number from 0 to 5")
      .transform(Number)
      .refine((n) => n <= 5, "rating must be a number from 0 to 5")
      // What the pattern and the bound accept together (0, 3.5, 5.0): the document states exactly that.
      .meta({ pattern: "^(0*[0-4](\\.\\d+)?|0*5(\\.0+)?)$" })
      .optional(),
    tags: commaList(10, 60, "tags").optional(),
    featured: z
      .enum(["true", "false", "1", "0"], { message: "featured must be true or false" })
      .transform((v) => v === "true" || v === "1")
      .optional(),
    max_price: z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, "max_price must be an amount in US dollars such as 10 or 9.99")
      .transform(Number)
      .optional()
      .describe(
        "Price ceiling per month in USD (issue 33): the tool's cheapest paid plan (a yearly price ÷ 12), or 0 when it states only free plans, is at most this. Tools whose plans are not stated, or priced in another currency only, are left out.",
      ),
    free_tier: yesFilter("free_tier").describe(
      "1: only tools with a stated free plan (or, while no plans are stated, a Free or Freemium pricing model from their source)",
    ),
    no_card: yesFilter("no_card").describe("1: only tools whose free plan is stated not to need a card"),
    api: yesFilter("api").describe("1: only tools a source states have an API"),
    open_source: yesFilter("open_source").describe(
      "1: only tools whose stated licence is an OSI-approved SPDX licence",
    ),
    self_hosted: yesFilter("self_hosted").describe("1: only tools a source states can be self-hosted"),
    no_training: yesFilter("no_training").describe(
      "Advanced filter (Standard and Expert): 1 keeps only tools whose data-use card states they do not train on your data",
    ),
    exclude: commaList(6, 20, "exclude")
      .transform((list, ctx) => {
        for (const v of list) {
          if (!(EXCLUDABLE as readonly string[]).includes(v)) {
            ctx.addIssue({ code: "custom", message: `Unknown exclude '${v}'. Use one of: ${EXCLUDABLE.join(", ")}` });
            return z.NEVER;
          }
        }
        return [...new Set(list)] as Excludable[];
      })
      .meta({ type: "string", pattern: `^(${EXCLUDABLE.join("|")})(,(${EXCLUDABLE.join("|")})){0,5}$` })
      .optional()
      .describe(
        "Advanced filter (Standard and Expert): leave out the tools a source states this for, comma-separated (open_source = 'not open source'). Unknown values stay in.",
      ),
    exclude_category: commaList(20, 80, "exclude_category")
      .optional()
      .describe("Advanced filter (Standard and Expert): leave out these categories (ids or slugs, comma-separated)"),
    sort: z
      .string()
      .trim()
      .toLowerCase()
      .transform((v, ctx) => {
        const s = own(SORT_ALIASES, v);
        if (!s) {
          ctx.addIssue({ code: "custom", message: `Unknown sort '${v}'. Use one of: ${SORTS.join(", ")}` });
          return z.NEVER;
        }
        return s;
      })
      .meta({ enum: Object.keys(SORT_ALIASES) })
      .optional(),
    page: intParam("page", 1, 10_000).optional(),
    limit: intParam("limit", 1, MAX_LIMIT).optional(),
    explain: z
      .enum(["true", "false", "1", "0"], { message: "explain must be 1 or 0" })
      .transform((v) => v === "true" || v === "1")
      .optional()
      .describe(
        "1: each tool carries `explanation` — why it is at its place (matched fields, typo correction, intent mapping, popularity prior, Bayesian rating, no paid placement) and the score the order sorts by",
      ),
  })
  .transform((p) => ({
    q: p.q?.trim() || undefined,
    categories: p.category ?? [],
    pricing: p.pricing ?? [],
    minRating: p.rating,
    tags: p.tags ?? [],
    featured: p.featured,
    decision: {
      maxPrice: p.max_price,
      freeTier: p.free_tier === true,
      noCard: p.no_card === true,
      api: p.api === true,
      openSource: p.open_source === true,
      selfHosted: p.self_hosted === true,
    },
    advanced: {
      exclude: p.exclude ?? [],
      excludeCategories: p.exclude_category ?? [],
      noTraining: p.no_training === true,
    },
    /** set only by entitleAdvanced: listTools applies `advanced` only when the caller's tier has it */
    advancedAllowed: false as boolean,
    sort: p.sort,
    page: p.page ?? 1,
    limit: p.limit ?? DEFAULT_LIMIT,
    explain: p.explain ?? false,
  }));

/** `explain` may be left out by callers that build a query in code (it defaults to false). */
export type ToolListQuery = Omit<
  z.output<typeof ToolListParams>,
  "explain" | "decision" | "advanced" | "advancedAllowed"
> & {
  explain?: boolean;
  /** issue 34's advanced filters (Standard+); applied only with `advancedAllowed` */
  advanced?: z.output<typeof ToolListParams>["advanced"];
  advancedAllowed?: boolean;
  /** issue 33's decision filters; left out by callers that build a query in code */
  decision?: z.output<typeof ToolListParams>["decision"];
};

/** The decision filters' URL names, in the order forms send them. */
export const DECISION_PARAMS = ["max_price", "free_tier", "no_card", "api", "open_source", "self_hosted"] as const;

/** Whether a listing query asks for any advanced filter. */
export function hasAdvancedFilter(query: Pick<ToolListQuery, "advanced">): boolean {
  const a = query.advanced;
  return !!a && (a.exclude.length > 0 || a.excludeCategories.length > 0 || a.noTraining);
}

/**
 * The one gate for the advanced filters: with the entitlement the query keeps them and is marked
 * allowed; without it they are dropped (the basic results) and `refused` says so. listTools ignores
 * `advanced` on a query that did not pass here, so a path that forgets the gate fails closed.
 */
export function entitleAdvanced<Q extends ToolListQuery>(query: Q, allowed: boolean): { query: Q; refused: boolean } {
  if (!hasAdvancedFilter(query)) return { query, refused: false };
  if (allowed) return { query: { ...query, advancedAllowed: true }, refused: false };
  return { query: { ...query, advanced: undefined, advancedAllowed: false }, refused: true };
}

/**
 * Reads listing parameters from a URL. Blank values count as absent (an empty form field), and the
 * spellings other screens send are accepted: categories/category, price/pricing.
 */
export function listParamsFromSearch(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  const take = (target: string, ...names: string[]) => {
    const values = names
      .flatMap((n) => search.getAll(n))
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length) out[target] = values.join(",");
  };
  take("q", "q");
  take("category", "category", "categories");
  take("pricing", "pricing", "price");
  take("tags", "tags", "tag");
  take("exclude", "exclude");
  take("exclude_category", "exclude_category");
  for (const key of ["rating", "featured", "sort", "page", "limit", "explain", "no_training", ...DECISION_PARAMS]) {
    const v = search.get(key)?.trim();
    if (v) out[key] = v;
  }
  if (out.q && search.getAll("q").length > 1) out.q = search.getAll("q").find((v) => v.trim()) ?? "";
  return out;
}

/**
 * A listing's filters as canonical query text (a saved filter set): the known parameters only, in
 * one order, without the page. Null when no filter is set.
 */
export function listFiltersText(search: URLSearchParams): string | null {
  const params = listParamsFromSearch(search);
  const out = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    if (key === "page" || key === "limit" || key === "explain") continue;
    out.set(key, params[key] as string);
  }
  const text = out.toString();
  return text || null;
}
