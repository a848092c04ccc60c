import { desc, eq } from "drizzle-orm";
import { type Db, sql } from "../../platform/db/index.ts";
import { type PollQuestion, pollColumns, questionOf } from "./poll-rows.ts";
import { polls } from "./tables.ts";

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
