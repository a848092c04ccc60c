import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from "../../platform/audit.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { passesAccountGate } from "../catalog/index.ts";
import { DISCUSSION_MESSAGES, DISCUSSION_RULES, type DiscussionBoard, type ThreadInput } from "./discussion-forms.ts";
import { discussionFollows, discussionReplies, discussionThreads } from "./discussion-tables.ts";
import { assertBoardOpen, type DiscussionReader, threadFor } from "./discussions.ts";
import type { CommunityServices } from "./services.ts";
import { resolveToolId } from "./tool-lookup.ts";

/**
 * Discussions, the writing side (issue 35 item 1, ADR 0076). Spam and abuse go through the reviews'
 * rules: the same account gate (a day old, a confirmed e-mail address: REVIEW_GATE) decides whether
 * a post is public at once or waits for a moderator, and every write is rate-limited per member with
 * its window stored (platform/rate-limit.ts).
 */
export type DiscussionActor = NonNullable<DiscussionReader>;

/** The job that e-mails a thread's followers about a new public answer. */
export const DISCUSSION_REPLY_MAIL_JOB = "discussion.reply-mail";

export const HOLD_REASON_NEW_ACCOUNT =
  "New account: under a day old or without a confirmed e-mail address (the reviews' gate)";

const GateRow = z.object({ passes: z.boolean() });

async function limit(db: Db, rule: keyof typeof DISCUSSION_RULES, userId: string, now: Date): Promise<void> {
  const result = await consumeRateLimit(db, `discussion-${rule}:user:${userId}`, DISCUSSION_RULES[rule], now);
  if (!result.allowed) {
    throw new AppError("rate_limited", DISCUSSION_MESSAGES.tooMany, { retryAfterSec: result.retryAfterSec });
  }
}

/** Whether the author's post waits for a moderator: the reviews' account gate, moderators excepted. */
async function holdReason(db: Db, actor: DiscussionActor, now: Date): Promise<string | null> {
  if (actor.moderator) return null;
  const [row] = await queryRows(
    db,
    sql`SELECT ${passesAccountGate("u", sql`${now.toISOString()}::timestamptz`)} AS passes FROM users u WHERE u.id = ${actor.id}`,
    GateRow,
  );
  return row?.passes ? null : HOLD_REASON_NEW_ACCOUNT;
}

/** Recounts a thread's public answers (exact, never incremented) after a change to its replies. */
export async function recountReplies(tx: Db, threadId: string): Promise<void> {
  const r = discussionReplies;
  const published = tx
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .where(and(eq(r.threadId, threadId), eq(r.status, "published"), isNull(r.heldAt)));
  await tx
    .update(discussionThreads)
    .set({ replyCount: sql`(${published})` })
    .where(eq(discussionThreads.id, threadId));
}

export async function enqueueReplyMail(jobs: CommunityServices["jobs"], tx: Db, replyId: string, now: Date) {
  await jobs.enqueue({ type: DISCUSSION_REPLY_MAIL_JOB, key: replyId, payload: { replyId }, runAt: now }, tx);
}

/**
 * Asks a question on a board (a tool's by slug or id). The author follows it at once. On a tool's
 * board a question from a member whose plan has the VIP community is marked priority.
 */
export async function createThread(
  deps: CommunityServices,
  actor: DiscussionActor,
  where: { board: DiscussionBoard; tool?: string | null },
  input: ThreadInput,
): Promise<{ id: string; held: boolean }> {
  const { db, clock } = deps;
  const now = clock.now();
  assertBoardOpen(where.board, actor);
  const toolId = where.board === "tool" ? await resolveToolId(db, where.tool ?? "") : null;
  await limit(db, "thread", actor.id, now);
  const held = await holdReason(db, actor, now);
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discussionThreads)
      .values({
        board: where.board,
        toolId,
        userId: actor.id,
        title: input.title,
        body: input.body,
        priority: where.board === "tool" && actor.vip,
        heldAt: held ? now : null,
        holdReason: held,
        createdAt: now,
        lastActivityAt: now,
      })
      .returning({ id: discussionThreads.id });
    if (!row) throw new AppError("internal", "The question was not saved");
    await tx
      .insert(discussionFollows)
      .values({ threadId: row.id, userId: actor.id, createdAt: now })
      .onConflictDoNothing();
    if (held) {
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: "discussion.hold",
        targetType: "discussion_thread",
        targetId: row.id,
        before: null,
        after: { heldAt: at },
        reason: held,
        at: now,
      });
    }
    return { id: row.id, held: held !== null };
  });
}

/** Answers a thread; followers hear of a public answer by e-mail (a job, after the commit). */
export async function createReply(
  deps: CommunityServices,
  actor: DiscussionActor,
  threadId: string,
  body: string,
): Promise<{ id: string; held: boolean }> {
  const { db, clock, jobs } = deps;
  const now = clock.now();
  const thread = await threadFor(db, threadId, actor);
  if (thread.status === "hidden") throw new AppError("conflict", DISCUSSION_MESSAGES.hidden);
  if (thread.locked) throw new AppError("conflict", DISCUSSION_MESSAGES.locked);
  await limit(db, "reply", actor.id, now);
  const held = await holdReason(db, actor, now);
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    // Answers to one thread queue on its row (the lock and the count stay exact).
    const [locked] = await tx
      .select({ id: discussionThreads.id })
      .from(discussionThreads)
      .where(and(eq(discussionThreads.id, threadId), isNull(discussionThreads.lockedAt)))
      .for("update");
    if (!locked) throw new AppError("conflict", DISCUSSION_MESSAGES.locked);
    const [row] = await tx
      .insert(discussionReplies)
      .values({ threadId, userId: actor.id, body, heldAt: held ? now : null, holdReason: held, createdAt: now })
      .returning({ id: discussionReplies.id });
    if (!row) throw new AppError("internal", "The answer was not saved");
    if (held) {
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: "discussion.hold",
        targetType: "discussion_reply",
        targetId: row.id,
        before: null,
        after: { threadId, heldAt: at },
        reason: held,
        at: now,
      });
    } else {
      await tx.update(discussionThreads).set({ lastActivityAt: now }).where(eq(discussionThreads.id, threadId));
      await recountReplies(tx, threadId);
      await enqueueReplyMail(jobs, tx, row.id, now);
    }
    return { id: row.id, held: held !== null };
  });
}

/**
 * Marks one public answer as accepted (or none, with `replyId` null): the person who asked, or a
 * moderator. Audited when a moderator decides for someone else.
 */
export async function acceptAnswer(
  deps: Pick<CommunityServices, "db" | "clock">,
  actor: DiscussionActor,
  threadId: string,
  replyId: string | null,
  audit?: AuditActor,
): Promise<void> {
  const { db, clock } = deps;
  const thread = await threadFor(db, threadId, actor);
  const mine = thread.user_id === actor.id;
  if (!mine && !actor.moderator) throw new AppError("forbidden", DISCUSSION_MESSAGES.acceptNotAllowed);
  if (replyId) {
    const r = discussionReplies;
    const [reply] = await db
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.id, replyId), eq(r.threadId, threadId), eq(r.status, "published"), isNull(r.heldAt)));
    if (!reply) throw new AppError("not_found", DISCUSSION_MESSAGES.replyNotFound);
  }
  await db.transaction(async (tx) => {
    await tx.update(discussionThreads).set({ acceptedReplyId: replyId }).where(eq(discussionThreads.id, threadId));
    if (!mine && audit) {
      await recordAudit(tx, {
        actor: audit,
        action: "discussion.accept",
        targetType: "discussion_thread",
        targetId: threadId,
        before: { acceptedReplyId: thread.accepted_reply_id },
        after: { acceptedReplyId: replyId },
        reason: null,
        requestId: audit.requestId ?? null,
        at: clock.now(),
      });
    }
  });
}

/** Follows or unfollows a thread the member can see (e-mails about new answers). */
export async function setFollow(
  deps: Pick<CommunityServices, "db" | "clock">,
  actor: DiscussionActor,
  threadId: string,
  follow: boolean,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await threadFor(db, threadId, actor);
  await limit(db, "follow", actor.id, now);
  if (follow) {
    await db.insert(discussionFollows).values({ threadId, userId: actor.id, createdAt: now }).onConflictDoNothing();
  } else {
    await db
      .delete(discussionFollows)
      .where(and(eq(discussionFollows.threadId, threadId), eq(discussionFollows.userId, actor.id)));
  }
}
