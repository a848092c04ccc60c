import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { users } from "../accounts/tables.ts";
import { REVIEW_COLUMNS, REVIEW_FROM, type ReviewItem, ReviewRow, ReviewStatus, toItem } from "./review-rows.ts";
import { reviewReports } from "./tables.ts";

// The moderation queue (admins): reviews with open reports, resubmitted after a hide, or held.

const ReportedReviewRow = ReviewRow.extend({
  status: ReviewStatus,
  tool_name: z.string(),
  tool_slug: z.string(),
  hold_reason: z.string().nullable(),
});

export type ReportedReview = ReviewItem & {
  tool: { name: string; slug: string };
  status: "published" | "hidden";
  reports: { reason: string; createdAt: string; reporter: string }[];
  /** why the burst or related-accounts rule held it (moderators only, ADR 0069), or null */
  holdReason: string | null;
};

/** Reviews with open reports, most reported first. */
export async function listReportedReviews(db: Db, max = 100): Promise<ReportedReview[]> {
  const rows = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS}, r.status::text AS status, t.name AS tool_name, t.slug AS tool_slug,
          CASE WHEN r.held_at IS NOT NULL THEN r.hold_reason END AS hold_reason
        FROM ${REVIEW_FROM} JOIN tools t ON t.id = r.tool_id
        WHERE (r.open_reports > 0 OR (r.status = 'hidden' AND r.resubmitted_at IS NOT NULL AND r.withdrawn_at IS NULL)
               OR (r.held_at IS NOT NULL AND r.status = 'published' AND r.withdrawn_at IS NULL))
        ORDER BY r.open_reports DESC, r.held_at DESC NULLS LAST, r.created_at DESC LIMIT ${max}`,
    ReportedReviewRow,
  );
  if (!rows.length) return [];
  const rr = reviewReports;
  const reports = await db
    .select({ review_id: rr.reviewId, reason: rr.reason, created_at: rr.createdAt, reporter: users.name })
    .from(rr)
    .innerJoin(users, eq(users.id, rr.userId))
    .where(
      and(
        isNull(rr.resolution),
        inArray(
          rr.reviewId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(rr.createdAt));
  return rows.map((row) => ({
    ...toItem(row),
    status: row.status,
    tool: { name: row.tool_name, slug: row.tool_slug },
    holdReason: row.hold_reason,
    reports: reports
      .filter((r) => r.review_id === row.id)
      .map((r) => ({ reason: r.reason, createdAt: r.created_at.toISOString(), reporter: r.reporter })),
  }));
}
