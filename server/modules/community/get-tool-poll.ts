import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { getToolPollQuestion } from "./get-tool-poll-question.ts";
import { countsFor, POLL_MESSAGES, type Poll } from "./poll-rows.ts";
import { resolveToolId } from "./tool-lookup.ts";

export async function getToolPoll(db: Db, toolIdOrSlug: string): Promise<Poll> {
  const toolId = await resolveToolId(db, toolIdOrSlug);
  const question = await getToolPollQuestion(db, toolId);
  if (!question) throw new AppError("not_found", POLL_MESSAGES.noPoll);
  return countsFor(db, question);
}
