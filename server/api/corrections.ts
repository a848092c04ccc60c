import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { getViewer, requireRole, requireUser, type Viewer } from "../modules/accounts/index.ts";
import {
  CORRECTION_FIELDS,
  CorrectionInput,
  createCorrection,
  listCorrections,
  RejectInput,
  rejectCorrection,
  verifyCorrection,
  voteCorrection,
} from "../modules/community/index.ts";
import { uuidSchema } from "../platform/ids.ts";
import { Limit, Page } from "./community.ts";
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
const CorrectionList = ok({
  corrections: records("corrections"),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
const VoteAnswer = ok({ votes: z.number().int().describe("the correction's votes after this one") });

/**
 * Corrections to a tool's facts (issue 11): GET /api/community/corrections, POST corrections and
 * corrections/{id}/vote (members). Admins only: GET /api/admin/corrections, POST
 * /api/admin/corrections/{id}/verify|reject|vote.
 */
export function correctionsApi() {
  const api = new OpenAPIHono<Vars>();
  for (const path of [
    "/community/corrections",
    "/community/corrections/*",
    "/admin/corrections",
    "/admin/corrections/*",
  ]) {
    api.use(path, async (c, next) => {
      await next();
      // Votes and counts move all the time: never stored by caches.
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
  const actorOf = (viewer: Viewer, requestId: string) => ({ id: viewer.user.id, label: viewer.user.email, requestId });
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

  // ---- admins ----

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

  return api;
}
