import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { REVIEW_LIMITS, type ReviewSort } from "./review-forms.ts";
import { REVIEW_COLUMNS, REVIEW_FROM, type ReviewItem, ReviewRow, toItem } from "./review-rows.ts";
import { reviews } from "./tables.ts";
import { countedReview } from "./tool-rating.ts";

const CountedReviewRow = ReviewRow.extend({ counted: z.boolean() });

export type ReviewPage = {
  /** `counted`: whether the review counts in the tool's rating yet (countedReview) */
  items: (ReviewItem & { counted: boolean })[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  sort: ReviewSort;
  /** how many counted reviews gave 1, 2, 3, 4 and 5 stars (issue 35: the spread, not only the mean) */
  distribution: [number, number, number, number, number];
};

/**
 * A tool's published reviews, newest or most helpful first, paged. Each says whether it counts in
 * the rating yet (countedReview); the ones that wait are shown, labelled, so nothing is hidden.
 */
export async function listToolReviews(
  db: Db,
  toolId: string,
  query: { sort: ReviewSort; page: number },
  now: Date,
  pageSize: number = REVIEW_LIMITS.pageSize,
): Promise<ReviewPage> {
  const order =
    query.sort === "helpful" ? sql`r.helpful_count DESC, r.created_at DESC, r.id` : sql`r.created_at DESC, r.id`;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(
      and(
        eq(reviews.toolId, toolId),
        eq(reviews.status, "published"),
        isNull(reviews.withdrawnAt),
        isNull(reviews.heldAt),
      ),
    );
  const total = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, totalPages);
  const rows = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS}, ${countedReview(now)} AS counted FROM ${REVIEW_FROM}
        WHERE r.tool_id = ${toolId}::uuid AND r.status = 'published' AND r.withdrawn_at IS NULL AND r.held_at IS NULL
        ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    CountedReviewRow,
  );
  const spread = await queryRows(
    db,
    sql`SELECT r.rating, count(*)::int AS n FROM reviews r WHERE r.tool_id = ${toolId}::uuid AND ${countedReview(now)}
        GROUP BY r.rating`,
    z.object({ rating: z.number(), n: z.number() }),
  );
  const distribution: ReviewPage["distribution"] = [0, 0, 0, 0, 0];
  for (const s of spread) distribution[Number(s.rating) - 1] = Number(s.n);
  return {
    items: rows.map((row) => ({ ...toItem(row), counted: row.counted === true })),
    total,
    page,
    pageSize,
    totalPages,
    sort: query.sort,
    distribution,
  };
}
