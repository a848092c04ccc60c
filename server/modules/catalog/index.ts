/** The catalogue module's public surface: other modules, the API and the routes import only this. */

export {
  COMMUNITY_LABEL,
  EDITORS_LABEL,
  FACT_NOTES,
  isLaterChange,
  MAKER_LABEL,
  publicFactNote,
  publicFactSource,
} from "../../platform/fact-publish.ts";
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
export { ALTERNATIVE_RULES, computeAlternatives, refreshAlternatives } from "./alternatives-store.ts";
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
export { unretireCategory } from "./category-unretire.ts";
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
export { type CompareCost, compareCosts } from "./compare-cost.ts";
export {
  COMPARE_CAPS,
  compareCap,
  DEFAULT_COMPARE_CAP,
  MAX_COMPARE_TOOLS,
  type MemberTier,
} from "./compare-rules.ts";
export { type CompareSheet, getCompareSheet, type SheetCell, type SheetRow } from "./compare-sheet.ts";
export { COVERAGE_FIELDS, type Coverage, decisionCoverage } from "./decision-coverage.ts";
export {
  canonicalLicence,
  type DataUse,
  DataUseInput,
  type DecisionEditor,
  LICENCE_CLASS_LABELS,
  type LicenceClass,
  licenceClass,
  type PublishedDecision,
  publishDecision,
  SetDecisionFactsInput,
  setToolDecisionFacts,
} from "./decision-facts.ts";
export { catalogJobOwed, DOMAIN_REKEY_JOB, registerDomainRekeyJob, rekeyDomains } from "./domain-rekey.ts";
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
  applyToolFactsBatch,
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
  stableJson,
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
export { rollbackImport } from "./import-rollback.ts";
export {
  confirmDryRun,
  getImportRun,
  IMPORT_RUNS_PAGE_SIZE,
  type ImportRun,
  type ImportRunSummary,
  listImportRuns,
} from "./import-runs.ts";
export { lockListingTier, setListingTier } from "./listing-tier.ts";
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
  registrableDomain,
  slugify,
} from "./normalize.ts";
export {
  type CostAnswer,
  type CostQuery,
  costOfPlan,
  money,
  type PlanCostLine,
  planCost,
  usageUnitOf,
} from "./plan-cost.ts";
export { type PlanEvent, planChangeText, planEvents, planEventText } from "./plan-events.ts";
export { type PlanSummary, planSummary, planSummaryLabel } from "./plan-summary.ts";
export { CostParams, normalisePlans, type Plan, PlanInput, PlanRow, PlansInput } from "./plans.ts";
export {
  DecideFlagInput,
  decideQualityFlag,
  listQualityFlags,
  QUALITY_PASS_JOB,
  QUALITY_WEIGHTS,
  QualityFlagsQuery,
  qualityProposals,
  refreshQualityScores,
  registerQualityJobs,
  requestQualityPass,
  runQualityPass,
} from "./quality.ts";
export {
  ADVANCED_PARAMS,
  DECISION_PARAMS,
  DEFAULT_LIMIT,
  EXCLUDABLE,
  type Excludable,
  entitleAdvanced,
  hasAdvancedFilter,
  listFiltersText,
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
  FUSION,
  POPULARITY_WEIGHTS,
  passesAccountGate,
  RANK_ALL_UP_TO,
  RATING_PRIOR_DEFAULT,
  RATING_PRIOR_WEIGHT,
  RATING_REFRESH_EVERY_MS,
  REVIEW_GATE,
  SEARCH_WEIGHTS,
} from "./ranking.ts";
export { fuseRanks, LEGS, type Leg } from "./search-fusion.ts";
export type { Retrieval } from "./search-hybrid.ts";
export { setVectorBudget } from "./search-hybrid.ts";
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
export { type Nearest, nearestTools, VECTOR_MIN_SIMILARITY } from "./search-vector.ts";
export { featuredSlugs, SEED_CSV, seedCatalog } from "./seed.ts";
export { getToolPlans, type PlanEditor, SetPlansInput, setToolPlans } from "./set-plans.ts";
export { type SitemapEntry, sitemapEntries } from "./sitemap.ts";
export { type CatalogStats, catalogStats, toolNotes } from "./stats.ts";
export { type AdminTaskTool, decideTaskTool, TaskToolDecision, taskToolsForAdmin } from "./tasks/decide.ts";
export { PROPOSE_RULES, ruleScores } from "./tasks/propose.ts";
export {
  allTasks,
  getTask,
  listTasks,
  type MatchedTask,
  matchTasks,
  type TaskDetail,
  type TaskSummary,
  type TaskTool,
  taskGroups,
  taskNames,
  toolsForTask,
} from "./tasks/queries.ts";
export {
  derivedOwed,
  refreshDerived,
  registerTaskJobs,
  requestDerivedRefresh,
  TASKS_REFRESH_JOB,
  TASKS_WATCH_JOB,
  watchDerived,
} from "./tasks/refresh.ts";
export {
  alternativeReasonText,
  TASK_PAGE_TOOLS,
  TASK_PRICE_LABELS,
  TASK_PRICES,
  type TaskPrice,
} from "./tasks/shared-constants.ts";
export { ACCEPTED_SOURCE, applyAcceptedSet, ensureTasks, loadAcceptedSet } from "./tasks/store.ts";
export { loadTaxonomy, parseTaxonomy, TASKS_SOURCE, type TaskDefinition } from "./tasks/taxonomy.ts";
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
export {
  refreshToolVectors,
  registerToolVectorJobs,
  TOOL_VECTORS_JOB,
  toolEmbeddingText,
} from "./tool-vectors.ts";
export { countTools, getTool, getToolRef, listTools, type ToolPage } from "./tools.ts";
