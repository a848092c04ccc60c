import { sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { DAY_MS } from "../../platform/clock.ts";
import { type Db, isUniqueViolation, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import { textBlock } from "../../platform/text.ts";
import type { Viewer } from "../accounts/index.ts";
import { applyToolFacts, FACT_NOTES, importRows, resolveCategoryKeys } from "../catalog/index.ts";
import { SUBMISSION_MESSAGES } from "./forms.ts";
import { DECISION_MAIL_JOB } from "./mail.ts";
import { isSubmissionId, OPEN_STATUSES, SUBMISSION_STATUSES, type SubmissionStatus } from "./submissions.ts";

/** Spec §9: the moderation queue shows 20 per page and pending by default. */
export const QUEUE_PAGE_SIZE = 20;
export const DECISIONS = ["approve", "reject", "needs_revision"] as const;
export type Decision = (typeof DECISIONS)[number];
const STATUS_OF: Record<Decision, SubmissionStatus> = {
  approve: "approved",
  reject: "rejected",
  needs_revision: "needs_revision",
};
export const MAX_BULK = 100;

export const QueueQuery = z.object({
  status: z
    .enum([...SUBMISSION_STATUSES, "all"], {
      message: "status must be pending, approved, rejected, needs_revision or all",
    })
    .default("pending"),
  category: z.string().trim().max(80, "category is too long").optional(),
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").max(10_000).default(1),
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(100, "limit must be 100 or less")
    .default(QUEUE_PAGE_SIZE),
});
export type QueueQuery = z.output<typeof QueueQuery> & { order?: "oldest" | "newest" };

const notes = textBlock("Admin notes")
  .pipe(z.string().max(2_000, "Admin notes must be at most 2000 characters"))
  .optional()
  .transform((v) => v || null);
const reason = textBlock("Reason")
  .pipe(z.string().max(1_000, "The reason must be at most 1000 characters"))
  .optional()
  .transform((v) => v || null);
const ids = z
  .array(z.string().max(64, "a submission id is too long"), { message: SUBMISSION_MESSAGES.selectSubmissions })
  .max(MAX_BULK, `Please select at most ${MAX_BULK} submissions at once`)
  .default([]);

export const DecisionInput = z.object({
  decision: z.enum(DECISIONS, { message: "decision must be approve, reject or needs_revision" }),
  reason,
  admin_notes: notes,
});
export type DecisionInput = z.output<typeof DecisionInput>;

export const BulkApproveInput = z.object({ submissionIds: ids, admin_notes: notes });
export const BulkRejectInput = z.object({ submissionIds: ids, admin_notes: notes, rejection_reason: reason });

export type QueueItem = {
  id: string;
  name: string;
  description: string;
  category: string;
  category_id: number;
  provider: string | null;
  status: SubmissionStatus;
  submitted_at: string;
  url: string;
  pricing_model: string;
  tags: string[];
  logo_url: string | null;
  maker_relation: string | null;
  submitter: { id: string; name: string; email: string };
  admin_notes: string | null;
  reason: string | null;
  decided_at: string | null;
  revisions: number;
  tool_slug: string | null;
};

export type Pagination = {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasMore: boolean;
  totalItems: number;
  currentPage: number;
};

const Status = z.enum(SUBMISSION_STATUSES);
const QueueRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  category_id: z.number(),
  provider: z.string().nullable(),
  status: Status,
  submitted_at: z.string(),
  url: z.string(),
  pricing_model: z.string(),
  tags: z.array(z.string()),
  logo_url: z.string().nullable(),
  maker_relation: z.string().nullable(),
  admin_notes: z.string().nullable(),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  revisions: z.number(),
  /** not approved yet, or its tool deleted (LEFT JOIN) */
  tool_slug: z.string().nullable(),
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  total: z.number(),
});
const CountRow = z.object({ n: z.number() });
const IdRow = z.object({ id: z.string() });

/** The moderation queue: oldest first (first come, first served), by status and category. */
export async function listQueue(
  db: Db,
  query: QueueQuery,
): Promise<{ submissions: QueueItem[]; pagination: Pagination }> {
  let categoryId: number | null = null;
  if (query.category) {
    const { ids: found } = await resolveCategoryKeys(db, [query.category]);
    // An unknown category matches nothing (rather than everything).
    categoryId = found[0] ?? -1;
  }
  const where = sql.join(
    [
      sql`TRUE`,
      query.status === "all" ? sql`` : sql`AND s.status = ${query.status}::submission_status`,
      categoryId === null ? sql`` : sql`AND s.category_id = ${categoryId}`,
    ],
    sql` `,
  );
  const rows = await queryRows(
    db,
    sql`SELECT s.id, s.name, s.description, c.name AS category, s.category_id, s.provider_name AS provider,
          s.status::text AS status, s.submitted_at, s.url, s.pricing_model::text AS pricing_model, s.tags, s.logo_url,
          s.maker_relation::text AS maker_relation, s.admin_notes, s.decision_reason AS reason, s.decided_at,
          s.revisions, t.slug AS tool_slug, u.id AS user_id, u.name AS user_name, u.email AS user_email,
          count(*) OVER ()::int AS total
        FROM tool_submissions s
        JOIN categories c ON c.id = s.category_id
        JOIN users u ON u.id = s.user_id
        LEFT JOIN tools t ON t.id = s.tool_id
        WHERE ${where}
        ORDER BY ${query.order === "newest" ? sql`s.submitted_at DESC` : sql`s.submitted_at ASC`}, s.id
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    QueueRow,
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    const [n] = await queryRows(db, sql`SELECT count(*)::int AS n FROM tool_submissions s WHERE ${where}`, CountRow);
    total = n?.n ?? 0;
  }
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    submissions: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      category: r.category,
      category_id: r.category_id,
      provider: r.provider,
      status: r.status,
      submitted_at: new Date(r.submitted_at).toISOString(),
      url: r.url,
      pricing_model: r.pricing_model,
      tags: r.tags ?? [],
      logo_url: r.logo_url,
      maker_relation: r.maker_relation,
      submitter: { id: r.user_id, name: r.user_name, email: r.user_email },
      admin_notes: r.admin_notes,
      reason: r.reason,
      decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      revisions: r.revisions,
      tool_slug: r.tool_slug,
    })),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages,
      hasMore: query.page < totalPages,
      totalItems: total,
      currentPage: query.page,
    },
  };
}

export type DecisionDeps = { db: Db; jobs: Jobs; now: Date; requestId?: string | null };
export type DecisionResult = { id: string; status: SubmissionStatus; tool_slug: string | null };

const Locked = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  category: z.string(),
  provider_name: z.string().nullable(),
  pricing_model: z.string(),
  tags: z.array(z.string()),
  logo_url: z.string().nullable(),
  status: Status,
  revisions: z.number(),
  maker_relation: z.string().nullable(),
  tool_id: z.string().nullable(),
});
type Locked = z.infer<typeof Locked>;

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
    await tx.execute(
      sql`UPDATE tool_submissions SET status = ${status}::submission_status, decision_reason = ${input.reason},
            admin_notes = coalesce(${input.admin_notes}, admin_notes), decided_by = ${admin.user.id},
            decided_at = ${now.toISOString()}::timestamptz, tool_id = coalesce(${toolId}::uuid, tool_id),
            updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}`,
    );
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

/** Issue 21: a decision can be reopened for this long after it was made. */
export const REOPEN_WINDOW_DAYS = 30;

/** The reason is required (the maker is told it); reopening a live approval also needs a ticked box. */
export const ReopenInput = z.object({
  reason: textBlock("Reason").pipe(
    z.string().min(1, "Say why the decision is reopened").max(1_000, "The reason must be at most 1000 characters"),
  ),
  confirm: z.literal("on").optional(),
});

const TOOL_CHANGED = (status: string) =>
  `The listing is no longer live (${status}) — change it under Tools instead of reopening the submission.`;

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
      await tx.execute(
        sql`UPDATE tool_submissions SET status = 'pending', decision_reason = NULL, decided_by = NULL, decided_at = NULL,
              updated_at = ${now.toISOString()}::timestamptz
            WHERE id = ${id}`,
      );
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

const ToolStatusRow = z.object({ slug: z.string(), status: z.string() });

/** A reopened approval decided "approve" again: its tool (kept, unpublished) goes live once more. */
async function republish(
  tx: Db,
  toolId: string,
  admin: Viewer,
  now: Date,
): Promise<{ toolId: string; toolSlug: string }> {
  const [tool] = await queryRows(
    tx,
    sql`SELECT slug, status::text AS status FROM tools WHERE id = ${toolId}::uuid`,
    ToolStatusRow,
  );
  if (!tool) throw new AppError("conflict", TOOL_CHANGED("deleted"));
  if (tool.status !== "pending" && tool.status !== "active") throw new AppError("conflict", TOOL_CHANGED(tool.status));
  await applyToolFacts(tx, {
    toolId,
    set: { status: "active" },
    provenance: { kind: "editor", source: "Moderation: approved again", observedAt: now, verifiedAt: now },
    actorUserId: admin.user.id,
    at: now,
  });
  return { toolId, toolSlug: tool.slug };
}

const isMaker = (s: Locked) => s.maker_relation === "founder" || s.maker_relation === "employee";

/** Adds the submitted tool to the catalogue with the importer's rules; its problems fail the decision. */
async function publish(tx: Db, s: Locked, now: Date): Promise<{ toolId: string; toolSlug: string }> {
  const report = await importRows(
    tx,
    [
      {
        name: s.name,
        description: s.description,
        url: s.url,
        category: s.category,
        provider: s.provider_name ?? "",
        pricing_model: s.pricing_model,
        tags: JSON.stringify(s.tags ?? []),
        logo_url: s.logo_url ?? "",
      },
    ],
    {
      now,
      source: `submission:${s.id}`,
      // Listed by its maker (founder or employee): the facts are the maker's claim; else a member's (issue 20).
      provenance: (_slug, at) =>
        isMaker(s)
          ? { kind: "maker", source: "Submitted by the maker, approved by a moderator", observedAt: at, verifiedAt: at }
          : {
              kind: "community",
              source: "Submitted by a member, approved by a moderator",
              observedAt: at,
              verifiedAt: at,
            },
      actorUserId: s.user_id,
    },
  );
  const dup = report.duplicates[0];
  if (dup) {
    throw new AppError("conflict", `Already listed in the directory as /tools/${dup.existing}.`, {
      listed: dup.existing,
    });
  }
  const problems = report.errors.flatMap((e) => e.messages);
  const added = report.added[0];
  if (problems.length || !added) {
    throw new AppError("bad_request", `The tool cannot be published: ${problems.join("; ") || "nothing was added"}`);
  }
  const [tool] = await queryRows(tx, sql`SELECT id FROM tools WHERE slug = ${added.slug}`, IdRow);
  if (!tool) throw new Error(`approved tool ${added.slug} was not found after import`);
  return { toolId: tool.id, toolSlug: added.slug };
}

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

export type SubmissionCounts = Record<SubmissionStatus, number> & { total: number };

const StatusCountRow = z.object({ status: Status, n: z.number() });

/** Counts by status (the admin overview's pending-submission card). */
export async function countSubmissions(db: Db): Promise<SubmissionCounts> {
  const rows = await queryRows(
    db,
    sql`SELECT status::text AS status, count(*)::int AS n FROM tool_submissions GROUP BY status`,
    StatusCountRow,
  );
  const counts: SubmissionCounts = { pending: 0, approved: 0, rejected: 0, needs_revision: 0, total: 0 };
  for (const r of rows) {
    counts[r.status] = r.n;
    counts.total += r.n;
  }
  return counts;
}

/** The newest submissions of any status (the admin overview's recent activity). */
export async function recentSubmissions(db: Db, limit = 5): Promise<QueueItem[]> {
  const n = Math.max(1, Math.min(50, Math.floor(limit)));
  const { submissions } = await listQueue(db, { status: "all", page: 1, limit: n, order: "newest" });
  return submissions;
}
