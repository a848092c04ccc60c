import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, sql } from "../../platform/db/index.ts";
import { polls, pollVotes } from "./tables.ts";

/** Polls (issue 11): one file per use case (vote-poll.ts, create-poll.ts, …) over these limits, messages, shapes and rows. */
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
export const pollColumns = {
  id: polls.id,
  tool_id: polls.toolId,
  question: polls.question,
  options: polls.options,
  status: polls.status,
};

export function questionOf(row: PollRow): PollQuestion {
  return { id: row.id, toolId: row.tool_id, question: row.question, options: row.options, status: row.status };
}

/** Counted in the database from the vote rows (exact under concurrency: one row per voter). */
export async function countsFor(db: Db, poll: PollQuestion): Promise<Poll> {
  const rows = await db
    .select({ option_index: pollVotes.optionIndex, n: sql<number>`count(*)::int` })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, poll.id))
    .groupBy(pollVotes.optionIndex);
  const votes = poll.options.map((_, i) => Number(rows.find((r) => Number(r.option_index) === i)?.n ?? 0));
  return { ...poll, votes, totalVotes: votes.reduce((a, b) => a + b, 0) };
}
