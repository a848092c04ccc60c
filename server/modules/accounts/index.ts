/**
 * The accounts module's public surface: auth (better-auth on our tables), the viewer and guards,
 * entitlements (what a tier may do), daily tool views, saved searches and tools, rate limiting.
 */
export { createAccount, seedDemoAccounts } from "./accounts.ts";
export {
  API_KEY_RULE,
  type ApiKeyAuth,
  ApiKeyInput,
  apiKeyFromHeader,
  authenticateApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from "./api-keys.ts";
export { type Auth, CLIENT_IP_HEADER, createAuth, type PasswordHashing } from "./auth.ts";
export { readBrowserOwner } from "./browser-owner.ts";
export {
  accountsMergeSteps,
  CHANGE_ALERT_FEATURE,
  CHANGE_ALERT_TEXT,
  ChangeAlertForm,
  type ChangeAlertFrequency,
  changeAlertFor,
  registerChangeAlertJobs,
  runChangeAlerts,
  setChangeAlert,
} from "./change-alerts.ts";
export { type CrawlerCheck, createCrawlerCheck, isCrawler, markVerifiedCrawler } from "./crawlers.ts";
export { DELIVERED_FEATURES, isDelivered } from "./delivered.ts";
export { Entitlements, loadEntitlements, tierLabel } from "./entitlements.ts";
export {
  ADVANCED_FILTERS,
  createFilterSet,
  deleteFilterSet,
  FilterSetName,
  listFilterSets,
  renameFilterSet,
} from "./filter-sets.ts";
export {
  ForgotPasswordInput,
  MESSAGES,
  ProfileInput,
  ResetPasswordInput,
  SavedSearchInput,
  SignInInput,
  SignUpInput,
} from "./forms.ts";
export { planCardLines } from "./plan-cards.ts";
export {
  type AccountSummary,
  countMembers,
  findAccountByEmail,
  getAccount,
  getPublicProfile,
  setDarkMode,
  updateAccount,
  updateProfile,
} from "./profiles.ts";
export { type AuthAction, consumeRateLimit, limitAuthAttempt, type RateRule } from "./rate-limit.ts";
export {
  createSavedSearch,
  deleteSavedSearch,
  findSavedSearch,
  listSavedSearches,
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
  SavedToolInput,
  type SavedToolKind,
  SavedToolToggle,
  savedToolState,
  setSavedTool,
} from "./saved-tools.ts";
export {
  type RequestInfo,
  requestPasswordReset,
  resetPassword,
  signInDemo,
  signInWithPassword,
  signOut,
  signUpWithPassword,
  socialProviders,
  startSocialSignIn,
} from "./sessions.ts";
export {
  canAccessTier,
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
  toolPageAccess,
} from "./usage.ts";
export { decideVisitorView, viewCookieSecret } from "./view-cookie.ts";
export {
  getViewer,
  hasReadableSessionCookie,
  loadViewer,
  requireEntitlement,
  requireRole,
  requireSelfOrAdmin,
  requireUser,
  setRequestViewer,
  summarizeViewer,
  type Viewer,
  type ViewerSummary,
} from "./viewer.ts";
export { signingSecret, visitorKey } from "./visitor-key.ts";
