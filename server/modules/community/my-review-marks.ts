import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { reviewReports, reviewVotes } from "./tables.ts";

const MarkRow = z.object({ id: z.string(), kind: z.enum(["helpful", "reported"]) });

/** Which of these reviews the member marked helpful or reported (to disable the buttons). */
export async function myReviewMarks(
  db: Db,
  userId: string,
  reviewIds: string[],
): Promise<{ helpful: string[]; reported: string[] }> {
  if (!reviewIds.length) return { helpful: [], reported: [] };
  const helpful = await db
    .select({ id: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), inArray(reviewVotes.reviewId, reviewIds)));
  const reported = await db
    .select({ id: reviewReports.reviewId })
    .from(reviewReports)
    .where(and(eq(reviewReports.userId, userId), inArray(reviewReports.reviewId, reviewIds)));
  return { helpful: helpful.map((r) => r.id), reported: reported.map((r) => r.id) };
}

/**
 * The reviews of one tool the member marked helpful or reported, whichever page of reviews is shown
 * (the personal request of a shared tool page, ADR 0032, does not know which reviews are on screen).
 */
export async function myReviewMarksOnTool(
  db: Db,
  userId: string,
  toolId: string,
): Promise<{ helpful: string[]; reported: string[] }> {
  const rows = await queryRows(
    db,
    sql`SELECT v.review_id::text AS id, 'helpful' AS kind FROM review_votes v JOIN reviews r ON r.id = v.review_id
        WHERE v.user_id = ${userId} AND r.tool_id = ${toolId}::uuid
        UNION ALL
        SELECT p.review_id::text, 'reported' FROM review_reports p JOIN reviews r ON r.id = p.review_id
        WHERE p.user_id = ${userId} AND r.tool_id = ${toolId}::uuid`,
    MarkRow,
  );
  return {
    helpful: rows.filter((r) => r.kind === "helpful").map((r) => r.id),
    reported: rows.filter((r) => r.kind === "reported").map((r) => r.id),
  };
}
