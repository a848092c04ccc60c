/**
 * The admin module's public surface (issue 10, operators): the overview's figures, members
 * (search, tier/role, suspension), analytics (daily series, searches with no results), feedback.
 */
export { AnalyticsQuery, analytics, resolvePeriod } from "./analytics.ts";
export { listAuditView, resolveAuditTarget } from "./audit-view.ts";
// Members (issue 10): one file per use case (list-users.ts, change-user.ts, suspend-user.ts, reactivate-user.ts),
// sharing the audit's actor and the locked member row in user-rows.ts.
export { changeUser } from "./change-user.ts";
export { createTallies, type Tallies } from "./daily-tally.ts";
export { dashboardStats, recentActivity, systemAlerts } from "./dashboard.ts";
export { FeedbackId, FeedbackQuery, listFeedback, verifyFeedback } from "./feedback.ts";
export { listUsers, UserListQuery } from "./list-users.ts";
export { adminPendingCounts } from "./pending.ts";
export { reactivateUser } from "./reactivate-user.ts";
export { SuspendInput, suspendUser } from "./suspend-user.ts";
export { RefundReason, revokeSessions, userDetail } from "./user-detail.ts";
export { UserChangeForm, UserTargetForm } from "./user-forms.ts";
export { userStats } from "./user-stats.ts";
