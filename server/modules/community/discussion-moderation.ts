import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import type { ToolMergeStep } from "../catalog/index.ts";
import { DISCUSSION_MESSAGES, DISCUSSION_RULES, type ReplyDecision, type ThreadDecision } from "./discussion-forms.ts";
import { type DiscussionActor, enqueueReplyMail, recountReplies } from "./discussion-posts.ts";
import { threadFor } from "./discussions.ts";
import type { CommunityServices } from "./services.ts";

/**
 * Discussions' moderation (ADR 0076), the reviews' pattern: members report (one report each, rate
 * limited), moderators (admins) hide, show, keep (release a held post and close its reports), lock
 * and unlock; every decision is audited in its own transaction.
 */
const TargetRow = z.object({ thread_id: z.string(), user_id: z.string() });
const IdRow = z.object({ id: z.string() });

/** A member reports a thread or an answer they can see (not their own). */
export async function reportPost(
  deps: Pick<CommunityServices, "db" | "clock">,
  actor: DiscussionActor,
  input: { target: "thread" | "reply"; targetId: string; reason: string },
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const [found] =
    input.target === "thread"
      ? await queryRows(
          db,
          sql`SELECT id::text AS thread_id, user_id FROM discussion_threads WHERE id = ${input.targetId}::uuid`,
          TargetRow,
        )
      : await queryRows(
          db,
          sql`SELECT thread_id::text AS thread_id, user_id FROM discussion_replies
               WHERE id = ${input.targetId}::uuid AND status = 'published' AND held_at IS NULL`,
          TargetRow,
        );
  if (!found) throw new AppError("not_found", DISCUSSION_MESSAGES.threadNotFound);
  await threadFor(db, found.thread_id, actor);
  if (found.user_id === actor.id) throw new AppError("forbidden", DISCUSSION_MESSAGES.ownReport);
  const rate = await consumeRateLimit(db, `discussion-report:user:${actor.id}`, DISCUSSION_RULES.report, now);
  if (!rate.allowed)
    throw new AppError("rate_limited", DISCUSSION_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });
  const table = input.target === "thread" ? sql`discussion_threads` : sql`discussion_replies`;
  await db.transaction(async (tx) => {
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO discussion_reports (target_kind, target_id, thread_id, user_id, reason, created_at)
          VALUES (${input.target}, ${input.targetId}::uuid, ${found.thread_id}::uuid, ${actor.id}, ${input.reason},
                  ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING id::text AS id`,
      IdRow,
    );
    if (!inserted.length) throw new AppError("conflict", DISCUSSION_MESSAGES.alreadyReported);
    await tx.execute(
      sql`UPDATE ${table} SET open_reports = (SELECT count(*)::int FROM discussion_reports
            WHERE target_kind = ${input.target} AND target_id = ${input.targetId}::uuid AND resolution IS NULL)
          WHERE id = ${input.targetId}::uuid`,
    );
  });
}

async function closeReports(tx: Db, kind: "thread" | "reply", id: string, resolution: string, at: string) {
  await tx.execute(
    sql`UPDATE discussion_reports SET resolution = ${resolution}, resolved_at = ${at}::timestamptz
         WHERE target_kind = ${kind} AND target_id = ${id}::uuid AND resolution IS NULL`,
  );
}

const ThreadState = z.object({ status: z.string(), held: z.boolean(), locked: z.boolean(), open_reports: z.number() });
const ReplyState = ThreadState.omit({ locked: true }).extend({ thread_id: z.string() });

/** A moderator's decision on a thread. */
export async function moderateThread(
  deps: Pick<CommunityServices, "db" | "clock">,
  audit: AuditActor,
  threadId: string,
  decision: ThreadDecision,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    const [before] = await queryRows(
      tx,
      sql`SELECT status, held_at IS NOT NULL AS held, locked_at IS NOT NULL AS locked, open_reports
            FROM discussion_threads WHERE id = ${threadId}::uuid FOR UPDATE`,
      ThreadState,
    );
    if (!before) throw new AppError("not_found", DISCUSSION_MESSAGES.threadNotFound);
    const set = {
      hide: sql`status = 'hidden', open_reports = 0`,
      show: sql`status = 'published'`,
      keep: sql`status = 'published', held_at = NULL, hold_reason = NULL, open_reports = 0`,
      lock: sql`locked_at = ${at}::timestamptz`,
      unlock: sql`locked_at = NULL`,
    }[decision];
    await tx.execute(
      sql`UPDATE discussion_threads SET ${set}, moderated_at = ${at}::timestamptz WHERE id = ${threadId}::uuid`,
    );
    if (decision === "hide" || decision === "keep")
      await closeReports(tx, "thread", threadId, decision === "hide" ? "hidden" : "kept", at);
    await recordAudit(tx, {
      actor: audit,
      action: `discussion.${decision}`,
      targetType: "discussion_thread",
      targetId: threadId,
      before: { status: before.status, held: before.held, locked: before.locked, openReports: before.open_reports },
      after: { decision },
      reason: null,
      requestId: audit.requestId ?? null,
      at: now,
    });
  });
}

/** A moderator's decision on an answer; releasing a held answer tells the thread's followers. */
export async function moderateReply(
  deps: CommunityServices,
  audit: AuditActor,
  replyId: string,
  decision: ReplyDecision,
): Promise<{ threadId: string }> {
  const { db, clock, jobs } = deps;
  const now = clock.now();
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const [before] = await queryRows(
      tx,
      sql`SELECT thread_id::text AS thread_id, status, held_at IS NOT NULL AS held, open_reports
            FROM discussion_replies WHERE id = ${replyId}::uuid FOR UPDATE`,
      ReplyState,
    );
    if (!before) throw new AppError("not_found", DISCUSSION_MESSAGES.replyNotFound);
    const set = {
      hide: sql`status = 'hidden', open_reports = 0`,
      show: sql`status = 'published'`,
      keep: sql`status = 'published', held_at = NULL, hold_reason = NULL, open_reports = 0`,
    }[decision];
    await tx.execute(
      sql`UPDATE discussion_replies SET ${set}, moderated_at = ${at}::timestamptz WHERE id = ${replyId}::uuid`,
    );
    if (decision === "hide") {
      // A hidden answer cannot stay the accepted one.
      await tx.execute(
        sql`UPDATE discussion_threads SET accepted_reply_id = NULL WHERE accepted_reply_id = ${replyId}::uuid`,
      );
    }
    if (decision === "hide" || decision === "keep")
      await closeReports(tx, "reply", replyId, decision === "hide" ? "hidden" : "kept", at);
    await recountReplies(tx, before.thread_id);
    if (decision === "keep" && before.held) {
      await tx.execute(
        sql`UPDATE discussion_threads SET last_activity_at = ${at}::timestamptz WHERE id = ${before.thread_id}::uuid`,
      );
      await enqueueReplyMail(jobs, tx, replyId, now);
    }
    await recordAudit(tx, {
      actor: audit,
      action: `discussion.reply.${decision}`,
      targetType: "discussion_reply",
      targetId: replyId,
      before: { status: before.status, held: before.held, openReports: before.open_reports },
      after: { decision },
      reason: null,
      requestId: audit.requestId ?? null,
      at: now,
    });
    return { threadId: before.thread_id };
  });
}

export type DiscussionQueueItem = {
  kind: "thread" | "reply";
  id: string;
  threadId: string;
  threadTitle: string;
  board: "general" | "tool" | "vip";
  text: string;
  authorName: string;
  state: "published" | "held" | "hidden";
  locked: boolean;
  holdReason: string | null;
  reports: { reason: string; reporter: string; createdAt: string }[];
};

const QueueRow = z.object({
  kind: z.enum(["thread", "reply"]),
  id: z.string(),
  thread_id: z.string(),
  thread_title: z.string(),
  board: z.enum(["general", "tool", "vip"]),
  text: z.string(),
  author_name: z.string(),
  status: z.enum(["published", "hidden"]),
  held: z.boolean(),
  locked: z.boolean(),
  hold_reason: z.string().nullable(),
  at: z.string(),
});
const ReportRow = z.object({ target_id: z.string(), reason: z.string(), reporter: z.string(), created_at: z.string() });

/** Reported or held threads and answers, for /admin/discussions (moderators only). */
export async function listDiscussionQueue(db: Db, max = 100): Promise<DiscussionQueueItem[]> {
  const rows = await queryRows(
    db,
    sql`SELECT * FROM (
          SELECT 'thread' AS kind, t.id::text AS id, t.id::text AS thread_id, t.title AS thread_title, t.board,
                 t.body AS text, ${publicMemberName("u")} AS author_name, t.status, t.held_at IS NOT NULL AS held,
                 t.locked_at IS NOT NULL AS locked, t.hold_reason, t.created_at AS at
            FROM discussion_threads t JOIN users u ON u.id = t.user_id
           WHERE t.open_reports > 0 OR (t.held_at IS NOT NULL AND t.status = 'published')
          UNION ALL
          SELECT 'reply', r.id::text, t.id::text, t.title, t.board, r.body, ${publicMemberName("u")}, r.status,
                 r.held_at IS NOT NULL, t.locked_at IS NOT NULL, r.hold_reason, r.created_at
            FROM discussion_replies r JOIN discussion_threads t ON t.id = r.thread_id JOIN users u ON u.id = r.user_id
           WHERE r.open_reports > 0 OR (r.held_at IS NOT NULL AND r.status = 'published')
        ) q ORDER BY at DESC LIMIT ${max}`,
    QueueRow,
  );
  if (!rows.length) return [];
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const reports = await queryRows(
    db,
    sql`SELECT d.target_id::text AS target_id, d.reason, ${publicMemberName("u")} AS reporter, d.created_at
          FROM discussion_reports d JOIN users u ON u.id = d.user_id
         WHERE d.resolution IS NULL AND d.target_id IN (${ids}) ORDER BY d.created_at`,
    ReportRow,
  );
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    threadId: r.thread_id,
    threadTitle: r.thread_title,
    board: r.board,
    text: r.text,
    authorName: r.author_name,
    state: r.status === "hidden" ? "hidden" : r.held ? "held" : "published",
    locked: r.locked,
    holdReason: r.hold_reason,
    reports: reports
      .filter((p) => p.target_id === r.id)
      .map((p) => ({ reason: p.reason, reporter: p.reporter, createdAt: new Date(p.created_at).toISOString() })),
  }));
}

/** A merged tool's threads move to the tool it was merged into (replies, follows and reports hang off them). */
export const discussionsMergeStep: ToolMergeStep = {
  name: "community.discussions",
  tables: ["discussion_threads"],
  run: async (tx, fromId, intoId) => {
    const moved = await queryRows(
      tx,
      sql`UPDATE discussion_threads SET tool_id = ${intoId}::uuid WHERE tool_id = ${fromId}::uuid RETURNING id::text AS id`,
      IdRow,
    );
    return { moved: moved.length };
  },
};
