import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { countsFor, POLL_LIMITS, POLL_MESSAGES, type Poll, pollColumns, questionOf } from "./poll-rows.ts";
import { browserOf, type Voter, voterKey } from "./poll-voter.ts";
import type { CommunityServices } from "./services.ts";
import { polls, pollVotes } from "./tables.ts";
import { resolveToolId } from "./tool-lookup.ts";

export const PollVoteInput = z.object({
  pollId: uuidSchema(POLL_MESSAGES.pollNotFound),
  optionIndex: z.coerce
    .number({ message: POLL_MESSAGES.option })
    .int(POLL_MESSAGES.option)
    .min(0, POLL_MESSAGES.option)
    .max(POLL_LIMITS.maxOptions - 1, POLL_MESSAGES.option),
});

/** Votes per address: one person has one vote per poll, a script behind one address gets few more. */
export const POLL_VOTE_RULE: RateRule = { max: 30, windowSec: 600 };

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
