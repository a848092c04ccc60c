/** The catalogue module's public surface: other modules, the API and the routes import only this. */
export {
  ADMIN_PAGE_SIZE,
  ADMIN_TOOL_SORTS,
  AdminToolQuery,
  type AdminToolRow,
  type AdminToolStats,
  adminToolStats,
  BulkImportRows,
  EDIT_LIMITS,
  type EditableTool,
  findToolId,
  getEditableTool,
  listAdminTools,
  NEW_TOOL,
  rowsFromJson,
  type SavedTool,
  saveTool,
  setArchived,
  setFeatured,
  TOOL_STATUSES,
  TOOL_TIERS,
  type ToolChangeContext,
  ToolPatch,
  type ToolStatus,
  type ToolTier,
} from "./admin-tools.ts";
export { type Alternative, DEFAULT_ALTERNATIVES, getAlternatives, MAX_ALTERNATIVES } from "./alternatives.ts";
export {
  BULK_ACTIONS,
  BULK_MAX,
  type BulkAction,
  type BulkResult,
  BulkToolsInput,
  bulkChangeTools,
} from "./bulk-tools.ts";
export {
  type CategorySummary,
  ensureCategories,
  getCategory,
  listCategories,
  lookupCategoryKeys,
  resolveCategoryKeys,
} from "./categories.ts";
export {
  type AdminCategory,
  type CategoryChangeContext,
  CategoryFields,
  type CategoryFieldsInput,
  type CategorySuggestion,
  createCategory,
  listCategoriesForAdmin,
  mergeCategories,
  renameCategory,
  retireCategory,
  suggestCategories,
} from "./category-admin.ts";
export { aliasKey, CATEGORY_DEFINITIONS } from "./category-definitions.ts";
export { CATEGORY_LIMITS } from "./category-limits.ts";
export {
  CATEGORY_PAGE_SIZE,
  CATEGORY_PRICES,
  CategoryListParams,
  type CategoryPage,
  type CategoryPageInput,
  type CategoryPrice,
  filterCategories,
  getCategoryPage,
  movedCategorySlug,
  parseCategoryPageUrl,
  pricingForPrice,
  UNKNOWN_CATEGORY_DESCRIPTION,
  unknownCategoryName,
} from "./category-page.ts";
export {
  CLICK_SOURCES,
  CLICK_TARGETS,
  type ClickResult,
  type ClickSource,
  type ClickTarget,
  type DealLookup,
  GoParams,
  recordReportedClick,
  recordToolClick,
  type ToolClick,
  ToolClickInput,
} from "./clicks.ts";
export {
  CompareApiParams,
  type ComparePage,
  ComparePageParams,
  type CompareTool,
  type CompareViewer,
  type Comparison,
  findToolToAdd,
  getComparePage,
  getComparison,
  getToolsForComparison,
} from "./compare.ts";
export { addToCompare, type CompareAddResult, compareCapMessage } from "./compare-add.ts";
export {
  COMPARE_CAPS,
  compareCap,
  DEFAULT_COMPARE_CAP,
  MAX_COMPARE_TOOLS,
  type MemberTier,
} from "./compare-rules.ts";
export {
  DismissInput,
  DUPLICATE_THRESHOLDS,
  DUPLICATES_REFRESH_JOB,
  type DuplicateCandidate,
  type DuplicateSide,
  dismissDuplicate,
  findDuplicateCandidates,
  listStoredDuplicateCandidates,
  refreshDuplicateCandidates,
  registerDuplicateJobs,
  requestDuplicateRefresh,
} from "./duplicates.ts";
export { EDITORIAL_FILE, type Editorial, type EditorialEntry, loadEditorial } from "./enrich/editorial.ts";
export { PROVIDER_DOMAINS } from "./enrich/provider.ts";
export {
  CATEGORY_THRESHOLD,
  EDITOR_SOURCE,
  type EnrichReport,
  enrichCatalog,
  OTHER_CATEGORY,
} from "./enrich/run.ts";
export { hasApostropheArtefact, repairText } from "./enrich/text-repair.ts";
export { EXPORT_MAX_ROWS, exportToolsCsv, formulaSafe } from "./export.ts";
export {
  type ApplyFactsInput,
  applyToolFacts,
  FACT_COLUMNS,
  FACT_FIELDS,
  FACT_KINDS,
  type FactChange,
  type FactField,
  type FactHistoryEntry,
  type FactKind,
  type FactPatch,
  type FactProvenance,
  factValuesOf,
  getFactHistory,
  getProvenance,
  hasFactValue,
  type NewToolFacts,
  type Provenance,
  type RecordFactsInput,
  recordFactChanges,
  recordNewTools,
  STORED_FACT_FIELDS,
  type StoredFactField,
} from "./facts.ts";
export { type FeatureRow, featureMatrix } from "./feature-matrix.ts";
export {
  csvText,
  IMPORT_LIMITS,
  type ImportReport,
  importCsv,
  importRows,
  type MappedCategory,
  parseCsv,
  type StoredImportReport,
  type UnknownCategory,
} from "./import.ts";
export {
  confirmDryRun,
  getImportRun,
  IMPORT_RUNS_PAGE_SIZE,
  type ImportRun,
  type ImportRunSummary,
  listImportRuns,
} from "./import-runs.ts";
export { applySeedListings } from "./listings.ts";
export {
  catalogMergeSteps,
  listMerges,
  type MergeHistoryEntry,
  MergeInput,
  type MergeReport,
  mergedTarget,
  mergePreview,
  mergeTools,
} from "./merge.ts";
export { mergeStepTables, runnableSteps, type ToolMergeStep } from "./merge-steps.ts";
export {
  claimMethodsFor,
  domainKey,
  nameKey,
  onSharedHost,
  PRICING_LABELS,
  PRICING_MODELS,
  slugify,
} from "./normalize.ts";
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
  bayesianRating,
  CATEGORY_QUERY,
  DESCRIPTIVE_FILLER,
  POPULARITY_WEIGHTS,
  RANK_ALL_UP_TO,
  RATING_PRIOR_DEFAULT,
  RATING_PRIOR_WEIGHT,
  RATING_REFRESH_EVERY_MS,
  REVIEW_GATE,
  SEARCH_WEIGHTS,
} from "./ranking.ts";
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
export { type SitemapEntry, sitemapEntries } from "./sitemap.ts";
export { type CatalogStats, catalogStats, toolNotes } from "./stats.ts";
export {
  cardsForTier,
  OVERVIEW_FACT_FIELDS,
  overviewHistory,
  overviewOfCard,
  overviewOfTool,
  overviewProvenance,
  toolHistoryFor,
  toolProvenanceFor,
} from "./tool-access.ts";
export { getToolOfTheDay, type ToolOfTheDay, utcDay } from "./tool-of-the-day.ts";
export {
  type Deal,
  dealOf,
  FEATURES_SHOWN,
  getToolPage,
  TOOL_TABS,
  type ToolPageData,
  type ToolPageOptions,
  ToolPageParams,
  type ToolTab,
  USE_CASES_SHOWN,
} from "./tool-page.ts";
export {
  closestTools,
  type PickedTool,
  pickTool,
  suggestionText,
  TOOL_PICK_MESSAGES,
  ToolPickText,
  type ToolSuggestion,
} from "./tool-pick.ts";
export type { ToolCard, ToolDetail } from "./tool-shapes.ts";
export { countTools, getTool, getToolRef, listTools, type ToolPage } from "./tools.ts";
