import { and, eq, isNull } from "drizzle-orm";
import { sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { limit } from "./ama-rate-limit.ts";
import { AMA_MESSAGES, amaState, phaseOf } from "./ama-rows.ts";
import { amaQuestions, amaQuestionVotes } from "./gathering-tables.ts";
import type { CommunityServices } from "./services.ts";

/** One upvote per member and question (again: no change); never one's own question. */
export async function upvoteAmaQuestion(
  deps: CommunityServices,
  userId: string,
  questionId: string,
): Promise<{ votes: number; added: boolean }> {
  const now = deps.clock.now();
  const [q] = await deps.db
    .select({ user_id: amaQuestions.userId, id: amaQuestions.amaId })
    .from(amaQuestions)
    .where(and(eq(amaQuestions.id, questionId), isNull(amaQuestions.hiddenAt)));
  if (!q) throw new AppError("not_found", AMA_MESSAGES.questionNotFound);
  const ama = await amaState(deps.db, sql`a.id = ${q.id}::uuid`);
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.notFound);
  const phase = phaseOf(ama, now);
  if (phase === "cancelled") throw new AppError("conflict", AMA_MESSAGES.cancelled);
  if (phase === "ended") throw new AppError("conflict", AMA_MESSAGES.ended);
  if (q.user_id === userId) throw new AppError("forbidden", AMA_MESSAGES.ownQuestion);
  await limit(deps.db, "vote", userId, now);
  const { db } = deps;
  const added = await db
    .insert(amaQuestionVotes)
    .values({ questionId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: amaQuestionVotes.userId });
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(amaQuestionVotes)
    .where(eq(amaQuestionVotes.questionId, questionId));
  return { votes: Number(count?.n ?? 0), added: added.length > 0 };
}
