import { eq } from "drizzle-orm";
import { recordAudit } from "../../platform/audit.ts";
import { sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { AMA_MESSAGES, type AmaActor, amaState } from "./ama-rows.ts";
import { amaQuestions } from "./gathering-tables.ts";
import type { CommunityServices } from "./services.ts";
import { isToolMaker } from "./tool-maker.ts";

/** The host, the tool's maker or an editor hides an abusive question (kept for the record, with an audit row). */
export async function hideAmaQuestion(deps: CommunityServices, actor: AmaActor, questionId: string): Promise<void> {
  const now = deps.clock.now();
  const ama = await amaState(
    deps.db,
    sql`a.id = (SELECT ama_id FROM ama_questions WHERE id = ${questionId}::uuid AND hidden_at IS NULL)`,
  );
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.questionNotFound);
  const allowed = actor.editor || actor.id === ama.host_user_id || (await isToolMaker(deps.db, actor.id, ama.tool_id));
  if (!allowed) throw new AppError("forbidden", AMA_MESSAGES.notAnswerer);
  await transaction(deps.db, async (tx) => {
    await tx.update(amaQuestions).set({ hiddenAt: now }).where(eq(amaQuestions.id, questionId));
    await recordAudit(tx, {
      actor,
      action: "ama.question_hide",
      targetType: "ama_question",
      targetId: questionId,
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
}
