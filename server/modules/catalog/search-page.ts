import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { aliasKey } from "./category-definitions.ts";
import { hasDecisionFilter } from "./decision-filters.ts";
import { PRICING_LABELS, type PricingModel } from "./normalize.ts";
import { DECISION_PARAMS, listParamsFromSearch, ToolListParams, type ToolListQuery } from "./query-schema.ts";
import { categories, categoryAliases } from "./tables.ts";
import type { ToolCard } from "./tool-shapes.ts";
import { listTools } from "./tools.ts";

/**
 * The /search page: its URL (including the spellings the home hero sends), "Load More" paging that
 * works without JavaScript (page n shows the first n pages), the removable filter badges and the
 * popular searches. The listing itself is the shared catalogue query.
 */

export const SEARCH_PAGE_SIZE = 30;
/** Load More stops here (300 results): past that, refining the search is the better tool. */
export const SEARCH_MAX_PAGES = 10;
export const PRICE_RANGE_NOTE = "Price ranges are not available yet; showing all pricing";

/** The URL keys that count as "a search was asked for" (the start state shows when none is set). */
const SEARCH_KEYS = [
  "q",
  "category",
  "categories",
  "pricing",
  "price",
  "rating",
  "tags",
  "tag",
  "featured",
  ...DECISION_PARAMS,
];

/** The hero's amount ranges ('Under $10', '$10 - $50', '$50 - $200', '$200+'): tools carry no amounts yet. */
const PRICE_RANGE = /^(?:(?:under|over|below|above)\s*\$?\s*\d+|\$?\s*\d+\s*(?:-|–|—|to)\s*\$?\s*\d+|\$?\s*\d+\s*\+)$/i;

export function isPriceRange(value: string): boolean {
  return PRICE_RANGE.test(value.trim());
}

/** The hero's rating labels: '5 Stars' → 5, '4+ Stars' → 4, 'All Ratings' → no filter. */
export function heroRating(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (!v || v === "all" || v === "all ratings" || v === "any") return null;
  const m = /^(\d+(?:\.\d+)?)\s*\+?\s*(?:stars?)?\s*(?:&\s*up|and up)?$/.exec(v);
  return m?.[1] ?? value.trim();
}

export type SearchFilters = {
  q: string | undefined;
  /** The category keys as the URL gave them (slug, name or alias). */
  categories: string[];
  pricing: PricingModel[];
  minRating: number | undefined;
  tags: string[];
  featured: boolean | undefined;
  /** issue 33's decision filters (left out: none) */
  decision?: ToolListQuery["decision"];
};

export type SearchInput = {
  filters: SearchFilters;
  /** Load More state: the page the visitor has reached (1…SEARCH_MAX_PAGES). */
  page: number;
  /** true: answer only that page (the enhanced Load More); false: pages 1…page together. */
  append: boolean;
  /** Whether the URL asks for a search at all (otherwise the page shows its start state). */
  started: boolean;
  notes: string[];
};

export type SearchParse = { ok: true; input: SearchInput } | { ok: false; error: string };

/** Reads and validates the /search URL. Bad values are an error message (the page answers 400). */
export function parseSearchUrl(search: URLSearchParams): SearchParse {
  const started = SEARCH_KEYS.some((key) => search.getAll(key).some((v) => v.trim() !== ""));
  const notes: string[] = [];
  const cleaned = new URLSearchParams(search);

  // The hero sends price=Free or an amount range; ranges cannot be honoured, so they are dropped with a note.
  const prices = ["pricing", "price"].flatMap((key) => cleaned.getAll(key)).flatMap((v) => v.split(","));
  const kept = prices.map((v) => v.trim()).filter((v) => v && !isPriceRange(v));
  if (kept.length < prices.filter((v) => v.trim()).length) notes.push(PRICE_RANGE_NOTE);
  cleaned.delete("price");
  cleaned.delete("pricing");
  if (kept.length) cleaned.set("pricing", kept.join(","));

  const rating = cleaned.get("rating");
  cleaned.delete("rating");
  const mapped = rating === null ? null : heroRating(rating);
  if (mapped) cleaned.set("rating", mapped);

  const params = listParamsFromSearch(cleaned);
  delete params.limit; // the page size is the page's own
  delete params.sort; // results are ranked by relevance (or rating without text)
  const parsed = ToolListParams.safeParse(params);
  if (!parsed.success) {
    // The messages name their parameter ('page must be a whole number', "Unknown pricing 'x'").
    return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid search" };
  }
  const { q, categories, pricing, minRating, tags, featured, page, decision } = parsed.data;
  return {
    ok: true,
    input: {
      // A minimum of 0 filters nothing: it is no filter (and no badge).
      filters: {
        q,
        categories,
        pricing: [...new Set(pricing)],
        minRating: minRating || undefined,
        tags,
        featured,
        ...(hasDecisionFilter(decision) ? { decision } : {}),
      },
      page: Math.min(page, SEARCH_MAX_PAGES),
      append: search.get("append") === "1",
      started,
      notes,
    },
  };
}

/** The canonical /search URL for a set of filters (and a Load More page). Commas stay readable. */
export function searchHref(filters: SearchFilters, page = 1): string {
  const parts: string[] = [];
  const add = (key: string, values: (string | number)[]) => {
    if (values.length) parts.push(`${key}=${values.map((v) => encodeURIComponent(String(v))).join(",")}`);
  };
  add("q", filters.q ? [filters.q] : []);
  add("category", filters.categories);
  add("pricing", filters.pricing);
  add("rating", filters.minRating !== undefined ? [filters.minRating] : []);
  add("tags", filters.tags);
  add("featured", filters.featured !== undefined ? [String(filters.featured)] : []);
  const d = filters.decision;
  add("max_price", d?.maxPrice !== undefined ? [d.maxPrice] : []);
  for (const [key, on] of [
    ["free_tier", d?.freeTier],
    ["no_card", d?.noCard],
    ["api", d?.api],
    ["open_source", d?.openSource],
    ["self_hosted", d?.selfHosted],
  ] as const)
    add(key, on ? ["1"] : []);
  if (page > 1) parts.push(`page=${page}`);
  return parts.length ? `/search?${parts.join("&")}` : "/search";
}

export type SearchBadge = {
  kind: "q" | "category" | "pricing" | "rating" | "tags" | "featured" | "decision";
  label: string;
  /** The same search without this one filter (and back on the first page). */
  removeHref: string;
};

const without = <T>(list: T[], i: number) => list.filter((_, j) => j !== i);

/** One removable badge per active filter value; category keys are shown by their category's name. */
export function searchBadges(filters: SearchFilters, categoryNames: Map<string, string> = new Map()): SearchBadge[] {
  const badges: SearchBadge[] = [];
  if (filters.q) {
    badges.push({ kind: "q", label: `“${filters.q}”`, removeHref: searchHref({ ...filters, q: undefined }) });
  }
  filters.categories.forEach((key, i) => {
    badges.push({
      kind: "category",
      label: categoryNames.get(key) ?? key,
      removeHref: searchHref({ ...filters, categories: without(filters.categories, i) }),
    });
  });
  filters.pricing.forEach((model, i) => {
    badges.push({
      kind: "pricing",
      label: PRICING_LABELS[model],
      removeHref: searchHref({ ...filters, pricing: without(filters.pricing, i) }),
    });
  });
  if (filters.minRating !== undefined) {
    badges.push({
      kind: "rating",
      label: `${filters.minRating.toFixed(1)}+ stars`,
      removeHref: searchHref({ ...filters, minRating: undefined }),
    });
  }
  filters.tags.forEach((tag, i) => {
    badges.push({
      kind: "tags",
      label: `#${tag}`,
      removeHref: searchHref({ ...filters, tags: without(filters.tags, i) }),
    });
  });
  if (filters.featured !== undefined) {
    badges.push({
      kind: "featured",
      label: filters.featured ? "Featured" : "Not featured",
      removeHref: searchHref({ ...filters, featured: undefined }),
    });
  }
  const d = filters.decision;
  if (d) {
    const off = (change: Partial<NonNullable<SearchFilters["decision"]>>) =>
      searchHref({ ...filters, decision: { ...d, ...change } });
    if (d.maxPrice !== undefined)
      badges.push({ kind: "decision", label: `≤ $${d.maxPrice}/mo`, removeHref: off({ maxPrice: undefined }) });
    const flags = [
      ["freeTier", "Free tier"],
      ["noCard", "No card"],
      ["api", "API"],
      ["openSource", "Open source"],
      ["selfHosted", "Self-hostable"],
    ] as const;
    for (const [key, label] of flags)
      if (d[key]) badges.push({ kind: "decision", label, removeHref: off({ [key]: false }) });
  }
  return badges;
}

export type CategoryKey = { key: string; name: string; slug: string };

/** Category keys (slug, name, alias or id) → their category's name and slug; unknown keys are left out. */
export async function describeCategoryKeys(db: Db, keys: string[]): Promise<CategoryKey[]> {
  if (!keys.length) return [];
  const ids = keys.filter((k) => /^\d{1,9}$/.test(k)).map(Number);
  const aliases = keys.map(aliasKey).filter(Boolean);
  const [byAlias, byId] = await Promise.all([
    aliases.length
      ? db
          .select({ alias: categoryAliases.alias, name: categories.name, slug: categories.slug })
          .from(categoryAliases)
          .innerJoin(categories, eq(categories.id, categoryAliases.categoryId))
          .where(inArray(categoryAliases.alias, aliases))
      : [],
    ids.length
      ? db
          .select({ id: categories.id, name: categories.name, slug: categories.slug })
          .from(categories)
          .where(inArray(categories.id, ids))
      : [],
  ]);
  const aliasMap = new Map(byAlias.map((r) => [r.alias, r]));
  const idMap = new Map(byId.map((r) => [String(r.id), r]));
  return keys.flatMap((key) => {
    const hit = idMap.get(key) ?? aliasMap.get(aliasKey(key));
    return hit ? [{ key, name: hit.name, slug: hit.slug }] : [];
  });
}

export type SearchResults = {
  /** `why`: the explanation's sentences ("Why this rank?", explain.ts) */
  tools: (ToolCard & { why?: string[] })[];
  total: number;
  totalCapped: boolean;
  /** The first page included in `tools` (1, or the page itself when appending). */
  fromPage: number;
  /** The last page included in `tools`. */
  page: number;
  pageSize: number;
  totalPages: number;
  /** Another page can be loaded. */
  hasMore: boolean;
  /** More results exist than Load More will ever show. */
  capped: boolean;
  badges: SearchBadge[];
  /** The requested categories that exist, by name and slug (the filter form preselects them). */
  categories: CategoryKey[];
  unknownCategories: string[];
  notes: string[];
  /** no tool matched every word: the results come from the relaxed and vector legs (issue 32) */
  relaxed: boolean;
  /** the search with its unknown words spelled as the catalogue spells them */
  didYouMean: { text: string; href: string } | null;
  /** The canonical URL of this search (without paging). */
  href: string;
  /** This search at the page reached (what the address bar shows after Load More). */
  pageHref: string;
  /** The Load More link (the next page, accumulated), or null when there is no more. */
  nextHref: string | null;
};

export const RELAXED_NOTE =
  "No tool matches every word of your search, so these match some of its words or what it means.";

/** Runs a /search request: pages 1…n in one query (or only page n when appending), plus its badges. */
export async function searchTools(db: Db, input: SearchInput): Promise<SearchResults> {
  const { filters, page, append } = input;
  const query: ToolListQuery = {
    q: filters.q,
    categories: filters.categories,
    pricing: filters.pricing,
    minRating: filters.minRating,
    tags: filters.tags,
    featured: filters.featured,
    decision: filters.decision,
    sort: undefined,
    page: append ? page : 1,
    limit: append ? SEARCH_PAGE_SIZE : SEARCH_PAGE_SIZE * page,
    // Every result says why it is where it is ("Why this rank?", ADR 0029).
    explain: true,
  };
  const [result, known] = await Promise.all([listTools(db, query), describeCategoryKeys(db, filters.categories)]);
  const total = result.pagination.total;
  const relaxed = result.meta.retrieval?.relaxed ?? false;
  const suggestion = result.meta.retrieval?.did_you_mean ?? null;
  const totalPages = Math.ceil(total / SEARCH_PAGE_SIZE);
  const hasMore = page < Math.min(totalPages, SEARCH_MAX_PAGES);
  return {
    tools: result.tools.map((t, i) => {
      const why = result.explanations?.[i]?.summary;
      return why ? { ...t, why } : t;
    }),
    total,
    /** more tools match than `total` (counting stops at 10,000) */
    totalCapped: result.meta.totalCapped,
    fromPage: append ? page : 1,
    page,
    pageSize: SEARCH_PAGE_SIZE,
    totalPages,
    hasMore,
    capped: page >= SEARCH_MAX_PAGES && totalPages > SEARCH_MAX_PAGES,
    badges: searchBadges(filters, new Map(known.map((c) => [c.key, c.name]))),
    categories: known,
    unknownCategories: result.meta.unknownCategories,
    // Never a silent page (issue 32 item 5): relaxed results say so.
    notes: relaxed && total > 0 ? [...input.notes, RELAXED_NOTE] : input.notes,
    relaxed,
    didYouMean: suggestion ? { text: suggestion, href: searchHref({ ...filters, q: suggestion }) } : null,
    href: searchHref(filters),
    pageHref: searchHref(filters, page),
    nextHref: hasMore ? searchHref(filters, page + 1) : null,
  };
}

/** The spec's Popular Searches, each mapped to a search over real catalogue data. */
export const POPULAR_SEARCHES: { label: string; href: string }[] = [
  { label: "AI Writing Tools", href: "/search?category=writing" },
  { label: "Image Generation", href: "/search?category=image-generation" },
  { label: "Code Assistants", href: "/search?category=code-development" },
  { label: "Productivity AI", href: "/search?category=productivity" },
  { label: "Free AI Tools", href: "/search?pricing=free" },
  { label: "Enterprise AI", href: "/search?q=enterprise" },
];
