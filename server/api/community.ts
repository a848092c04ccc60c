import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
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
import { uuidSchema } from "../platform/ids.ts";
import {
  adminErrors,
  documented,
  errors,
  json,
  memberErrors,
  OPTIONAL_SESSION,
  ok,
  pathParams,
  record,
  records,
  requestJson,
  SESSION,
} from "./doc.ts";
import { jsonBody as body, parseOr400, type ApiVars as Vars } from "./respond.ts";

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
const CorrectionList = ok({
  corrections: records("corrections"),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
const VerifiedList = ok({ page: z.number().int(), limit: z.number().int() });
const VoteAnswer = ok({ votes: z.number().int().describe("the correction's votes after this one") });

/**
 * Community data (READING.md §3: the spec fetched it from admin paths; it is public here):
 * GET /api/community/badges, leaderboard, corrections, community-verified, trending; the signed-in
 * member's achievements; POST corrections, corrections/{id}/vote, feedback. Admins only:
 * GET /api/admin/corrections, POST /api/admin/corrections/{id}/verify|reject, GET /api/admin/badges,
 * POST /api/admin/corrections/{id}/vote, GET /api/admin/leaderboard. Public answers carry display names, never e-mail addresses.
 */
export function communityApi() {
  const api = new OpenAPIHono<Vars>();
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
  // One use case for both paths: the member's vote and the spec's admin path (§7) count the same way.
  const vote = async (c: Context<Vars>, viewer: Viewer) => {
    const id = parseOr400(CorrectionId, c.req.param("id"));
    const result = await voteCorrection(deps(c), viewer.user.id, id);
    return c.json({ success: true as const, ...result });
  };

  documented(
    api,
    {
      method: "get",
      path: "/community/badges",
      operationId: "listBadges",
      summary: "Every badge and how it is earned",
      tags: ["Community"],
      security: [{}],
      responses: { 200: json(ok({ badges: records("badges") }), "Badges"), ...errors() },
    },
    async (c) => {
      return c.json({ success: true, badges: await listBadges(c.var.services.db) });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/community/leaderboard",
      operationId: "leaderboard",
      summary: "Members by points, and the caller's rank",
      tags: ["Community"],
      security: OPTIONAL_SESSION,
      request: { query: LeaderQuery },
      responses: {
        200: json(
          ok({ leaders: records("members by points"), me: record("the caller's rank").nullable() }),
          "The leaderboard",
        ),
        ...errors(),
      },
    },
    async (c) => {
      const { limit } = parseOr400(LeaderQuery, c.req.query());
      const { db } = c.var.services;
      const viewer = await getViewer(c.var.services, c.req.raw);
      const [leaders, me] = await Promise.all([leaderboard(db, limit), viewer ? memberRank(db, viewer.user.id) : null]);
      return c.json({ success: true, leaders, me });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/community/achievements",
      operationId: "myAchievements",
      summary: "The member's badges, progress and rank",
      tags: ["Community"],
      security: SESSION,
      responses: {
        200: json(
          ok({
            achievements: records("badges earned"),
            progress: records("progress towards badges"),
            rank: record("rank").nullable(),
          }),
          "Achievements",
        ),
        ...memberErrors(),
      },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      const { db, clock } = c.var.services;
      const [achievements, progress, rank] = await Promise.all([
        listAchievements(db, viewer.user.id),
        badgeProgress(db, viewer.user.id, clock.now()),
        memberRank(db, viewer.user.id),
      ]);
      return c.json({ success: true, achievements, progress, rank });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/community/corrections",
      operationId: "listCorrections",
      summary: "Members' corrections of tools' facts",
      tags: ["Community"],
      security: OPTIONAL_SESSION,
      request: { query: CorrectionsQuery },
      responses: { 200: json(CorrectionList, "Corrections"), ...errors() },
    },
    async (c) => {
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
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/community/corrections",
      operationId: "createCorrection",
      summary: "Propose a correction of a tool's fact",
      tags: ["Community"],
      security: SESSION,
      request: { body: requestJson(CreateCorrection.and(CorrectionInput)) },
      responses: {
        201: json(ok({ correction: record("the correction") }), "Proposed"),
        ...memberErrors(403, 404, 409),
      },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      const raw = await body(c);
      const { toolId } = parseOr400(CreateCorrection, raw);
      const input = parseOr400(CorrectionInput, raw);
      const correction = await createCorrection(deps(c), viewer.user.id, toolId, input);
      return c.json({ success: true, correction }, 201);
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/community/corrections/{id}/vote",
      operationId: "voteCorrection",
      summary: "Vote for a correction (once per member; not one's own)",
      tags: ["Community"],
      security: SESSION,
      request: { params: pathParams({ id: CorrectionId }) },
      responses: { 200: json(VoteAnswer, "Counted"), ...memberErrors(403, 404, 409) },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      return vote(c, viewer);
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/community/community-verified",
      operationId: "listCommunityVerified",
      summary: "Tools whose facts members verified",
      tags: ["Community"],
      security: [{}],
      request: { query: ListQuery },
      responses: { 200: json(VerifiedList, "Verified tools"), ...errors() },
    },
    async (c) => {
      const { page, limit } = parseOr400(ListQuery, c.req.query());
      const result = await listCommunityVerified(c.var.services.db, { limit, offset: (page - 1) * limit });
      return c.json({ success: true, ...result, page, limit });
    },
  );

  // Spec §7's admin path: the same list, for admins only (READING.md: /api/admin/* is admin-only).
  documented(
    api,
    {
      method: "get",
      path: "/admin/community-verified",
      operationId: "adminListCommunityVerified",
      summary: "Tools whose facts members verified (the spec's admin path)",
      tags: ["Admin"],
      security: SESSION,
      request: { query: ListQuery },
      responses: { 200: json(VerifiedList, "Verified tools"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      c.header("Cache-Control", "private, no-store");
      const { page, limit } = parseOr400(ListQuery, c.req.query());
      const result = await listCommunityVerified(c.var.services.db, { limit, offset: (page - 1) * limit });
      return c.json({ success: true, ...result, page, limit });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/community/feedback",
      operationId: "sendFeedback",
      summary: "Send feedback (members and visitors)",
      tags: ["Community"],
      security: OPTIONAL_SESSION,
      request: { body: requestJson(FeedbackInput) },
      responses: { 201: json(ok({ feedback: record("the feedback, Pending") }), "Received"), ...errors() },
    },
    async (c) => {
      const viewer = await getViewer(c.var.services, c.req.raw);
      const input = parseOr400(FeedbackInput, await body(c));
      const result = await createFeedback(
        c.var.services.db,
        { userId: viewer?.user.id ?? null, ip: c.var.clientIp },
        input,
        c.var.services.clock.now(),
      );
      return c.json({ success: true, feedback: { ...result, status: "Pending" } }, 201);
    },
  );

  // ---- admins ----
  const actorOf = (viewer: Viewer, requestId: string) => ({ id: viewer.user.id, label: viewer.user.email, requestId });

  documented(
    api,
    {
      method: "get",
      path: "/admin/corrections",
      operationId: "adminListCorrections",
      summary: "Corrections to review",
      tags: ["Admin"],
      security: SESSION,
      request: { query: CorrectionsQuery },
      responses: { 200: json(CorrectionList, "Corrections"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      const query = parseOr400(CorrectionsQuery, c.req.query());
      const { corrections, total } = await listCorrections(c.var.services.db, { ...query, viewerId: null });
      return c.json({
        success: true,
        corrections,
        pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
      });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/corrections/{id}/verify",
      operationId: "adminVerifyCorrection",
      summary: "Apply a correction to the tool's facts",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: CorrectionId }) },
      responses: {
        200: json(ok({ message: z.string(), correction: record("the correction") }), "Verified"),
        ...adminErrors(404, 409),
      },
    },
    async (c) => {
      const viewer = await admin(c);
      const id = parseOr400(CorrectionId, c.req.param("id"));
      const correction = await verifyCorrection(deps(c), actorOf(viewer, c.var.requestId), id);
      return c.json({ success: true, message: "Correction verified and badge awarded!", correction });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/corrections/{id}/reject",
      operationId: "adminRejectCorrection",
      summary: "Reject a correction with a reason",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: CorrectionId }), body: requestJson(RejectInput) },
      responses: { 200: json(ok({ correction: record("the correction") }), "Rejected"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = await admin(c);
      const id = parseOr400(CorrectionId, c.req.param("id"));
      const { reason } = parseOr400(RejectInput, await body(c));
      const correction = await rejectCorrection(deps(c), actorOf(viewer, c.var.requestId), id, reason);
      return c.json({ success: true, correction });
    },
  );

  // Spec §7: POST /api/admin/corrections/{id}/vote → votes. An admin's vote, counted like a member's.
  documented(
    api,
    {
      method: "post",
      path: "/admin/corrections/{id}/vote",
      operationId: "adminVoteCorrection",
      summary: "Vote for a correction as an admin (the spec's path; counted like a member's vote)",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: CorrectionId }) },
      responses: { 200: json(VoteAnswer, "Counted"), ...adminErrors(404, 409) },
    },
    async (c) => vote(c, await admin(c)),
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/badges",
      operationId: "adminListBadges",
      summary: "Every badge",
      tags: ["Admin"],
      security: SESSION,
      responses: { 200: json(ok({ badges: records("badges") }), "Badges"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      return c.json({ success: true, badges: await listBadges(c.var.services.db) });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/leaderboard",
      operationId: "adminLeaderboard",
      summary: "Members by points",
      tags: ["Admin"],
      security: SESSION,
      request: { query: LeaderQuery },
      responses: { 200: json(ok({ leaders: records("members by points") }), "The leaderboard"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      const { limit } = parseOr400(LeaderQuery, c.req.query());
      return c.json({ success: true, leaders: await leaderboard(c.var.services.db, limit) });
    },
  );

  return api;
}
