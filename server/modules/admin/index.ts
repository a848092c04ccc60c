/**
 * The admin module's public surface (issue 10, operators): the overview's figures, members
 * (search, tier/role, suspension), analytics (daily series, searches with no results), feedback.
 */
export { type Analytics, AnalyticsQuery, analytics, PERIODS, type Period, resolvePeriod } from "./analytics.ts";
export { type AuditRow, listAuditView, type NamedRef, resolveAuditTarget } from "./audit-view.ts";
export {
  createDailyTally,
  createTallies,
  type DailyTally,
  normaliseMissQuery,
  type Tallies,
} from "./daily-tally.ts";
export {
  type DashboardStats,
  dashboardStats,
  growthPct,
  type RecentActivity,
  recentActivity,
  type SystemAlert,
  systemAlerts,
} from "./dashboard.ts";
export { FeedbackId, type FeedbackItem, FeedbackQuery, listFeedback, verifyFeedback } from "./feedback.ts";
export { type AdminPending, adminPendingCounts } from "./pending.ts";
export { RefundReason, revokeSessions, type UserDetail, UserIdParam, userDetail } from "./user-detail.ts";
export { consecutiveDays, type UserStats, userStats } from "./user-stats.ts";
export {
  type AdminUserRow,
  changeUser,
  listUsers,
  reactivateUser,
  SELF_DEMOTE,
  SELF_SUSPEND,
  SUSPEND_ADMIN,
  SuspendInput,
  suspendUser,
  USER_STATUSES,
  USERS_PAGE_SIZE,
  UserChangeForm,
  UserListQuery,
  UserTargetForm,
} from "./users.ts";
