import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { getViewer, requireRole, requireUser } from "../modules/accounts/index.ts";
import {
  type CommunityActor,
  CompanyEmailInput,
  communityActor,
  DeleteReviewInput,
  deleteReview,
  getMyReview,
  listReportedReviews,
  listToolReviews,
  MarkReviewHelpfulInput,
  ModerateReviewInput,
  markReviewHelpful,
  moderateReview,
  ReportReviewInput,
  ReviewId,
  ReviewListQuery,
  reportReview,
  resolveToolId,
  SaveReviewInput,
  saveReview,
  startCompanyVerification,
  verificationState,
} from "../modules/community/index.ts";
import {
  adminErrors,
  documented,
  errors,
  json,
  memberErrors,
  ok,
  pathParams,
  record,
  records,
  requestJson,
  SESSION,
} from "./doc.ts";
import { jsonBody as body, parseOr400, useCaseInput, type ApiVars as Vars } from "./respond.ts";

const ToolKey = z.string().min(1).max(200);

// The reviews' bodies and path parameters, documented from the use cases' Inputs.
const ReviewBody = SaveReviewInput.omit({ tool: true });
const ReportBody = ReportReviewInput.omit({ reviewId: true });
const ModerationBody = ModerateReviewInput.omit({ reviewId: true });

/**
 * Reviews (issue 11): reviews of a tool, the member's own review, helpful votes and reports; company
 * e-mail verification; admin moderation under /api/admin. Writes need a member. Polls are in polls.ts.
 */
export function reviewsApi() {
  const api = new OpenAPIHono<Vars>();
  for (const path of ["/reviews/*", "/tools/:toolId/reviews/mine", "/community/*", "/admin/*"]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }
  /** The session's member, as the actor of a review use case (401 without a session). */
  const member = async (c: Context<Vars>): Promise<CommunityActor> =>
    communityActor(requireUser(await getViewer(c.var.services, c.req.raw)), c.var.requestId);
  const admin = async (c: Context<Vars>) => requireRole(await getViewer(c.var.services, c.req.raw), "admin");

  // --- reviews -----------------------------------------------------------------------------------

  documented(
    api,
    {
      method: "get",
      path: "/tools/{toolId}/reviews",
      operationId: "listToolReviews",
      summary: "A tool's published reviews",
      tags: ["Reviews"],
      security: [{}],
      request: { params: pathParams({ toolId: ToolKey }), query: ReviewListQuery },
      responses: {
        200: json(ok({ reviews: records("reviews"), pagination: record("page, total, …") }), "Reviews"),
        ...errors(404),
      },
    },
    async (c) => {
      const { db } = c.var.services;
      const toolId = await resolveToolId(db, parseOr400(ToolKey, c.req.param("toolId")));
      const query = ReviewListQuery.parse({ sort: c.req.query("sort"), page: c.req.query("page") });
      const page = await listToolReviews(db, toolId, query, c.var.services.clock.now());
      return c.json({ success: true, reviews: page.items, pagination: { ...page, items: undefined } });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/tools/{toolId}/reviews/mine",
      operationId: "getMyReview",
      summary: "The member's review of the tool (null when none)",
      tags: ["Reviews"],
      security: SESSION,
      request: { params: pathParams({ toolId: ToolKey }) },
      responses: { 200: json(ok({ review: record("the review").nullable() }), "The review"), ...memberErrors(404) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const toolId = await resolveToolId(services.db, parseOr400(ToolKey, c.req.param("toolId")));
      return c.json({
        success: true,
        review: await getMyReview(services.db, viewer.user.id, toolId, services.clock.now()),
      });
    },
  );

  /** Writes the member's review of the tool, or replaces it (one per member per tool). */
  documented(
    api,
    {
      method: "put",
      path: "/tools/{toolId}/reviews/mine",
      operationId: "saveMyReview",
      summary: "Write or replace the member's review of the tool",
      tags: ["Reviews"],
      security: SESSION,
      request: { params: pathParams({ toolId: ToolKey }), body: requestJson(ReviewBody) },
      responses: { 200: json(ok({}), "Replaced"), 201: json(ok({}), "Written"), ...memberErrors(403, 404, 409) },
    },
    async (c) => {
      const actor = await member(c);
      const tool = parseOr400(ToolKey, c.req.param("toolId"));
      const result = await saveReview(c.var.services, actor, await useCaseInput(c, SaveReviewInput, { tool }));
      return c.json({ success: true, ...result }, result.created ? 201 : 200);
    },
  );

  documented(
    api,
    {
      method: "delete",
      path: "/reviews/{id}",
      operationId: "deleteReview",
      summary: "Delete one's own review",
      tags: ["Reviews"],
      security: SESSION,
      request: { params: pathParams({ id: ReviewId }) },
      responses: { 200: json(ok({}), "Deleted"), ...memberErrors(403, 404) },
    },
    async (c) => {
      const actor = await member(c);
      const input = await useCaseInput(c, DeleteReviewInput, { reviewId: c.req.param("id") }, false);
      await deleteReview(c.var.services, actor, input);
      return c.json({ success: true });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/reviews/{id}/helpful",
      operationId: "markReviewHelpful",
      summary: "Mark a review helpful",
      tags: ["Reviews"],
      security: SESSION,
      request: { params: pathParams({ id: ReviewId }) },
      responses: { 200: json(ok({ helpful: z.unknown() }), "Marked"), ...memberErrors(403, 404, 409) },
    },
    async (c) => {
      const actor = await member(c);
      const input = await useCaseInput(c, MarkReviewHelpfulInput, { reviewId: c.req.param("id") }, false);
      const helpful = await markReviewHelpful(c.var.services, actor, input);
      return c.json({ success: true, helpful });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/reviews/{id}/report",
      operationId: "reportReview",
      summary: "Report a review to the moderators",
      tags: ["Reviews"],
      security: SESSION,
      request: { params: pathParams({ id: ReviewId }), body: requestJson(ReportBody) },
      responses: { 201: json(ok({}), "Reported"), ...memberErrors(403, 404, 409) },
    },
    async (c) => {
      const actor = await member(c);
      const input = await useCaseInput(c, ReportReviewInput, { reviewId: c.req.param("id") });
      await reportReview(c.var.services, actor, input);
      return c.json({ success: true }, 201);
    },
  );

  // --- verified members (spec §6) ----------------------------------------------------------------

  documented(
    api,
    {
      method: "get",
      path: "/community/verification",
      operationId: "verificationState",
      summary: "The member's verified-member state",
      tags: ["Community"],
      security: SESSION,
      responses: { 200: json(ok({}), "The state"), ...memberErrors() },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      return c.json({ success: true, ...(await verificationState(services.db, viewer.user.id, services.clock.now())) });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/community/verification/company",
      operationId: "startCompanyVerification",
      summary: "Verify a company e-mail address (a link is sent)",
      tags: ["Community"],
      security: SESSION,
      request: { body: requestJson(CompanyEmailInput) },
      responses: { 202: json(ok({}), "A link is on its way"), ...memberErrors(403, 409) },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const { email } = parseOr400(CompanyEmailInput, await body(c));
      await startCompanyVerification(services, { id: viewer.user.id, name: viewer.user.name }, email);
      return c.json({ success: true }, 202);
    },
  );

  // --- admin: moderation -------------------------------------------------------------------------

  documented(
    api,
    {
      method: "get",
      path: "/admin/reviews/reported",
      operationId: "adminReportedReviews",
      summary: "Reported reviews to moderate",
      tags: ["Admin"],
      security: SESSION,
      responses: { 200: json(ok({ reviews: records("reported reviews") }), "Reported reviews"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      return c.json({ success: true, reviews: await listReportedReviews(c.var.services.db) });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/reviews/{id}/moderate",
      operationId: "adminModerateReview",
      summary: "Keep or remove a reported review",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: ReviewId }), body: requestJson(ModerationBody) },
      responses: { 200: json(ok({}), "Decided"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = await admin(c);
      const input = await useCaseInput(c, ModerateReviewInput, { reviewId: c.req.param("id") });
      await moderateReview(c.var.services, communityActor(viewer, c.var.requestId), input);
      return c.json({ success: true });
    },
  );

  return api;
}
