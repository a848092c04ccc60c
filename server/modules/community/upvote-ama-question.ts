import { z } from "zod";
import { queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { limit } from "./ama-rate-limit.ts";
import { AMA_MESSAGES, amaState, phaseOf } from "./ama-rows.ts";
import type { CommunityServices } from "./services.ts";

const IdRow = z.object({ id: z.string() });

const CountRow = z.object({ n: z.number() });

/** One upvote per member and question (again: no change); never one's own question. */
export async function upvoteAmaQuestion(
  deps: CommunityServices,
  userId: string,
  questionId: string,
): Promise<{ votes: number; added: boolean }> {
  const now = deps.clock.now();
  const [q] = await queryRows(
    deps.db,
    sql`SELECT q.user_id, q.ama_id::text AS id FROM ama_questions q WHERE q.id = ${questionId}::uuid AND q.hidden_at IS NULL`,
    z.object({ user_id: z.string(), id: z.string() }),
  );
  if (!q) throw new AppError("not_found", AMA_MESSAGES.questionNotFound);
  const ama = await amaState(deps.db, sql`a.id = ${q.id}::uuid`);
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.notFound);
  const phase = phaseOf(ama, now);
  if (phase === "cancelled") throw new AppError("conflict", AMA_MESSAGES.cancelled);
  if (phase === "ended") throw new AppError("conflict", AMA_MESSAGES.ended);
  if (q.user_id === userId) throw new AppError("forbidden", AMA_MESSAGES.ownQuestion);
  await limit(deps.db, "vote", userId, now);
  const added = await queryRows(
    deps.db,
    sql`INSERT INTO ama_question_votes (question_id, user_id, created_at)
        VALUES (${questionId}::uuid, ${userId}, ${now.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING user_id AS id`,
    IdRow,
  );
  const [count] = await queryRows(
    deps.db,
    sql`SELECT count(*)::int AS n FROM ama_question_votes WHERE question_id = ${questionId}::uuid`,
    CountRow,
  );
  return { votes: Number(count?.n ?? 0), added: added.length > 0 };
}
