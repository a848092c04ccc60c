/**
 * The accounts module's public surface: auth (better-auth on our tables), the viewer and guards,
 * entitlements (what a tier may do), daily tool views, saved searches and tools, rate limiting.
 */
export { createAccount, DEMO_PASSWORD, demoEmail, seedDemoAccounts } from "./accounts.ts";
export {
  API_KEY_FEATURE,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_RULE,
  type ApiKeyAuth,
  ApiKeyInput,
  type ApiKeySummary,
  apiKeyFromHeader,
  authenticateApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from "./api-keys.ts";
export {
  ACCOUNT_SUSPENDED,
  type Auth,
  type AuthDeps,
  CLIENT_IP_HEADER,
  createAuth,
  type PasswordHashing,
  resolveAuthSecret,
} from "./auth.ts";
export {
  BROWSER_OWNER_COOKIE,
  BROWSER_OWNER_MAX_AGE_S,
  browserOwnerValue,
  readBrowserOwner,
} from "./browser-owner.ts";
export {
  ALERT_FIELDS,
  accountsMergeSteps,
  CHANGE_ALERT_FEATURE,
  CHANGE_ALERT_FREQUENCIES,
  CHANGE_ALERT_TEXT,
  type ChangeAlertDeps,
  ChangeAlertForm,
  type ChangeAlertFrequency,
  changeAlertFor,
  registerChangeAlertJobs,
  runChangeAlerts,
  setChangeAlert,
} from "./change-alerts.ts";
export { type CrawlerCheck, createCrawlerCheck, isCrawler, markVerifiedCrawler } from "./crawlers.ts";
export { DELIVERED_FEATURES, isDelivered } from "./delivered.ts";
export {
  Entitlements,
  entitlementsFromRows,
  type Feature,
  type Grant,
  type LimitKey,
  loadEntitlements,
  tierLabel,
} from "./entitlements.ts";
export {
  ADVANCED_FILTERS,
  createFilterSet,
  deleteFilterSet,
  type FilterSet,
  FilterSetInput,
  FilterSetName,
  listFilterSets,
  renameFilterSet,
} from "./filter-sets.ts";
export {
  ForgotPasswordInput,
  fieldErrors,
  MESSAGES,
  PASSWORD_MIN,
  ProfileInput,
  ResetPasswordInput,
  SavedSearchInput,
  SignInInput,
  SignUpInput,
} from "./forms.ts";
export { planCardLines } from "./plan-cards.ts";
export {
  type AccountAudit,
  type AccountSummary,
  countMembers,
  DARK_MODE_GATED,
  findAccountByEmail,
  getAccount,
  getPublicProfile,
  type PublicProfile,
  setDarkMode,
  updateAccount,
  updateProfile,
} from "./profiles.ts";
export {
  AUTH_RULES,
  type AuthAction,
  consumeRateLimit,
  limitAuthAttempt,
  pruneRateLimits,
  type RateRule,
} from "./rate-limit.ts";
export {
  createSavedSearch,
  deleteSavedSearch,
  findSavedSearch,
  listSavedSearches,
  SAVED_SEARCH_GATED,
  type SavedSearch,
  savedSearchAllowance,
  saveSearchOnce,
} from "./saved-searches.ts";
export {
  addSavedTool,
  listSavedTools,
  MergeInput,
  mergeSavedTools,
  removeSavedTool,
  SAVED_TOOL_KINDS,
  type SavedTool,
  SavedToolInput,
  type SavedToolKind,
  SavedToolToggle,
  savedToolState,
  setSavedTool,
} from "./saved-tools.ts";
export {
  type AuthOutcome,
  type RequestInfo,
  requestPasswordReset,
  resetPassword,
  type SessionDeps,
  type SocialProvider,
  signInDemo,
  signInWithPassword,
  signOut,
  signUpWithPassword,
  socialProviders,
  startSocialSignIn,
} from "./sessions.ts";
export {
  canAccessTier,
  compareCapMessage,
  isTier,
  ROLES,
  type Role,
  requiresLabel,
  TIER_LABELS,
  TIERS,
  type Tier,
  tierRank,
} from "./tiers.ts";
export {
  countMemberView,
  dailyViews,
  recordToolView,
  type ToolLock,
  type ToolPageAccess,
  type ToolPageAccessOptions,
  toolPageAccess,
  toolViewGate,
  VISITOR_COOKIE,
  type ViewResult,
  type ViewSubject,
  viewSubject,
} from "./usage.ts";
export {
  decideVisitorView,
  readVisitorViews,
  shortToolId,
  VIEWS_COOKIE,
  VIEWS_COUNT_COOKIE,
  type VisitorDecision,
  viewCookieSecret,
} from "./view-cookie.ts";
export {
  clearSessionCache,
  getViewer,
  hasReadableSessionCookie,
  loadViewer,
  PLEASE_LOG_IN,
  requireEntitlement,
  requireRole,
  requireSelfOrAdmin,
  requireUser,
  SESSION_CACHE_MS,
  setRequestViewer,
  summarizeViewer,
  utcDay,
  type Viewer,
  type ViewerSummary,
  viewerFromHeaders,
} from "./viewer.ts";
export { signingSecret, visitorKey } from "./visitor-key.ts";
