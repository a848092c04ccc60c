import { z } from "zod";
import { own } from "../../platform/own.ts";
import { PRICING_MODELS, type PricingModel, parsePricingModel } from "./normalize.ts";

/**
 * The URL parameters of a tool listing, shared by GET /api/tools and the /tools, /search and category
 * pages so that one link means the same thing everywhere. Every value is checked; a bad one is a
 * readable 400, never a server error.
 */

export const SORTS = ["relevance", "rating-desc", "rating-asc", "name-asc", "name-desc", "newest", "oldest"] as const;
export type Sort = (typeof SORTS)[number];

const SORT_ALIASES: Record<string, Sort> = {
  relevance: "relevance",
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

const commaList = (max: number, itemMax: number, label: string) =>
  z
    .string()
    .max(2_000, `${label} is too long`)
    .transform((s) =>
      s
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length <= max, `At most ${max} ${label} values are allowed`)
    .refine(
      (list) => list.every((v) => v.length <= itemMax),
      `Each ${label} value must be at most ${itemMax} characters`,
    );

const intParam = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${label} must be between ${min} and ${max}`);

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
      .optional(),
    rating: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "rating must be a number from 0 to 5")
      .transform(Number)
      .refine((n) => n <= 5, "rating must be a number from 0 to 5")
      .optional(),
    tags: commaList(10, 60, "tags").optional(),
    featured: z
      .enum(["true", "false", "1", "0"], { message: "featured must be true or false" })
      .transform((v) => v === "true" || v === "1")
      .optional(),
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
    sort: p.sort,
    page: p.page ?? 1,
    limit: p.limit ?? DEFAULT_LIMIT,
    explain: p.explain ?? false,
  }));

/** `explain` may be left out by callers that build a query in code (it defaults to false). */
export type ToolListQuery = Omit<z.output<typeof ToolListParams>, "explain"> & { explain?: boolean };

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
  for (const key of ["rating", "featured", "sort", "page", "limit", "explain"]) {
    const v = search.get(key)?.trim();
    if (v) out[key] = v;
  }
  if (out.q && search.getAll("q").length > 1) out.q = search.getAll("q").find((v) => v.trim()) ?? "";
  return out;
}
