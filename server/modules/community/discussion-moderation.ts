import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import type { ToolMergeStep } from "../catalog/index.ts";
import { DISCUSSION_MESSAGES, DISCUSSION_RULES, type ReplyDecision, type ThreadDecision } from "./discussion-forms.ts";
import { type DiscussionActor, enqueueReplyMail, recountReplies } from "./discussion-posts.ts";
import { discussionReplies, discussionReports, discussionThreads } from "./discussion-tables.ts";
import { threadFor } from "./discussions.ts";
import type { CommunityServices } from "./services.ts";

/**
 * Discussions' moderation (ADR 0076), the reviews' pattern: members report (one report each, rate
 * limited), moderators (admins) hide, show, keep (release a held post and close its reports), lock
 * and unlock; every decision is audited in its own transaction.
 */

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
      ? await db
          .select({ thread_id: discussionThreads.id, user_id: discussionThreads.userId })
          .from(discussionThreads)
          .where(eq(discussionThreads.id, input.targetId))
      : await db
          .select({ thread_id: discussionReplies.threadId, user_id: discussionReplies.userId })
          .from(discussionReplies)
          .where(
            and(
              eq(discussionReplies.id, input.targetId),
              eq(discussionReplies.status, "published"),
              isNull(discussionReplies.heldAt),
            ),
          );
  if (!found) throw new AppError("not_found", DISCUSSION_MESSAGES.threadNotFound);
  await threadFor(db, found.thread_id, actor);
  if (found.user_id === actor.id) throw new AppError("forbidden", DISCUSSION_MESSAGES.ownReport);
  const rate = await consumeRateLimit(db, `discussion-report:user:${actor.id}`, DISCUSSION_RULES.report, now);
  if (!rate.allowed)
    throw new AppError("rate_limited", DISCUSSION_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(discussionReports)
      .values({
        targetKind: input.target,
        targetId: input.targetId,
        threadId: found.thread_id,
        userId: actor.id,
        reason: input.reason,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: discussionReports.id });
    if (!inserted.length) throw new AppError("conflict", DISCUSSION_MESSAGES.alreadyReported);
    const open = tx
      .select({ n: sql<number>`count(*)::int` })
      .from(discussionReports)
      .where(
        and(
          eq(discussionReports.targetKind, input.target),
          eq(discussionReports.targetId, input.targetId),
          isNull(discussionReports.resolution),
        ),
      );
    const openReports = sql`(${open})`;
    if (input.target === "thread") {
      await tx.update(discussionThreads).set({ openReports }).where(eq(discussionThreads.id, input.targetId));
    } else {
      await tx.update(discussionReplies).set({ openReports }).where(eq(discussionReplies.id, input.targetId));
    }
  });
}

async function closeReports(tx: Db, kind: "thread" | "reply", id: string, resolution: string, at: Date) {
  await tx
    .update(discussionReports)
    .set({ resolution, resolvedAt: at })
    .where(
      and(
        eq(discussionReports.targetKind, kind),
        eq(discussionReports.targetId, id),
        isNull(discussionReports.resolution),
      ),
    );
}

/** What a decision writes on a thread or an answer (the columns both tables have). */
function postSet(decision: ReplyDecision) {
  switch (decision) {
    case "hide":
      return { status: "hidden", openReports: 0 };
    case "show":
      return { status: "published" };
    case "keep":
      return { status: "published", heldAt: null, holdReason: null, openReports: 0 };
  }
}

/** A thread's decision: an answer's, or a lock. */
function threadSet(decision: ThreadDecision, now: Date) {
  if (decision === "lock") return { lockedAt: now };
  if (decision === "unlock") return { lockedAt: null };
  return postSet(decision);
}

/** A moderator's decision on a thread. */
export async function moderateThread(
  deps: Pick<CommunityServices, "db" | "clock">,
  audit: AuditActor,
  threadId: string,
  decision: ThreadDecision,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const t = discussionThreads;
    const [before] = await tx
      .select({
        status: t.status,
        held: sql<boolean>`${t.heldAt} IS NOT NULL`,
        locked: sql<boolean>`${t.lockedAt} IS NOT NULL`,
        open_reports: t.openReports,
      })
      .from(t)
      .where(eq(t.id, threadId))
      .for("update");
    if (!before) throw new AppError("not_found", DISCUSSION_MESSAGES.threadNotFound);
    await tx
      .update(discussionThreads)
      .set({ ...threadSet(decision, now), moderatedAt: now })
      .where(eq(t.id, threadId));
    if (decision === "hide" || decision === "keep")
      await closeReports(tx, "thread", threadId, decision === "hide" ? "hidden" : "kept", now);
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
  return db.transaction(async (tx) => {
    const r = discussionReplies;
    const [before] = await tx
      .select({
        thread_id: r.threadId,
        status: r.status,
        held: sql<boolean>`${r.heldAt} IS NOT NULL`,
        open_reports: r.openReports,
      })
      .from(r)
      .where(eq(r.id, replyId))
      .for("update");
    if (!before) throw new AppError("not_found", DISCUSSION_MESSAGES.replyNotFound);
    await tx
      .update(discussionReplies)
      .set({ ...postSet(decision), moderatedAt: now })
      .where(eq(r.id, replyId));
    if (decision === "hide") {
      // A hidden answer cannot stay the accepted one.
      await tx
        .update(discussionThreads)
        .set({ acceptedReplyId: null })
        .where(eq(discussionThreads.acceptedReplyId, replyId));
    }
    if (decision === "hide" || decision === "keep")
      await closeReports(tx, "reply", replyId, decision === "hide" ? "hidden" : "kept", now);
    await recountReplies(tx, before.thread_id);
    if (decision === "keep" && before.held) {
      await tx.update(discussionThreads).set({ lastActivityAt: now }).where(eq(discussionThreads.id, before.thread_id));
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
    const moved = await tx
      .update(discussionThreads)
      .set({ toolId: intoId })
      .where(eq(discussionThreads.toolId, fromId))
      .returning({ id: discussionThreads.id });
    return { moved: moved.length };
  },
};
