import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { Viewer } from "../accounts/index.ts";
import { SUBMISSION_MESSAGES } from "./forms.ts";
import { DECISION_MAIL_JOB } from "./mail.ts";
import { type DecisionDeps, type DecisionResult, Locked, notes, reason } from "./moderation-shapes.ts";
import { publish, republish } from "./publish-submission.ts";
import { isSubmissionId, OPEN_STATUSES, type SubmissionStatus } from "./submissions.ts";
import { toolSubmissions } from "./tables.ts";

export const DECISIONS = ["approve", "reject", "needs_revision"] as const;
export type Decision = (typeof DECISIONS)[number];
const STATUS_OF: Record<Decision, SubmissionStatus> = {
  approve: "approved",
  reject: "rejected",
  needs_revision: "needs_revision",
};

export const DecisionInput = z.object({
  decision: z.enum(DECISIONS, { message: "decision must be approve, reject or needs_revision" }),
  reason,
  admin_notes: notes,
});
export type DecisionInput = z.output<typeof DecisionInput>;

/**
 * One moderator decision, all or nothing: the status change, the new tool (approval, through the
 * importer with source 'submission:{id}'), the audit row and the maker's e-mail job commit together.
 */
export async function decideSubmission(
  deps: DecisionDeps,
  admin: Viewer,
  id: string,
  input: DecisionInput,
): Promise<DecisionResult> {
  if (!isSubmissionId(id)) throw new AppError("not_found", "Submission not found");
  if (input.decision === "reject" && !input.reason) {
    throw new AppError("bad_request", SUBMISSION_MESSAGES.rejectionReason, { field: "reason" });
  }
  if (input.decision === "needs_revision" && !input.reason) {
    throw new AppError("bad_request", SUBMISSION_MESSAGES.revisionReason, { field: "reason" });
  }
  const now = deps.now;
  return transaction(deps.db, async (tx) => {
    const [s] = await queryRows(
      tx,
      sql`SELECT s.id, s.user_id, s.name, s.description, s.url, c.name AS category, s.provider_name,
            s.pricing_model::text AS pricing_model, s.tags, s.logo_url, s.status::text AS status, s.revisions,
            s.maker_relation::text AS maker_relation, s.tool_id::text AS tool_id
          FROM tool_submissions s JOIN categories c ON c.id = s.category_id
          WHERE s.id = ${id} FOR UPDATE OF s`,
      Locked,
    );
    if (!s) throw new AppError("not_found", "Submission not found");
    if (!(OPEN_STATUSES as readonly string[]).includes(s.status)) {
      throw new AppError("conflict", `This submission was already ${s.status.replace("_", " ")}.`);
    }
    const status = STATUS_OF[input.decision];
    let toolId: string | null = null;
    let toolSlug: string | null = null;
    if (input.decision === "approve") {
      // A reopened approval still has its tool (unpublished by the reopening): publish that one again.
      ({ toolId, toolSlug } = s.tool_id ? await republish(tx, s.tool_id, admin, now) : await publish(tx, s, now));
    }
    await tx
      .update(toolSubmissions)
      .set({
        status,
        decisionReason: input.reason,
        // Notes and the tool are kept when this decision gives none.
        ...(input.admin_notes != null ? { adminNotes: input.admin_notes } : {}),
        decidedBy: admin.user.id,
        decidedAt: now,
        ...(toolId ? { toolId } : {}),
        updatedAt: now,
      })
      .where(eq(toolSubmissions.id, id));
    if (toolId) {
      // Listed by its maker (founder or employee): the tool counts as community-verified (issue 11).
      await tx.execute(
        sql`UPDATE tools SET is_verified = true, last_verified_at = ${now.toISOString()}::timestamptz
            WHERE id = ${toolId}::uuid AND EXISTS (SELECT 1 FROM tool_submissions
              WHERE id = ${id} AND maker_relation IN ('founder', 'employee'))`,
      );
    }
    await recordAudit(tx, {
      actor: { id: admin.user.id, label: admin.user.email },
      action: `submission.${input.decision}`,
      targetType: "submission",
      targetId: id,
      before: { status: s.status },
      after: {
        status,
        ...(toolSlug ? { tool: toolSlug } : {}),
        ...(input.admin_notes ? { admin_notes: input.admin_notes } : {}),
      },
      reason: input.reason,
      requestId: deps.requestId ?? null,
      at: now,
    });
    await deps.jobs.enqueue(
      {
        type: DECISION_MAIL_JOB,
        key: `${id}:${status}:${s.revisions}`,
        payload: { submissionId: id, status, reason: input.reason, name: s.name },
        runAt: now,
      },
      tx,
    );
    return { id, status, tool_slug: toolSlug };
  });
}
