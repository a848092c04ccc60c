import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";
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
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices; requestId: string } };

const UserId = z.string().regex(/^[\w-]{1,64}$/, "Unknown user");

/**
 * Admin API (spec section 7): dashboard, dashboard/stats, users/{id}/stats, users/{id}/achievements,
 * users/{id}/suspend|reactivate, feedback, feedback/{id}/verify. Admins only: 401 for visitors,
 * 403 for members, checked first in every handler.
 */
export function adminApi() {
  const api = new Hono<Vars>();
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

  api.get("/admin/dashboard", async (c) => {
    await admin(c);
    const { db, clock } = c.var.services;
    const [stats, activity, alerts] = await Promise.all([
      dashboardStats(db, clock),
      recentActivity(db),
      systemAlerts(db, clock),
    ]);
    return c.json({ success: true, stats, recentActivity: activity, alerts });
  });

  api.get("/admin/dashboard/stats", async (c) => {
    await admin(c);
    const { db, clock } = c.var.services;
    return c.json({ success: true, stats: await dashboardStats(db, clock) });
  });

  api.get("/admin/users/:id/stats", async (c) => {
    await admin(c);
    const id = parseOr400(UserId, c.req.param("id"));
    const stats = await userStats(c.var.services.db, c.var.services.clock, id);
    if (!stats) throw notFound("User not found");
    return c.json({ success: true, stats });
  });

  api.get("/admin/users/:id/achievements", async (c) => {
    await admin(c);
    const id = parseOr400(UserId, c.req.param("id"));
    const stats = await userStats(c.var.services.db, c.var.services.clock, id);
    if (!stats) throw notFound("User not found");
    return c.json({ success: true, achievements: await listAchievements(c.var.services.db, id) });
  });

  api.post("/admin/users/:id/suspend", async (c) => {
    const viewer = await admin(c);
    const id = parseOr400(UserId, c.req.param("id"));
    const body = await c.req.json().catch(() => {
      throw new AppError("bad_request", "Send a JSON body with a reason");
    });
    const { reason } = parseOr400(SuspendInput, body);
    const result = await suspendUser(c.var.services.db, actor(viewer, c.var.requestId), id, reason);
    c.var.services.logger.info("account suspended by admin", { userId: id, changed: result.changed });
    return c.json({ success: true, suspended: true, ...result });
  });

  api.post("/admin/users/:id/reactivate", async (c) => {
    const viewer = await admin(c);
    const id = parseOr400(UserId, c.req.param("id"));
    const result = await reactivateUser(c.var.services.db, actor(viewer, c.var.requestId), id);
    return c.json({ success: true, suspended: false, ...result });
  });

  api.get("/admin/feedback", async (c) => {
    await admin(c);
    const query = parseOr400(FeedbackQuery, c.req.query());
    const { feedback, total } = await listFeedback(c.var.services.db, query);
    return c.json({ success: true, feedback, total, page: query.page, limit: query.limit });
  });

  api.post("/admin/feedback/:id/verify", async (c) => {
    const viewer = await admin(c);
    const id = parseOr400(FeedbackId, c.req.param("id"));
    const { db, activity, clock } = c.var.services;
    const result = await verifyFeedback(db, actor(viewer, c.var.requestId), id, { activity, now: clock.now() });
    return c.json({ success: true, verified: true, ...result });
  });

  return api;
}
