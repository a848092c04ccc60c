/**
 * The admin module's public surface (issue 10, operators): the overview's figures, members
 * (search, tier/role, suspension), analytics (daily series, searches with no results), feedback.
 */
export { AnalyticsQuery, analytics, resolvePeriod } from "./analytics.ts";
export { listAuditView, resolveAuditTarget } from "./audit-view.ts";
export { createTallies, type Tallies } from "./daily-tally.ts";
export { dashboardStats, recentActivity, systemAlerts } from "./dashboard.ts";
export { FeedbackId, FeedbackQuery, listFeedback, verifyFeedback } from "./feedback.ts";
export { adminPendingCounts } from "./pending.ts";
export { RefundReason, revokeSessions, userDetail } from "./user-detail.ts";
export { userStats } from "./user-stats.ts";
export {
  changeUser,
  listUsers,
  reactivateUser,
  SuspendInput,
  suspendUser,
  UserChangeForm,
  UserListQuery,
  UserTargetForm,
} from "./users.ts";
