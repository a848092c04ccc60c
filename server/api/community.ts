import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";
import { getViewer, requireRole, requireUser, type Viewer } from "../modules/accounts/index.ts";
import {
  badgeProgress,
  CORRECTION_FIELDS,
  CorrectionInput,
  createCorrection,
  createFeedback,
  FeedbackInput,
  leaderboard,
  listAchievements,
  listBadges,
  listCommunityVerified,
  listCorrections,
  memberRank,
  RejectInput,
  rejectCorrection,
  verifyCorrection,
  voteCorrection,
} from "../modules/community/index.ts";
import { AppError } from "../platform/errors.ts";
import { uuidSchema } from "../platform/ids.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices; requestId: string; clientIp: string } };

async function body(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("bad_request", "Send a JSON body");
  });
}

const CorrectionId = uuidSchema("Correction not found");
const Page = z.coerce
  .number()
  .int("page must be a whole number")
  .min(1, "page must be 1 or more")
  .max(10_000)
  .default(1);
const Limit = (max: number, dflt: number) =>
  z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(max, `limit must be ${max} or less`)
    .default(dflt);

const CorrectionsQuery = z.object({
  status: z
    .enum(["open", "verified", "rejected"], { message: "status must be open, verified or rejected" })
    .default("open"),
  page: Page,
  limit: Limit(50, 20),
});
const CreateCorrection = z
  .object({
    toolId: z.string({ message: "toolId is required" }).trim().min(1, "toolId is required").max(200, "Tool not found"),
    field: z.enum(CORRECTION_FIELDS, { message: "Choose which fact is wrong" }),
  })
  .passthrough();
const LeaderQuery = z.object({ limit: Limit(100, 10) });
const ListQuery = z.object({ page: Page, limit: Limit(100, 24) });

/**
 * Community data (READING.md §3: the spec fetched it from admin paths; it is public here):
 * GET /api/community/badges, leaderboard, corrections, community-verified, trending; the signed-in
 * member's achievements; POST corrections, corrections/{id}/vote, feedback. Admins only:
 * GET /api/admin/corrections, POST /api/admin/corrections/{id}/verify|reject, GET /api/admin/badges,
 * GET /api/admin/leaderboard. Public answers carry display names, never e-mail addresses.
 */
export function communityApi() {
  const api = new Hono<Vars>();
  for (const path of [
    "/community/*",
    "/admin/corrections",
    "/admin/corrections/*",
    "/admin/badges",
    "/admin/leaderboard",
  ]) {
    api.use(path, async (c, next) => {
      await next();
      // Votes and counts move all the time and some answers are personal: never stored by caches.
      c.header("Cache-Control", "private, no-store");
    });
  }
  const deps = (c: { var: Vars["Variables"] }) => ({
    db: c.var.services.db,
    activity: c.var.services.activity,
    now: c.var.services.clock.now(),
  });
  const admin = async (c: { var: Vars["Variables"]; req: { raw: Request } }): Promise<Viewer> =>
    requireRole(await getViewer(c.var.services, c.req.raw), "admin");

  api.get("/community/badges", async (c) => {
    return c.json({ success: true, badges: await listBadges(c.var.services.db) });
  });

  api.get("/community/leaderboard", async (c) => {
    const { limit } = parseOr400(LeaderQuery, c.req.query());
    const { db } = c.var.services;
    const viewer = await getViewer(c.var.services, c.req.raw);
    const [leaders, me] = await Promise.all([leaderboard(db, limit), viewer ? memberRank(db, viewer.user.id) : null]);
    return c.json({ success: true, leaders, me });
  });

  api.get("/community/achievements", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    const { db, clock } = c.var.services;
    const [achievements, progress, rank] = await Promise.all([
      listAchievements(db, viewer.user.id),
      badgeProgress(db, viewer.user.id, clock.now()),
      memberRank(db, viewer.user.id),
    ]);
    return c.json({ success: true, achievements, progress, rank });
  });

  api.get("/community/corrections", async (c) => {
    const query = parseOr400(CorrectionsQuery, c.req.query());
    const viewer = await getViewer(c.var.services, c.req.raw);
    const { corrections, total } = await listCorrections(c.var.services.db, {
      ...query,
      viewerId: viewer?.user.id ?? null,
    });
    return c.json({
      success: true,
      corrections,
      pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    });
  });

  api.post("/community/corrections", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    const raw = await body(c);
    const { toolId } = parseOr400(CreateCorrection, raw);
    const input = parseOr400(CorrectionInput, raw);
    const correction = await createCorrection(deps(c), viewer.user.id, toolId, input);
    return c.json({ success: true, correction }, 201);
  });

  api.post("/community/corrections/:id/vote", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    const id = parseOr400(CorrectionId, c.req.param("id"));
    const result = await voteCorrection(deps(c), viewer.user.id, id);
    return c.json({ success: true, ...result });
  });

  api.get("/community/community-verified", async (c) => {
    const { page, limit } = parseOr400(ListQuery, c.req.query());
    const result = await listCommunityVerified(c.var.services.db, { limit, offset: (page - 1) * limit });
    return c.json({ success: true, ...result, page, limit });
  });

  // Spec §7's admin path: the same list, for admins only (READING.md: /api/admin/* is admin-only).
  api.get("/admin/community-verified", async (c) => {
    await admin(c);
    c.header("Cache-Control", "private, no-store");
    const { page, limit } = parseOr400(ListQuery, c.req.query());
    const result = await listCommunityVerified(c.var.services.db, { limit, offset: (page - 1) * limit });
    return c.json({ success: true, ...result, page, limit });
  });

  api.post("/community/feedback", async (c) => {
    const viewer = await getViewer(c.var.services, c.req.raw);
    const input = parseOr400(FeedbackInput, await body(c));
    const result = await createFeedback(
      c.var.services.db,
      { userId: viewer?.user.id ?? null, ip: c.var.clientIp },
      input,
      c.var.services.clock.now(),
    );
    return c.json({ success: true, feedback: { ...result, status: "Pending" } }, 201);
  });

  // ---- admins ----
  const actorOf = (viewer: Viewer, requestId: string) => ({ id: viewer.user.id, label: viewer.user.email, requestId });

  api.get("/admin/corrections", async (c) => {
    await admin(c);
    const query = parseOr400(CorrectionsQuery, c.req.query());
    const { corrections, total } = await listCorrections(c.var.services.db, { ...query, viewerId: null });
    return c.json({
      success: true,
      corrections,
      pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    });
  });

  api.post("/admin/corrections/:id/verify", async (c) => {
    const viewer = await admin(c);
    const id = parseOr400(CorrectionId, c.req.param("id"));
    const correction = await verifyCorrection(deps(c), actorOf(viewer, c.var.requestId), id);
    return c.json({ success: true, message: "Correction verified and badge awarded!", correction });
  });

  api.post("/admin/corrections/:id/reject", async (c) => {
    const viewer = await admin(c);
    const id = parseOr400(CorrectionId, c.req.param("id"));
    const { reason } = parseOr400(RejectInput, await body(c));
    const correction = await rejectCorrection(deps(c), actorOf(viewer, c.var.requestId), id, reason);
    return c.json({ success: true, correction });
  });

  api.get("/admin/badges", async (c) => {
    await admin(c);
    return c.json({ success: true, badges: await listBadges(c.var.services.db) });
  });

  api.get("/admin/leaderboard", async (c) => {
    await admin(c);
    const { limit } = parseOr400(LeaderQuery, c.req.query());
    return c.json({ success: true, leaders: await leaderboard(c.var.services.db, limit) });
  });

  return api;
}
