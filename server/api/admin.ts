import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole, type Viewer } from "../modules/accounts/index.ts";
import {
  dashboardStats,
  FeedbackId,
  FeedbackQuery,
  listFeedback,
  reactivateUser,
  recentActivity,
  SuspendInput,
  suspendUser,
  systemAlerts,
  userStats,
  verifyFeedback,
} from "../modules/admin/index.ts";
import { listAchievements } from "../modules/community/index.ts";
import type { Actor } from "../platform/audit.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { adminErrors, documented, json, ok, pathParams, record, records, requestJson, SESSION } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

const UserId = z.string().regex(/^[\w-]{1,64}$/, "Unknown user");

/**
 * Admin API (spec section 7): dashboard, dashboard/stats, users/{id}/stats, users/{id}/achievements,
 * users/{id}/suspend|reactivate, feedback, feedback/{id}/verify. Admins only: 401 for visitors,
 * 403 for members, checked first in every handler.
 */
export function adminApi() {
  const api = new OpenAPIHono<Vars>();
  api.use("/admin/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  const admin = async (c: { var: Vars["Variables"]; req: { raw: Request } }): Promise<Viewer> =>
    requireRole(await getViewer(c.var.services, c.req.raw), "admin");
  const actor = (viewer: Viewer, requestId: string): Actor => ({
    id: viewer.user.id,
    label: viewer.user.email,
    requestId,
  });

  documented(
    api,
    {
      method: "get",
      path: "/admin/dashboard",
      operationId: "adminDashboard",
      summary: "The admin dashboard: figures, recent activity, alerts",
      tags: ["Admin"],
      security: SESSION,
      responses: {
        200: json(
          ok({
            stats: record("the dashboard's figures"),
            recentActivity: z.object({
              submissions: records("the latest submissions"),
              subscriptions: records("the latest subscriptions"),
              users: records("the latest sign-ups"),
            }),
            alerts: records("system alerts"),
          }),
          "The dashboard",
        ),
        ...adminErrors(),
      },
    },
    async (c) => {
      await admin(c);
      const { db, clock } = c.var.services;
      const [stats, activity, alerts] = await Promise.all([
        dashboardStats(db, clock),
        recentActivity(db),
        systemAlerts(db, clock),
      ]);
      return c.json({ success: true, stats, recentActivity: activity, alerts });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/dashboard/stats",
      operationId: "adminDashboardStats",
      summary: "The dashboard's figures",
      tags: ["Admin"],
      security: SESSION,
      responses: { 200: json(ok({ stats: record("the dashboard's figures") }), "Figures"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      const { db, clock } = c.var.services;
      return c.json({ success: true, stats: await dashboardStats(db, clock) });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/users/{id}/stats",
      operationId: "adminUserStats",
      summary: "A member's activity figures",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: UserId }) },
      responses: { 200: json(ok({ stats: record("the member's figures") }), "Figures"), ...adminErrors(404) },
    },
    async (c) => {
      await admin(c);
      const id = parseOr400(UserId, c.req.param("id"));
      const stats = await userStats(c.var.services.db, c.var.services.clock, id);
      if (!stats) throw notFound("User not found");
      return c.json({ success: true, stats });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/users/{id}/achievements",
      operationId: "adminUserAchievements",
      summary: "A member's badges",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: UserId }) },
      responses: { 200: json(ok({ achievements: records("badges earned") }), "Badges"), ...adminErrors(404) },
    },
    async (c) => {
      await admin(c);
      const id = parseOr400(UserId, c.req.param("id"));
      const stats = await userStats(c.var.services.db, c.var.services.clock, id);
      if (!stats) throw notFound("User not found");
      return c.json({ success: true, achievements: await listAchievements(c.var.services.db, id) });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/users/{id}/suspend",
      operationId: "adminSuspendUser",
      summary: "Suspend a member (ends their sessions)",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: UserId }), body: requestJson(SuspendInput) },
      responses: { 200: json(ok({ suspended: z.literal(true) }), "Suspended"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = await admin(c);
      const id = parseOr400(UserId, c.req.param("id"));
      const body = await c.req.json().catch(() => {
        throw new AppError("bad_request", "Send a JSON body with a reason");
      });
      const { reason } = parseOr400(SuspendInput, body);
      const result = await suspendUser(c.var.services.db, actor(viewer, c.var.requestId), id, reason);
      c.var.services.logger.info("account suspended by admin", { userId: id, changed: result.changed });
      return c.json({ success: true, suspended: true, ...result });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/users/{id}/reactivate",
      operationId: "adminReactivateUser",
      summary: "Lift a suspension",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: UserId }) },
      responses: { 200: json(ok({ suspended: z.literal(false) }), "Reactivated"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = await admin(c);
      const id = parseOr400(UserId, c.req.param("id"));
      const result = await reactivateUser(c.var.services.db, actor(viewer, c.var.requestId), id);
      return c.json({ success: true, suspended: false, ...result });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/feedback",
      operationId: "adminListFeedback",
      summary: "Members' and visitors' feedback",
      tags: ["Admin"],
      security: SESSION,
      request: { query: FeedbackQuery },
      responses: {
        200: json(
          ok({
            feedback: records("feedback"),
            total: z.number().int(),
            page: z.number().int(),
            limit: z.number().int(),
          }),
          "Feedback",
        ),
        ...adminErrors(),
      },
    },
    async (c) => {
      await admin(c);
      const query = parseOr400(FeedbackQuery, c.req.query());
      const { feedback, total } = await listFeedback(c.var.services.db, query);
      return c.json({ success: true, feedback, total, page: query.page, limit: query.limit });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/feedback/{id}/verify",
      operationId: "adminVerifyFeedback",
      summary: "Mark feedback verified (its author earns the badge)",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: FeedbackId }) },
      responses: { 200: json(ok({ verified: z.literal(true) }), "Verified"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = await admin(c);
      const id = parseOr400(FeedbackId, c.req.param("id"));
      const { db, activity, clock } = c.var.services;
      const result = await verifyFeedback(db, actor(viewer, c.var.requestId), id, { activity, now: clock.now() });
      return c.json({ success: true, verified: true, ...result });
    },
  );

  return api;
}
