import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";
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
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices; requestId: string } };

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

/**
 * Submissions (members) and the moderation queue (admins only, spec §7 shapes):
 * POST /api/submissions, GET /api/submissions/mine, PUT /api/submissions/{id} (resubmit after
 * 'needs_revision'), GET /api/admin/moderation/queue, POST …/bulk-approve, …/bulk-reject,
 * …/{id}/decision. Bearer tokens or the session cookie, like every API route.
 */
export function submissionsApi() {
  const api = new Hono<Vars>();
  for (const path of ["/submissions", "/submissions/*", "/admin/moderation/*"]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }

  api.post("/submissions", async (c) => {
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
  });

  api.get("/submissions/mine", async (c) => {
    const { services } = c.var;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    return c.json({ success: true, submissions: await listMySubmissions(services.db, viewer.user.id) });
  });

  api.put("/submissions/:id", async (c) => {
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
  });

  api.get("/admin/moderation/queue", async (c) => {
    const { services } = c.var;
    requireRole(await getViewer(services, c.req.raw), "admin");
    const query = parseOr400(QueueQuery, c.req.query());
    return c.json({ success: true, ...(await listQueue(services.db, query)) });
  });

  const deps = (c: { var: Vars["Variables"] }) => ({
    db: c.var.services.db,
    jobs: c.var.services.jobs,
    now: c.var.services.clock.now(),
    requestId: c.var.requestId,
  });

  api.post("/admin/moderation/bulk-approve", async (c) => {
    const admin = requireRole(await getViewer(c.var.services, c.req.raw), "admin");
    const input = parseOr400(BulkApproveInput, await body(c));
    const result = await bulkDecide(deps(c), admin, "approve", input);
    return c.json({ success: true, ...result });
  });

  api.post("/admin/moderation/bulk-reject", async (c) => {
    const admin = requireRole(await getViewer(c.var.services, c.req.raw), "admin");
    const input = parseOr400(BulkRejectInput, await body(c));
    const result = await bulkDecide(deps(c), admin, "reject", input);
    return c.json({ success: true, ...result });
  });

  api.post("/admin/moderation/:id/decision", async (c) => {
    const admin = requireRole(await getViewer(c.var.services, c.req.raw), "admin");
    const id = parseOr400(SubmissionId, c.req.param("id"));
    const input = parseOr400(DecisionInput, await body(c));
    const submission = await decideSubmission(deps(c), admin, id, input);
    return c.json({ success: true, submission });
  });
  return api;
}
