import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { REVIEW_COLUMNS, REVIEW_FROM, type ReviewItem, ReviewRow, toItem } from "./review-rows.ts";

const HiddenReviewRow = ReviewRow.extend({
  tool_name: z.string(),
  tool_slug: z.string(),
  moderated_at: z.string().nullable(),
});

export type HiddenReview = ReviewItem & { tool: { name: string; slug: string }; moderatedAt: string | null };

/**
 * Reviews a moderator hid that can be restored (issue 21): not withdrawn by their author — a review
 * its author deleted after it was hidden stays hidden (ADR 0029), and one written again waits in the
 * reported list instead.
 */
export async function listHiddenReviews(db: Db, max = 100): Promise<HiddenReview[]> {
  const rows = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS}, t.name AS tool_name, t.slug AS tool_slug, r.moderated_at
        FROM ${REVIEW_FROM} JOIN tools t ON t.id = r.tool_id
        WHERE r.status = 'hidden' AND r.withdrawn_at IS NULL AND r.resubmitted_at IS NULL AND r.open_reports = 0
        ORDER BY r.moderated_at DESC NULLS LAST, r.created_at DESC LIMIT ${max}`,
    HiddenReviewRow,
  );
  return rows.map((row) => ({
    ...toItem(row),
    tool: { name: row.tool_name, slug: row.tool_slug },
    moderatedAt: row.moderated_at ? new Date(row.moderated_at).toISOString() : null,
  }));
}
