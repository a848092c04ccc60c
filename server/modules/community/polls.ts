import { randomUUID } from "node:crypto";
import { and, desc, eq, or } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { tools } from "../catalog/tables.ts";
import type { CommunityServices } from "./services.ts";
import { polls, pollVotes } from "./tables.ts";
import { resolveToolId } from "./tool-lookup.ts";

export const POLL_LIMITS = { questionMin: 5, questionMax: 200, optionMax: 100, minOptions: 2, maxOptions: 6 } as const;

export const POLL_MESSAGES = {
  noPoll: "This tool has no poll",
  pollNotFound: "Poll not found",
  closed: "This poll is closed",
  alreadyVoted: "You have already voted in this poll",
  option: "Choose one of the poll's options",
  voteFailed: "Vote failed",
  thanks: "Thanks for voting!",
  question: `The question must be ${POLL_LIMITS.questionMin} to ${POLL_LIMITS.questionMax} characters`,
  options: `A poll has ${POLL_LIMITS.minOptions} to ${POLL_LIMITS.maxOptions} options`,
  optionLength: `Each option can be at most ${POLL_LIMITS.optionMax} characters`,
  optionsUnique: "Options must be different from each other",
  tooMany: "Too many votes from your connection. Please wait a moment and try again.",
} as const;

/** Visitors vote once per poll by this first-party cookie (a random id, HttpOnly, one year). */
export const POLL_VOTER_COOKIE = "ts_voter";
const VOTER_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function readVoterCookie(cookieHeader: string | null): string | null {
  const m = new RegExp(`(?:^|;\\s*)${POLL_VOTER_COOKIE}=([^;]+)`).exec(cookieHeader ?? "");
  const id = m?.[1] ?? null;
  return id && VOTER_ID.test(id) ? id : null;
}

export function newVoterId(): string {
  return randomUUID().replaceAll("-", "");
}

export function voterCookie(id: string, secure: boolean): string {
  return `${POLL_VOTER_COOKIE}=${id}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const PollVoteInput = z.object({
  pollId: uuidSchema(POLL_MESSAGES.pollNotFound),
  optionIndex: z.coerce
    .number({ message: POLL_MESSAGES.option })
    .int(POLL_MESSAGES.option)
    .min(0, POLL_MESSAGES.option)
    .max(POLL_LIMITS.maxOptions - 1, POLL_MESSAGES.option),
});

export const PollInput = z.object({
  question: z
    .string()
    .trim()
    .min(POLL_LIMITS.questionMin, POLL_MESSAGES.question)
    .max(POLL_LIMITS.questionMax, POLL_MESSAGES.question),
  options: z
    .array(z.string().trim().max(POLL_LIMITS.optionMax, POLL_MESSAGES.optionLength))
    .transform((list) => list.filter((o) => o.length > 0))
    .pipe(
      z
        .array(z.string())
        .min(POLL_LIMITS.minOptions, POLL_MESSAGES.options)
        .max(POLL_LIMITS.maxOptions, POLL_MESSAGES.options)
        .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, POLL_MESSAGES.optionsUnique),
    ),
});
export type PollInput = z.infer<typeof PollInput>;

export const PollStatusInput = z.object({
  status: z.enum(["active", "closed"], { message: "Choose active or closed" }),
});

/** Votes per address: one person has one vote per poll, a script behind one address gets few more. */
export const POLL_VOTE_RULE: RateRule = { max: 30, windowSec: 600 };

/** Spec §3: id, question, options, votes (counts parallel to options). */
export type Poll = {
  id: string;
  toolId: string;
  question: string;
  options: string[];
  votes: number[];
  totalVotes: number;
  status: "active" | "closed";
};

/** The question without counts: what the cached public page carries (counts are fetched live). */
export type PollQuestion = Pick<Poll, "id" | "toolId" | "question" | "options" | "status">;

// Row schemas (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
const PollRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  status: z.enum(["active", "closed"]),
});
type PollRow = z.infer<typeof PollRow>;

/** The columns of a PollRow, for typed selects. */
const pollColumns = {
  id: polls.id,
  tool_id: polls.toolId,
  question: polls.question,
  options: polls.options,
  status: polls.status,
};

function questionOf(row: PollRow): PollQuestion {
  return { id: row.id, toolId: row.tool_id, question: row.question, options: row.options, status: row.status };
}

/** Counted in the database from the vote rows (exact under concurrency: one row per voter). */
async function countsFor(db: Db, poll: PollQuestion): Promise<Poll> {
  const rows = await db
    .select({ option_index: pollVotes.optionIndex, n: sql<number>`count(*)::int` })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, poll.id))
    .groupBy(pollVotes.optionIndex);
  const votes = poll.options.map((_, i) => Number(rows.find((r) => Number(r.option_index) === i)?.n ?? 0));
  return { ...poll, votes, totalVotes: votes.reduce((a, b) => a + b, 0) };
}

/** The tool's poll: the active one, else the latest closed one (results only); null when none. */
export async function getToolPollQuestion(db: Db, toolId: string): Promise<PollQuestion | null> {
  const [row] = await db
    .select(pollColumns)
    .from(polls)
    .where(eq(polls.toolId, toolId))
    .orderBy(sql`(${polls.status} = 'active') DESC`, desc(polls.createdAt))
    .limit(1);
  return row ? questionOf(row) : null;
}

export async function getToolPoll(db: Db, toolIdOrSlug: string): Promise<Poll> {
  const toolId = await resolveToolId(db, toolIdOrSlug);
  const question = await getToolPollQuestion(db, toolId);
  if (!question) throw new AppError("not_found", POLL_MESSAGES.noPoll);
  return countsFor(db, question);
}

/**
 * A member votes by account, a visitor by a first-party cookie. A member's browser carries the cookie
 * too (`browserId`): one vote per poll per account and per browser, so voting signed out and again
 * signed in (or the other way round) on one browser counts once (issue 21).
 */
export type Voter = { userId: string; browserId?: string | null } | { visitorId: string };
const voterKey = (v: Voter) => ("userId" in v ? `user:${v.userId}` : `visitor:${v.visitorId}`);
const browserOf = (v: Voter) => ("userId" in v ? (v.browserId ?? null) : v.visitorId);

/** The option the voter chose in the tool's poll, or null (spec §7 vote-status: optionIndex). */
export async function pollVoteStatus(
  db: Db,
  toolIdOrSlug: string,
  voter: Voter | null,
  pollId?: string,
): Promise<{ pollId: string; optionIndex: number | null }> {
  const toolId = await resolveToolId(db, toolIdOrSlug);
  const question = await getToolPollQuestion(db, toolId);
  if (!question || (pollId && pollId !== question.id)) throw new AppError("not_found", POLL_MESSAGES.noPoll);
  if (!voter) return { pollId: question.id, optionIndex: null };
  const [row] = await db
    .select({ option_index: pollVotes.optionIndex })
    .from(pollVotes)
    .where(
      and(
        eq(pollVotes.pollId, question.id),
        or(eq(pollVotes.voter, voterKey(voter)), sql`${pollVotes.browserId} = ${browserOf(voter)}`),
      ),
    )
    .orderBy(sql`(${pollVotes.voter} = ${voterKey(voter)}) DESC`)
    .limit(1);
  return { pollId: question.id, optionIndex: row ? Number(row.option_index) : null };
}

/**
 * Records one vote. The primary key (poll, voter) refuses a second one, so two requests at once
 * cannot both count; the answer carries the counts as the database has them.
 */
export async function votePoll(
  deps: CommunityServices,
  toolIdOrSlug: string,
  voter: Voter,
  input: z.infer<typeof PollVoteInput>,
  clientIp: string,
): Promise<{ poll: Poll; optionIndex: number }> {
  const { db, activity, clock } = deps;
  const now = clock.now();
  const toolId = await resolveToolId(db, toolIdOrSlug);
  const [row] = await db
    .select(pollColumns)
    .from(polls)
    .where(and(eq(polls.id, input.pollId), eq(polls.toolId, toolId)));
  if (!row) throw new AppError("not_found", POLL_MESSAGES.pollNotFound);
  if (row.status !== "active") throw new AppError("conflict", POLL_MESSAGES.closed);
  if (input.optionIndex >= row.options.length) throw new AppError("bad_request", POLL_MESSAGES.option);
  const rate = await consumeRateLimit(db, `poll-vote:ip:${clientIp}`, POLL_VOTE_RULE, now);
  if (!rate.allowed) throw new AppError("rate_limited", POLL_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(pollVotes)
      .values({
        pollId: row.id,
        voter: voterKey(voter),
        userId: "userId" in voter ? voter.userId : null,
        browserId: browserOf(voter),
        optionIndex: input.optionIndex,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ poll_id: pollVotes.pollId });
    if (!inserted.length) throw new AppError("conflict", POLL_MESSAGES.alreadyVoted);
    if ("userId" in voter) {
      await activity.emit(tx, { type: "poll.voted", userId: voter.userId, pollId: row.id, toolId }, now);
    }
  });
  return { poll: await countsFor(db, questionOf(row)), optionIndex: input.optionIndex };
}

export type ActivePoll = Poll & { tool: { name: string; slug: string } };

/** Active polls of published tools with their counts, newest first (/polls). */
export async function listActivePolls(db: Db, max = 50): Promise<ActivePoll[]> {
  const rows = await db
    .select({ ...pollColumns, tool_name: tools.name, tool_slug: tools.slug })
    .from(polls)
    .innerJoin(tools, eq(tools.id, polls.toolId))
    .where(and(eq(polls.status, "active"), eq(tools.status, "active")))
    .orderBy(desc(polls.createdAt))
    .limit(max);
  const out: ActivePoll[] = [];
  for (const row of rows) {
    out.push({ ...(await countsFor(db, questionOf(row))), tool: { name: row.tool_name, slug: row.tool_slug } });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Admin: attach, close and reopen polls (audited).

export type AdminPoll = ActivePoll & { createdAt: string };

export async function listPollsForAdmin(db: Db, max = 200): Promise<AdminPoll[]> {
  const rows = await db
    .select({ ...pollColumns, tool_name: tools.name, tool_slug: tools.slug, created_at: polls.createdAt })
    .from(polls)
    .innerJoin(tools, eq(tools.id, polls.toolId))
    .orderBy(sql`(${polls.status} = 'active') DESC`, desc(polls.createdAt))
    .limit(max);
  const out: AdminPoll[] = [];
  for (const row of rows) {
    out.push({
      ...(await countsFor(db, questionOf(row))),
      tool: { name: row.tool_name, slug: row.tool_slug },
      createdAt: row.created_at.toISOString(),
    });
  }
  return out;
}

/** Attaches a new active poll to a tool; the tool's previous active poll is closed (one question at a time). */
export async function createPoll(
  deps: CommunityServices,
  actor: AuditActor,
  toolIdOrSlug: string,
  input: PollInput,
  requestId?: string | null,
): Promise<PollQuestion> {
  const { db, clock } = deps;
  const now = clock.now();
  const toolId = await resolveToolId(db, toolIdOrSlug);
  return db.transaction(async (tx) => {
    await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("update");
    const closed = await tx
      .update(polls)
      .set({ status: "closed", updatedAt: now })
      .where(and(eq(polls.toolId, toolId), eq(polls.status, "active")))
      .returning({ id: polls.id });
    const [row] = await tx
      .insert(polls)
      .values({
        toolId,
        question: input.question,
        options: input.options,
        status: "active",
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning(pollColumns);
    if (!row) throw new AppError("internal", "The poll was not saved");
    await recordAudit(tx, {
      actor,
      action: "poll.create",
      targetType: "poll",
      targetId: row.id,
      after: { toolId, question: input.question, options: input.options, closedPrevious: closed.map((c) => c.id) },
      requestId: requestId ?? null,
      at: now,
    });
    return questionOf(row);
  });
}

/** Closes or reopens a poll (reopening closes the tool's other active poll). */
export async function setPollStatus(
  deps: CommunityServices,
  actor: AuditActor,
  pollId: string,
  status: "active" | "closed",
  requestId?: string | null,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const [found] = await db
    .select({ tool_id: polls.toolId, status: polls.status })
    .from(polls)
    .where(eq(polls.id, pollId));
  if (!found) throw new AppError("not_found", POLL_MESSAGES.pollNotFound);
  if (found.status === status) return;
  await db.transaction(async (tx) => {
    await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, found.tool_id)).for("update");
    if (status === "active") {
      await tx
        .update(polls)
        .set({ status: "closed", updatedAt: now })
        .where(and(eq(polls.toolId, found.tool_id), eq(polls.status, "active")));
    }
    await tx.update(polls).set({ status, updatedAt: now }).where(eq(polls.id, pollId));
    await recordAudit(tx, {
      actor,
      action: status === "active" ? "poll.reopen" : "poll.close",
      targetType: "poll",
      targetId: pollId,
      before: { status: found.status },
      after: { status },
      requestId: requestId ?? null,
      at: now,
    });
  });
}
