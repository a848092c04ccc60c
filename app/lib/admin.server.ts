// Admin pages reach the server only through this file. Every admin loader and action calls
// requireAdminPage first: the layout's check alone does not protect a child's loader (React Router
// runs them in parallel) nor its `.data` request.
import { type AppLoadContext, data } from "react-router";
import type { Viewer } from "#server/modules/accounts/index.ts";
import { viewerOf } from "./accounts.server";

type AdminDenied = { denied: "signin" | "forbidden" };

/** The admin viewer, or throws a 401 (visitor) / 403 (member) response that carries no data. */
export async function requireAdminPage(context: AppLoadContext, request: Request): Promise<Viewer> {
  const viewer = await viewerOf(context, request);
  if (!viewer) throw data<AdminDenied>({ denied: "signin" }, { status: 401 });
  if (viewer.role !== "admin") throw data<AdminDenied>({ denied: "forbidden" }, { status: 403 });
  return viewer;
}

export {
  AnalyticsQuery,
  adminPendingCounts,
  analytics,
  changeUser,
  dashboardStats,
  FeedbackId,
  listAuditView,
  listUsers,
  RefundReason,
  reactivateUser,
  recentActivity,
  resolveAuditTarget,
  resolvePeriod,
  revokeSessions,
  SuspendInput,
  suspendUser,
  systemAlerts,
  UserChangeForm,
  UserListQuery,
  UserTargetForm,
  userDetail,
  verifyFeedback,
} from "#server/modules/admin/index.ts";
// The operator's refund goes through billing's one refund path (issue 21).
export { refundPaymentByOperator } from "#server/modules/billing/index.ts";
export { AuditQuery } from "#server/platform/audit.ts";

/** The acting admin, for the audit row of a page action. */
export function adminActor(viewer: Viewer, context: AppLoadContext) {
  return {
    id: viewer.user.id,
    label: viewer.user.email,
    requestId: context.requestId,
    moderator: viewer.role === "admin",
  };
}
// The one UUID rule (platform/ids) for the admin pages' own form schemas.
export { uuidSchema } from "#server/platform/ids.ts";
