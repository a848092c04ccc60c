/** The catalogue module's public surface: other modules, the API and the routes import only this. */
export {
  type CategorySummary,
  ensureCategories,
  getCategory,
  listCategories,
  resolveCategoryKeys,
} from "./categories.ts";
export { aliasKey, CATEGORY_DEFINITIONS } from "./category-definitions.ts";
export {
  CATEGORY_PAGE_SIZE,
  CATEGORY_PRICES,
  CategoryListParams,
  type CategoryPage,
  type CategoryPageInput,
  type CategoryPrice,
  filterCategories,
  getCategoryPage,
  parseCategoryPageUrl,
  pricingForPrice,
  UNKNOWN_CATEGORY_DESCRIPTION,
  unknownCategoryName,
} from "./category-page.ts";
export { IMPORT_LIMITS, type ImportReport, importCsv, importRows, parseCsv } from "./import.ts";
export { domainKey, nameKey, PRICING_LABELS, PRICING_MODELS, slugify } from "./normalize.ts";
export {
  DEFAULT_LIMIT,
  listParamsFromSearch,
  MAX_LIMIT,
  SORTS,
  type Sort,
  ToolListParams,
  type ToolListQuery,
} from "./query-schema.ts";
export {
  POPULAR_SEARCHES,
  PRICE_RANGE_NOTE,
  parseSearchUrl,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  type SearchBadge,
  type SearchFilters,
  type SearchInput,
  type SearchResults,
  searchBadges,
  searchHref,
  searchTools,
} from "./search-page.ts";
export { featuredSlugs, SEED_CSV, seedCatalog } from "./seed.ts";
export { getToolOfTheDay, type ToolOfTheDay, utcDay } from "./tool-of-the-day.ts";
export type { ToolCard, ToolDetail } from "./tool-shapes.ts";
export { countTools, getTool, listTools, type ToolPage } from "./tools.ts";
