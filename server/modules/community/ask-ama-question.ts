import { z } from "zod";
import { sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { textBlock } from "../../platform/text.ts";
import { limit } from "./ama-rate-limit.ts";
import { AMA_LIMITS, AMA_MESSAGES, amaState, phaseOf } from "./ama-rows.ts";
import { amaFollowers, amaQuestions } from "./gathering-tables.ts";
import type { CommunityServices } from "./services.ts";

export const AmaQuestionInput = z.object({
  body: textBlock("Question").pipe(
    z
      .string()
      .min(AMA_LIMITS.questionMin, AMA_MESSAGES.questionShort)
      .max(AMA_LIMITS.questionMax, AMA_MESSAGES.questionLong),
  ),
});

/** A member asks (before or during the AMA); the asker follows it, so the reminder reaches them. */
export async function askAmaQuestion(
  deps: CommunityServices,
  userId: string,
  amaId: string,
  input: z.infer<typeof AmaQuestionInput>,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  const ama = await amaState(deps.db, sql`a.id = ${amaId}::uuid`);
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.notFound);
  const phase = phaseOf(ama, now);
  if (phase === "cancelled") throw new AppError("conflict", AMA_MESSAGES.cancelled);
  if (phase === "ended") throw new AppError("conflict", AMA_MESSAGES.ended);
  await limit(deps.db, "ask", userId, now);
  return transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(amaQuestions)
      .values({ amaId, userId, body: input.body, createdAt: now })
      .returning({ id: amaQuestions.id });
    await tx.insert(amaFollowers).values({ amaId, userId, createdAt: now }).onConflictDoNothing();
    if (!row) throw new AppError("internal", "The question was not saved");
    return row;
  });
}
