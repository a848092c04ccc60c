import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { REVIEW_COLUMNS, REVIEW_FROM, type ReviewItem, ReviewRow, ReviewStatus, toItem } from "./review-rows.ts";

// The moderation queue (admins): reviews with open reports, resubmitted after a hide, or held.

const ReportedReviewRow = ReviewRow.extend({
  status: ReviewStatus,
  tool_name: z.string(),
  tool_slug: z.string(),
  hold_reason: z.string().nullable(),
});
const ReportRow = z.object({ review_id: z.string(), reason: z.string(), created_at: z.string(), reporter: z.string() });

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
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const reports = await queryRows(
    db,
    sql`SELECT rr.review_id::text AS review_id, rr.reason, rr.created_at, u.name AS reporter
        FROM review_reports rr JOIN users u ON u.id = rr.user_id
        WHERE rr.resolution IS NULL AND rr.review_id IN (${ids}) ORDER BY rr.created_at`,
    ReportRow,
  );
  return rows.map((row) => ({
    ...toItem(row),
    status: row.status,
    tool: { name: row.tool_name, slug: row.tool_slug },
    holdReason: row.hold_reason,
    reports: reports
      .filter((r) => r.review_id === row.id)
      .map((r) => ({ reason: r.reason, createdAt: new Date(r.created_at).toISOString(), reporter: r.reporter })),
  }));
}
