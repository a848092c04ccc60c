/** The catalogue module's public surface: other modules, the API and the routes import only this. */

export { EDITORS_LABEL, FACT_NOTES, isLaterChange, publicFactSource } from "../../platform/fact-publish.ts";
export { type EditableTool, TOOL_TIERS } from "./admin-tool-shapes.ts";
export { adminToolStats } from "./admin-tool-stats.ts";
export { getAlternatives, MAX_ALTERNATIVES } from "./alternatives.ts";
export { refreshAlternatives } from "./alternatives-store.ts";
export { BulkImportRows, rowsFromJson } from "./bulk-import-rows.ts";
export { BULK_ACTIONS, BULK_MAX, bulkChangeTools } from "./bulk-tools.ts";
export { ensureCategories, getCategory, listCategories, resolveCategoryKeys } from "./categories.ts";
export {
  type AdminCategory,
  CategoryFields,
  createCategory,
  listCategoriesForAdmin,
  mergeCategories,
  renameCategory,
  retireCategory,
} from "./category-admin.ts";
export {
  CategoryListParams,
  filterCategories,
  getCategoryPage,
  movedCategorySlug,
  parseCategoryPageUrl,
  unknownCategoryName,
} from "./category-page.ts";
export { unretireCategory } from "./category-unretire.ts";
export { GoParams, recordReportedClick, recordToolClick, ToolClickInput } from "./clicks.ts";
export {
  CompareApiParams,
  ComparePageParams,
  getComparePage,
  getComparison,
  getToolsForComparison,
} from "./compare.ts";
export { compareCapMessage } from "./compare-add.ts";
export { type CompareCost, compareCosts } from "./compare-cost.ts";
export { MAX_COMPARE_TOOLS } from "./compare-rules.ts";
export { getCompareSheet } from "./compare-sheet.ts";
// The quality pass (ADR 0075): the rules (quality-rules.ts), the scores, the pass and its job, and the editors' flags.
export { DecideFlagInput, decideQualityFlag } from "./decide-quality-flag.ts";
export { COVERAGE_FIELDS, type Coverage, decisionCoverage } from "./decision-coverage.ts";
export { licenceClass, SetDecisionFactsInput, setToolDecisionFacts } from "./decision-facts.ts";
export { DismissInput, dismissDuplicate } from "./dismiss-duplicate.ts";
export { catalogJobOwed, DOMAIN_REKEY_JOB, registerDomainRekeyJob, rekeyDomains } from "./domain-rekey.ts";
export type { DuplicateCandidate, DuplicateSide } from "./duplicate-sides.ts";
export { type Editorial, loadEditorial } from "./enrich/editorial.ts";
export { PROVIDER_DOMAINS } from "./enrich/provider.ts";
export { type EnrichReport, enrichCatalog } from "./enrich/run.ts";
export { exportToolsCsv, formulaSafe } from "./export.ts";
export {
  FACT_FIELDS,
  FACT_KINDS,
  type FactKind,
  type FactPatch,
  factValuesOf,
  hasFactValue,
  type Provenance,
  STORED_FACT_FIELDS,
  stableJson,
} from "./fact-fields.ts";
export { type ApplyFactsInput, applyToolFacts, applyToolFactsBatch, recordFactChanges } from "./facts.ts";
export { findDuplicateCandidates } from "./find-duplicate-pairs.ts";
export { findToolId } from "./find-tool-id.ts";
export { getEditableTool } from "./get-editable-tool.ts";
export { importCsv } from "./import-csv.ts";
export { csvText, parseCsv } from "./import-parse.ts";
export { rollbackImport } from "./import-rollback.ts";
export { importRows } from "./import-rows.ts";
export { confirmDryRun, getImportRun, listImportRuns } from "./import-runs.ts";
export type { ImportReport } from "./import-shapes.ts";
export { AdminToolQuery, type AdminToolRow, listAdminTools } from "./list-admin-tools.ts";
export { listStoredDuplicateCandidates } from "./list-duplicate-candidates.ts";
export { listQualityFlags, QualityFlagsQuery } from "./list-quality-flags.ts";
export { lockListingTier, setListingTier } from "./listing-tier.ts";
export { applySeedListings } from "./listings.ts";
export {
  catalogMergeSteps,
  listMerges,
  MergeInput,
  type MergeReport,
  mergedTarget,
  mergePreview,
  mergeTools,
} from "./merge.ts";
export { mergeStepTables, runnableSteps, type ToolMergeStep } from "./merge-steps.ts";
export { NEW_TOOL } from "./new-tool.ts";
export {
  claimMethodsFor,
  domainKey,
  nameKey,
  onSharedHost,
  PRICING_LABELS,
  PRICING_MODELS,
  slugify,
} from "./normalize.ts";
export { money, planCost, usageUnitOf } from "./plan-cost.ts";
export { planChangeText } from "./plan-events.ts";
export { planSummary, planSummaryLabel } from "./plan-summary.ts";
export { CostParams, normalisePlans, type Plan, PlanRow, PlansInput } from "./plans.ts";
export { QUALITY_WEIGHTS } from "./quality-scores.ts";
export {
  DECISION_PARAMS,
  entitleAdvanced,
  listFiltersText,
  listParamsFromSearch,
  SORTS,
  ToolListParams,
} from "./query-schema.ts";
export {
  CATEGORY_QUERY,
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
export { getFactHistory, getProvenance } from "./read-fact-history.ts";
export {
  DUPLICATES_REFRESH_JOB,
  refreshDuplicateCandidates,
  registerDuplicateJobs,
  requestDuplicateRefresh,
} from "./refresh-duplicates.ts";
export { QUALITY_PASS_JOB, registerQualityJobs } from "./run-quality-pass.ts";
export { type SavedTool, saveTool } from "./save-tool.ts";
export { fuseRanks, type Leg } from "./search-fusion.ts";
export { setSearchWarning, setVectorBudget } from "./search-hybrid.ts";
export {
  POPULAR_SEARCHES,
  PRICE_RANGE_NOTE,
  parseSearchUrl,
  SEARCH_MAX_PAGES,
  type SearchBadge,
  searchHref,
  searchTools,
} from "./search-page.ts";
export { nearestTools } from "./search-vector.ts";
export { featuredSlugs, SEED_CSV, seedCatalog } from "./seed.ts";
export { getToolPlans, SetPlansInput, setToolPlans } from "./set-plans.ts";
export { setToolArchived } from "./set-tool-archived.ts";
export { sitemapEntries } from "./sitemap.ts";
export { type CatalogStats, catalogStats, toolNotes } from "./stats.ts";
export { decideTaskTool, TaskToolDecision, taskToolsForAdmin } from "./tasks/decide.ts";
export {
  allTasks,
  getTask,
  listTasks,
  matchTasks,
  type TaskSummary,
  taskGroups,
  toolsForTask,
} from "./tasks/queries.ts";
export { derivedOwed, refreshDerived, registerTaskJobs, requestDerivedRefresh, watchDerived } from "./tasks/refresh.ts";
export { TASK_PRICES } from "./tasks/shared-constants.ts";
export { ACCEPTED_SOURCE, loadAcceptedSet } from "./tasks/store.ts";
export { loadTaxonomy } from "./tasks/taxonomy.ts";
export { cardsForTier, overviewOfTool, readerCards, toolHistoryFor, toolProvenanceFor } from "./tool-access.ts";
export { getToolOfTheDay } from "./tool-of-the-day.ts";
export { getToolPage, ToolPageParams, type ToolTab } from "./tool-page.ts";
export { pickTool, TOOL_PICK_MESSAGES, ToolPickText } from "./tool-pick.ts";
export type { ToolCard, ToolDetail } from "./tool-shapes.ts";
export { registerToolVectorJobs, TOOL_VECTORS_JOB } from "./tool-vectors.ts";
export { countTools, getTool, getToolRef, listTools } from "./tools.ts";
export { SaveToolInput, ToolPatch } from "./validate-tool.ts";
