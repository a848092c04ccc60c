import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { DAY_MS } from "../../platform/clock.ts";
import { isUniqueViolation, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { textBlock } from "../../platform/text.ts";
import type { Viewer } from "../accounts/index.ts";
import { applyToolFacts, FACT_NOTES } from "../catalog/index.ts";
import { SUBMISSION_MESSAGES } from "./forms.ts";
import { DECISION_MAIL_JOB } from "./mail.ts";
import { type DecisionDeps, type DecisionResult, Status, TOOL_CHANGED } from "./moderation-shapes.ts";
import { isSubmissionId } from "./submissions.ts";
import { toolSubmissions } from "./tables.ts";

/** Issue 21: a decision can be reopened for this long after it was made. */
export const REOPEN_WINDOW_DAYS = 30;

/** The reason is required (the maker is told it); reopening a live approval also needs a ticked box. */
export const ReopenInput = z.object({
  reason: textBlock("Reason").pipe(
    z.string().min(1, "Say why the decision is reopened").max(1_000, "The reason must be at most 1000 characters"),
  ),
  confirm: z.literal("on").optional(),
});

const ReopenRow = z.object({
  id: z.string(),
  name: z.string(),
  status: Status,
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  tool_id: z.string().nullable(),
  /** the tool, when there is one (LEFT JOIN) */
  tool_status: z.string().nullable(),
  tool_slug: z.string().nullable(),
});

/**
 * Reopens a moderator's decision (approve, reject or needs revision) within REOPEN_WINDOW_DAYS: the
 * submission is back in the queue as pending, an approved one's tool leaves the directory (status
 * pending, through catalog's facts) until it is decided again, the maker is told by e-mail (the
 * decision mail job), and the audit row keeps the decision that was undone — one transaction.
 */
export async function reopenSubmission(
  deps: DecisionDeps,
  admin: Viewer,
  id: string,
  reason: string | null,
  /** the operator ticked "take the live tool off the directory" (asked only when it is live) */
  confirmedLive = false,
): Promise<DecisionResult> {
  if (!isSubmissionId(id)) throw new AppError("not_found", "Submission not found");
  const now = deps.now;
  try {
    return await transaction(deps.db, async (tx) => {
      const [s] = await queryRows(
        tx,
        sql`SELECT s.id, s.name, s.status::text AS status, s.decided_at, s.decision_reason, s.tool_id::text AS tool_id,
              t.status::text AS tool_status, t.slug AS tool_slug
            FROM tool_submissions s LEFT JOIN tools t ON t.id = s.tool_id
            WHERE s.id = ${id} FOR UPDATE OF s`,
        ReopenRow,
      );
      if (!s) throw new AppError("not_found", "Submission not found");
      if (s.status === "pending" || !s.decided_at) {
        throw new AppError("conflict", "This submission is waiting in the queue already.");
      }
      const decidedAt = new Date(s.decided_at);
      if (now.getTime() - decidedAt.getTime() > REOPEN_WINDOW_DAYS * DAY_MS) {
        throw new AppError(
          "conflict",
          `A decision can be reopened within ${REOPEN_WINDOW_DAYS} days; this one was made on ${decidedAt.toISOString().slice(0, 10)}.`,
        );
      }
      if (s.status === "approved" && s.tool_id) {
        if (s.tool_status !== "active") throw new AppError("conflict", TOOL_CHANGED(s.tool_status ?? "gone"));
        if (!confirmedLive) {
          throw new AppError(
            "bad_request",
            `${s.name} is live in the directory: tick the box to take it off while the decision is reopened.`,
            { field: "confirm" },
          );
        }
        await applyToolFacts(tx, {
          toolId: s.tool_id,
          set: { status: "pending" },
          provenance: { kind: "editor", source: "Moderation: approval reopened", observedAt: now, verifiedAt: now },
          actorUserId: admin.user.id,
          // The reason is the moderators' own (it may say "internal"): it stays in the audit row below.
          note: FACT_NOTES.reopened,
          at: now,
        });
      }
      await tx
        .update(toolSubmissions)
        .set({ status: "pending", decisionReason: null, decidedBy: null, decidedAt: null, updatedAt: now })
        .where(eq(toolSubmissions.id, id));
      await recordAudit(tx, {
        actor: { id: admin.user.id, label: admin.user.email },
        action: "submission.reopen",
        targetType: "submission",
        targetId: id,
        before: {
          status: s.status,
          decidedAt: decidedAt.toISOString(),
          ...(s.decision_reason ? { reason: s.decision_reason } : {}),
          ...(s.tool_slug ? { tool: s.tool_slug } : {}),
        },
        after: { status: "pending", ...(s.status === "approved" && s.tool_slug ? { toolStatus: "pending" } : {}) },
        reason,
        requestId: deps.requestId ?? null,
        at: now,
      });
      await deps.jobs.enqueue(
        {
          type: DECISION_MAIL_JOB,
          key: `${id}:reopened:${decidedAt.toISOString()}`,
          payload: { submissionId: id, status: "reopened", reason, name: s.name, was: s.status },
          runAt: now,
        },
        tx,
      );
      return { id, status: "pending" as const, tool_slug: s.tool_slug };
    });
  } catch (err) {
    // Another copy of the same tool is waiting in the queue (one open submission per tool).
    if (isUniqueViolation(err)) throw new AppError("conflict", SUBMISSION_MESSAGES.pendingDuplicate);
    throw err;
  }
}
