import { and, eq, or } from "drizzle-orm";
import { type Db, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { getToolPollQuestion } from "./get-tool-poll-question.ts";
import { POLL_MESSAGES } from "./poll-rows.ts";
import { browserOf, type Voter, voterKey } from "./poll-voter.ts";
import { pollVotes } from "./tables.ts";
import { resolveToolId } from "./tool-lookup.ts";

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
