import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { type CategorySummary, getCategory, lookupCategoryKeys } from "./categories.ts";
import { PRICING_MODELS, type PricingModel } from "./normalize.ts";
import {
  DECISION_PARAMS,
  listParamsFromSearch,
  type Sort,
  ToolListParams,
  type ToolListQuery,
} from "./query-schema.ts";
import { listTools, type ToolPage } from "./tools.ts";

/**
 * The /categories list (searchable by name and description) and the /category/{key} page: any key
 * the catalogue knows (slug, name, the spec's nlp/vision/… keys, the categories-page ids) shows that
 * category with its real tools; the page's price filter is free / paid, where paid is every model
 * that is not free.
 */

export const CATEGORY_PAGE_SIZE = 30;
export const CATEGORY_PRICES = ["free", "paid"] as const;
export type CategoryPrice = (typeof CATEGORY_PRICES)[number];
export const UNKNOWN_CATEGORY_DESCRIPTION = "Explore AI tools in this category.";
const MAX_KEY_LENGTH = 80;
const MAX_CATEGORY_QUERY = 100;

/** free → the free model only; paid → every other model (freemium, paid, open source, unknown, …). */
export function pricingForPrice(price: CategoryPrice | undefined): PricingModel[] {
  if (price === "free") return ["free"];
  if (price === "paid") return PRICING_MODELS.filter((m) => m !== "free");
  return [];
}

export type CategoryPageInput = {
  q: string | undefined;
  price: CategoryPrice | undefined;
  minRating: number | undefined;
  sort: Sort | undefined;
  page: number;
  /** issue 33's decision filters (price ceiling, free tier, no card, API, open source, self-hosted) */
  decision?: ToolListQuery["decision"];
};

export type CategoryPageParse = { ok: true; input: CategoryPageInput } | { ok: false; error: string };

const PriceParam = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx) => {
    if (v === "" || v === "all") return undefined;
    if ((CATEGORY_PRICES as readonly string[]).includes(v)) return v as CategoryPrice;
    ctx.addIssue({ code: "custom", message: `Unknown price '${v}'. Use free or paid` });
    return z.NEVER;
  });

/** Reads the category page's URL: q, price (free/paid), rating, sort, page. */
export function parseCategoryPageUrl(search: URLSearchParams): CategoryPageParse {
  const all = listParamsFromSearch(search);
  const { q, rating, sort, page } = all;
  const decision = Object.fromEntries(DECISION_PARAMS.flatMap((k) => (all[k] ? [[k, all[k]]] : [])));
  const parsed = ToolListParams.safeParse({ q, rating, sort, page, ...decision });
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid filters" };
  }
  const price = PriceParam.safeParse(search.get("price") ?? "");
  if (!price.success) return { ok: false, error: price.error.issues[0]?.message ?? "Invalid price" };
  const d = parsed.data;
  return {
    ok: true,
    input: { q: d.q, price: price.data, minRating: d.minRating, sort: d.sort, page: d.page, decision: d.decision },
  };
}

/** The page title for a key no category answers to: the key, capitalised. */
export function unknownCategoryName(key: string): string {
  const k = key.trim().slice(0, MAX_KEY_LENGTH);
  return k.charAt(0).toUpperCase() + k.slice(1);
}

export type CategoryPage =
  | { found: true; category: CategorySummary; tools: ToolPage | null }
  | { found: false; name: string; description: string };

/**
 * Where a moved category address now lives (ADR 0043): a former slug (rename), a merged category's
 * slug or name, or a retired category's address answer 301 to the slug they lead to. The spec's other
 * keys (nlp, vision, …) are not moves: they keep showing the page (with its canonical link).
 */
export async function movedCategorySlug(db: Db, key: string): Promise<string | null> {
  if (key.length > MAX_KEY_LENGTH) return null;
  const hit = (await lookupCategoryKeys(db, [key])).get(key);
  return hit?.moved && hit.slug !== key ? hit.slug : null;
}

/**
 * One category page: the category the key resolves to and a page of its tools (none asked for when
 * input is null, e.g. the filters were invalid), or the not-found answer for an unknown key.
 */
export async function getCategoryPage(db: Db, key: string, input: CategoryPageInput | null): Promise<CategoryPage> {
  const category = key.length <= MAX_KEY_LENGTH ? await getCategory(db, key) : null;
  if (!category) return { found: false, name: unknownCategoryName(key), description: UNKNOWN_CATEGORY_DESCRIPTION };
  if (!input) return { found: true, category, tools: null };
  const tools = await listTools(db, {
    q: input.q,
    categories: [String(category.id)],
    pricing: pricingForPrice(input.price),
    minRating: input.minRating,
    tags: [],
    featured: undefined,
    sort: input.sort,
    page: input.page,
    limit: CATEGORY_PAGE_SIZE,
    decision: input.decision,
  });
  return { found: true, category, tools };
}

/** Reads /categories?q= (the search text, at most 100 characters). */
export const CategoryListParams = z.object({
  q: z
    .string()
    .max(MAX_CATEGORY_QUERY, `Search text must be at most ${MAX_CATEGORY_QUERY} characters`)
    .transform((s) => s.trim())
    .optional(),
});

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ");

/** Categories whose name or description contains every word of the query (case and accent blind). */
export function filterCategories<C extends { name: string; description: string }>(
  list: C[],
  q: string | undefined,
): C[] {
  const words = fold(q ?? "")
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return list;
  return list.filter((c) => {
    const text = fold(`${c.name} ${c.description}`);
    return words.every((w) => text.includes(w));
  });
}
