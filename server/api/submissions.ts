import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole, requireUser } from "../modules/accounts/index.ts";
import {
  BulkApproveInput,
  BulkRejectInput,
  bulkDecide,
  createSubmission,
  DecisionInput,
  decideSubmission,
  type ListedTool,
  listMySubmissions,
  listQueue,
  QueueQuery,
  resubmitSubmission,
  SubmissionInput,
} from "../modules/submissions/index.ts";
import { AppError } from "../platform/errors.ts";
import {
  adminErrors,
  documented,
  ErrorBody,
  json,
  memberErrors,
  ok,
  pathParams,
  record,
  records,
  requestJson,
  SESSION,
} from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

async function body(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("bad_request", "Send a JSON body");
  });
}

/** "Already listed" answers carry the listed tool, so a client can link to it. */
function listedOf(err: unknown): ListedTool | null {
  if (!(err instanceof AppError) || err.code !== "conflict") return null;
  return (err.details as { listed?: ListedTool } | undefined)?.listed ?? null;
}

const SubmissionId = z.string().max(64, "Submission not found");
const Listed = ErrorBody.extend({ listed: record("the tool already listed").optional() });

/**
 * Submissions (members) and the moderation queue (admins only, spec §7 shapes):
 * POST /api/submissions, GET /api/submissions/mine, PUT /api/submissions/{id} (resubmit after
 * 'needs_revision'), GET /api/admin/moderation/queue, POST …/bulk-approve, …/bulk-reject,
 * …/{id}/decision. Bearer tokens or the session cookie, like every API route.
 */
export function submissionsApi() {
  const api = new OpenAPIHono<Vars>();
  for (const path of ["/submissions", "/submissions/*", "/admin/moderation/*"]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }

  documented(
    api,
    {
      method: "post",
      path: "/submissions",
      operationId: "submitTool",
      summary: "Submit a tool for moderation",
      tags: ["Submissions"],
      security: SESSION,
      request: { body: requestJson(SubmissionInput) },
      responses: {
        201: json(ok({ submission: record("the submission") }), "Submitted"),
        409: json(Listed, "Already listed (the listed tool is named)"),
        ...memberErrors(403),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const input = parseOr400(SubmissionInput, await body(c));
      try {
        const submission = await createSubmission(services.db, viewer, input, services.clock.now());
        return c.json({ success: true, submission }, 201);
      } catch (err) {
        const listed = listedOf(err);
        if (listed) return c.json({ success: false, error: (err as Error).message, listed }, 409);
        throw err;
      }
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/submissions/mine",
      operationId: "mySubmissions",
      summary: "The member's submissions",
      tags: ["Submissions"],
      security: SESSION,
      responses: { 200: json(ok({ submissions: records("submissions") }), "Submissions"), ...memberErrors() },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      return c.json({ success: true, submissions: await listMySubmissions(services.db, viewer.user.id) });
    },
  );

  documented(
    api,
    {
      method: "put",
      path: "/submissions/{id}",
      operationId: "resubmitTool",
      summary: "Resubmit after the moderators asked for changes",
      tags: ["Submissions"],
      security: SESSION,
      request: { params: pathParams({ id: SubmissionId }), body: requestJson(SubmissionInput) },
      responses: {
        200: json(ok({ submission: record("the submission") }), "Resubmitted"),
        409: json(Listed, "Already listed, or not waiting for changes"),
        ...memberErrors(403, 404),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const id = parseOr400(SubmissionId, c.req.param("id"));
      const input = parseOr400(SubmissionInput, await body(c));
      try {
        const submission = await resubmitSubmission(services.db, viewer, id, input, services.clock.now());
        return c.json({ success: true, submission });
      } catch (err) {
        const listed = listedOf(err);
        if (listed) return c.json({ success: false, error: (err as Error).message, listed }, 409);
        throw err;
      }
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/moderation/queue",
      operationId: "adminModerationQueue",
      summary: "The moderation queue",
      tags: ["Admin"],
      security: SESSION,
      request: { query: QueueQuery },
      responses: { 200: json(ok({ submissions: records("submissions") }), "A page of the queue"), ...adminErrors() },
    },
    async (c) => {
      const { services } = c.var;
      requireRole(await getViewer(services, c.req.raw), "admin");
      const query = parseOr400(QueueQuery, c.req.query());
      return c.json({ success: true, ...(await listQueue(services.db, query)) });
    },
  );

  const deps = (c: { var: Vars["Variables"] }) => ({
    db: c.var.services.db,
    jobs: c.var.services.jobs,
    now: c.var.services.clock.now(),
    requestId: c.var.requestId,
  });

  documented(
    api,
    {
      method: "post",
      path: "/admin/moderation/bulk-approve",
      operationId: "adminBulkApprove",
      summary: "Approve several submissions",
      tags: ["Admin"],
      security: SESSION,
      request: { body: requestJson(BulkApproveInput) },
      responses: { 200: json(ok({ summary: record("successful, failed") }), "Decided"), ...adminErrors() },
    },
    async (c) => {
      const admin = requireRole(await getViewer(c.var.services, c.req.raw), "admin");
      const input = parseOr400(BulkApproveInput, await body(c));
      const result = await bulkDecide(deps(c), admin, "approve", input);
      return c.json({ success: true, ...result });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/moderation/bulk-reject",
      operationId: "adminBulkReject",
      summary: "Reject several submissions",
      tags: ["Admin"],
      security: SESSION,
      request: { body: requestJson(BulkRejectInput) },
      responses: { 200: json(ok({ summary: record("successful, failed") }), "Decided"), ...adminErrors() },
    },
    async (c) => {
      const admin = requireRole(await getViewer(c.var.services, c.req.raw), "admin");
      const input = parseOr400(BulkRejectInput, await body(c));
      const result = await bulkDecide(deps(c), admin, "reject", input);
      return c.json({ success: true, ...result });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/moderation/{id}/decision",
      operationId: "adminDecideSubmission",
      summary: "Approve, reject or ask for changes",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: SubmissionId }), body: requestJson(DecisionInput) },
      responses: { 200: json(ok({ submission: record("the submission") }), "Decided"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const admin = requireRole(await getViewer(c.var.services, c.req.raw), "admin");
      const id = parseOr400(SubmissionId, c.req.param("id"));
      const input = parseOr400(DecisionInput, await body(c));
      const submission = await decideSubmission(deps(c), admin, id, input);
      return c.json({ success: true, submission });
    },
  );
  return api;
}
