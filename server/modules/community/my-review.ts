import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { REVIEW_COLUMNS, REVIEW_FROM, type ReviewItem, ReviewRow, ReviewStatus, toItem } from "./review-rows.ts";
import { countedReview } from "./tool-rating.ts";

const OwnReviewRow = ReviewRow.extend({ status: ReviewStatus, counted: z.boolean(), held: z.boolean() });

/** The member's own review of a tool (published or hidden: they may still edit or delete it); `counted` as of `now`. */
export async function getMyReview(
  db: Db,
  userId: string,
  toolId: string,
  now: Date,
): Promise<(ReviewItem & { hidden: boolean; counted: boolean; held: boolean }) | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS}, r.status::text AS status, ${countedReview(now)} AS counted,
          r.held_at IS NOT NULL AS held FROM ${REVIEW_FROM}
        WHERE r.tool_id = ${toolId}::uuid AND r.user_id = ${userId} AND r.withdrawn_at IS NULL`,
    OwnReviewRow,
  );
  return row
    ? { ...toItem(row), hidden: row.status === "hidden", counted: row.counted === true, held: row.held === true }
    : null;
}
