import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { getViewer, requireRole, requireUser, type Viewer } from "../modules/accounts/index.ts";
import {
  badgeProgress,
  createFeedback,
  FeedbackInput,
  leaderboard,
  listAchievements,
  listBadges,
  listCommunityVerified,
  memberRank,
} from "../modules/community/index.ts";
import {
  adminErrors,
  documented,
  errors,
  json,
  memberErrors,
  OPTIONAL_SESSION,
  ok,
  record,
  records,
  requestJson,
  SESSION,
} from "./doc.ts";
import { jsonBody as body, parseOr400, type ApiVars as Vars } from "./respond.ts";

/** A community list's page and size (corrections.ts pages with them too). */
export const Page = z.coerce
  .number()
  .int("page must be a whole number")
  .min(1, "page must be 1 or more")
  .max(10_000)
  .default(1);
export const Limit = (max: number, dflt: number) =>
  z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(max, `limit must be ${max} or less`)
    .default(dflt);

const LeaderQuery = z.object({ limit: Limit(100, 10) });
const ListQuery = z.object({ page: Page, limit: Limit(100, 24) });
const VerifiedList = ok({ page: z.number().int(), limit: z.number().int() });

/**
 * Community data (READING.md §3: the spec fetched it from admin paths; it is public here):
 * GET /api/community/badges, leaderboard, community-verified; the signed-in member's achievements;
 * POST feedback. Admins only: GET /api/admin/community-verified, /api/admin/badges,
 * /api/admin/leaderboard. Corrections are in corrections.ts. Public answers carry display names, never e-mail addresses.
 */
export function communityApi() {
  const api = new OpenAPIHono<Vars>();
  for (const path of ["/community/*", "/admin/badges", "/admin/leaderboard"]) {
    api.use(path, async (c, next) => {
      await next();
      // Votes and counts move all the time and some answers are personal: never stored by caches.
      c.header("Cache-Control", "private, no-store");
    });
  }
  const admin = async (c: { var: Vars["Variables"]; req: { raw: Request } }): Promise<Viewer> =>
    requireRole(await getViewer(c.var.services, c.req.raw), "admin");

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
