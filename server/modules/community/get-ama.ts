import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { type AmaDetail, SUMMARY, SummaryRow, toSummary } from "./ama-rows.ts";
import { amaFollowers } from "./gathering-tables.ts";
import { isToolMaker } from "./tool-maker.ts";

const QuestionRow = z.object({
  id: z.string(),
  body: z.string(),
  user_id: z.string(),
  asker: z.string(),
  votes: z.number(),
  voted: z.boolean(),
  created_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});

/** One AMA with its questions (most upvoted first), as the viewer may see it; null when unknown. */
export async function getAma(
  db: Db,
  id: string,
  now: Date,
  viewer: { id: string; editor: boolean } | null,
): Promise<AmaDetail | null> {
  const [row] = await queryRows(db, sql`${SUMMARY} WHERE a.id = ${id}::uuid`, SummaryRow);
  if (!row) return null;
  const viewerId = viewer?.id ?? "";
  const questions = await queryRows(
    db,
    sql`SELECT q.id::text AS id, q.body, q.user_id, ${publicMemberName("u")} AS asker,
          (SELECT count(*)::int FROM ama_question_votes v WHERE v.question_id = q.id) AS votes,
          EXISTS (SELECT 1 FROM ama_question_votes v WHERE v.question_id = q.id AND v.user_id = ${viewerId}) AS voted,
          q.created_at, q.answer, q.answered_at
        FROM ama_questions q JOIN users u ON u.id = q.user_id
        WHERE q.ama_id = ${id}::uuid AND q.hidden_at IS NULL
        ORDER BY votes DESC, q.created_at, q.id`,
    QuestionRow,
  );
  let viewerPart: AmaDetail["viewer"] = null;
  if (viewer) {
    const [following] = await db
      .select({ ok: sql<boolean>`true` })
      .from(amaFollowers)
      .where(and(eq(amaFollowers.amaId, id), eq(amaFollowers.userId, viewer.id)))
      .limit(1);
    const canAnswer =
      viewer.editor || viewer.id === row.host_user_id || (await isToolMaker(db, viewer.id, row.tool_id));
    viewerPart = { canAnswer, following: following?.ok === true };
  }
  return {
    ...toSummary(row, now),
    description: row.description,
    viewer: viewerPart,
    questionList: questions.map((q) => ({
      id: q.id,
      body: q.body,
      askerName: q.asker,
      votes: Number(q.votes),
      createdAt: new Date(q.created_at).toISOString(),
      answer: q.answer,
      answeredAt: q.answered_at ? new Date(q.answered_at).toISOString() : null,
      mine: q.user_id === viewerId,
      voted: q.voted,
    })),
  };
}
