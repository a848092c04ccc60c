import { eq } from "drizzle-orm";
import { z } from "zod";
import { sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { textBlock } from "../../platform/text.ts";
import { limit } from "./ama-rate-limit.ts";
import { AMA_LIMITS, AMA_MESSAGES, type AmaActor, AmaQuestionId, amaState, phaseOf } from "./ama-rows.ts";
import { amaQuestions } from "./gathering-tables.ts";
import type { CommunityServices } from "./services.ts";
import { isToolMaker } from "./tool-maker.ts";

export const AmaAnswerInput = z.object({
  questionId: AmaQuestionId,
  answer: textBlock("Answer").pipe(
    z.string().min(AMA_LIMITS.answerMin, AMA_MESSAGES.answerShort).max(AMA_LIMITS.answerMax, AMA_MESSAGES.answerLong),
  ),
});

/** The host, the tool's verified maker or an editor answers (or edits the answer), from the start on. */
export async function answerAmaQuestion(
  deps: CommunityServices,
  actor: AmaActor,
  input: z.infer<typeof AmaAnswerInput>,
): Promise<void> {
  const now = deps.clock.now();
  const ama = await amaState(
    deps.db,
    sql`a.id = (SELECT ama_id FROM ama_questions WHERE id = ${input.questionId}::uuid AND hidden_at IS NULL)`,
  );
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.questionNotFound);
  const allowed = actor.editor || actor.id === ama.host_user_id || (await isToolMaker(deps.db, actor.id, ama.tool_id));
  if (!allowed) throw new AppError("forbidden", AMA_MESSAGES.notAnswerer);
  const phase = phaseOf(ama, now);
  if (phase === "cancelled") throw new AppError("conflict", AMA_MESSAGES.cancelled);
  if (phase === "upcoming") throw new AppError("conflict", AMA_MESSAGES.notStarted);
  await limit(deps.db, "answer", actor.id, now);
  const { db } = deps;
  await db
    .update(amaQuestions)
    .set({
      answer: input.answer,
      answeredBy: actor.id,
      answeredAt: sql`coalesce(${amaQuestions.answeredAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(amaQuestions.id, input.questionId));
}
