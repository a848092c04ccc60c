import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import type { Viewer } from "../accounts/index.ts";
import { decideSubmission } from "./decide-submission.ts";
import { SUBMISSION_MESSAGES } from "./forms.ts";
import { type DecisionDeps, notes, reason } from "./moderation-shapes.ts";
import type { SubmissionStatus } from "./submissions.ts";

export const MAX_BULK = 100;

const ids = z
  .array(z.string().max(64, "a submission id is too long"), { message: SUBMISSION_MESSAGES.selectSubmissions })
  .max(MAX_BULK, `Please select at most ${MAX_BULK} submissions at once`)
  .default([]);

export const BulkApproveInput = z.object({ submissionIds: ids, admin_notes: notes });
export const BulkRejectInput = z.object({ submissionIds: ids, admin_notes: notes, rejection_reason: reason });

export type BulkItem = {
  id: string;
  ok: boolean;
  status?: SubmissionStatus;
  tool_slug?: string | null;
  error?: string;
};
export type BulkResult = { summary: { successful: number; failed: number }; results: BulkItem[] };

/**
 * Bulk approve or reject: each item is its own decision (its own transaction), so one that fails
 * (already decided, now a duplicate) is reported and the others still go through.
 */
export async function bulkDecide(
  deps: DecisionDeps,
  admin: Viewer,
  decision: "approve" | "reject",
  input: { submissionIds: string[]; admin_notes: string | null; rejection_reason?: string | null },
): Promise<BulkResult> {
  const unique = [...new Set(input.submissionIds)];
  if (!unique.length) throw new AppError("bad_request", SUBMISSION_MESSAGES.selectSubmissions);
  if (decision === "reject" && !input.rejection_reason) {
    throw new AppError("bad_request", SUBMISSION_MESSAGES.rejectionReason, { field: "rejection_reason" });
  }
  const results: BulkItem[] = [];
  for (const id of unique) {
    try {
      const r = await decideSubmission(deps, admin, id, {
        decision,
        reason: decision === "reject" ? (input.rejection_reason ?? null) : null,
        admin_notes: input.admin_notes,
      });
      results.push({ id, ok: true, status: r.status, tool_slug: r.tool_slug });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      results.push({ id, ok: false, error: err.message });
    }
  }
  const successful = results.filter((r) => r.ok).length;
  return { summary: { successful, failed: results.length - successful }, results };
}
