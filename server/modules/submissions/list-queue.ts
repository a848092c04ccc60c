import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { resolveCategoryKeys } from "../catalog/index.ts";
import { Status } from "./moderation-shapes.ts";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "./submissions.ts";

/** Spec §9: the moderation queue shows 20 per page and pending by default. */
export const QUEUE_PAGE_SIZE = 20;

export const QueueQuery = z.object({
  status: z
    .enum([...SUBMISSION_STATUSES, "all"], {
      message: "status must be pending, approved, rejected, needs_revision or all",
    })
    .default("pending"),
  category: z.string().trim().max(80, "category is too long").optional(),
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").max(10_000).default(1),
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(100, "limit must be 100 or less")
    .default(QUEUE_PAGE_SIZE),
});
export type QueueQuery = z.output<typeof QueueQuery> & { order?: "oldest" | "newest" };

export type QueueItem = {
  id: string;
  name: string;
  description: string;
  category: string;
  category_id: number;
  provider: string | null;
  status: SubmissionStatus;
  submitted_at: string;
  url: string;
  pricing_model: string;
  tags: string[];
  logo_url: string | null;
  maker_relation: string | null;
  submitter: { id: string; name: string; email: string };
  admin_notes: string | null;
  reason: string | null;
  decided_at: string | null;
  revisions: number;
  tool_slug: string | null;
};

export type Pagination = {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasMore: boolean;
  totalItems: number;
  currentPage: number;
};

const QueueRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  category_id: z.number(),
  provider: z.string().nullable(),
  status: Status,
  submitted_at: z.string(),
  url: z.string(),
  pricing_model: z.string(),
  tags: z.array(z.string()),
  logo_url: z.string().nullable(),
  maker_relation: z.string().nullable(),
  admin_notes: z.string().nullable(),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  revisions: z.number(),
  /** not approved yet, or its tool deleted (LEFT JOIN) */
  tool_slug: z.string().nullable(),
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  total: z.number(),
});
const CountRow = z.object({ n: z.number() });

/** The moderation queue: oldest first (first come, first served), by status and category. */
export async function listQueue(
  db: Db,
  query: QueueQuery,
): Promise<{ submissions: QueueItem[]; pagination: Pagination }> {
  let categoryId: number | null = null;
  if (query.category) {
    const { ids: found } = await resolveCategoryKeys(db, [query.category]);
    // An unknown category matches nothing (rather than everything).
    categoryId = found[0] ?? -1;
  }
  const where = sql.join(
    [
      sql`TRUE`,
      query.status === "all" ? sql`` : sql`AND s.status = ${query.status}::submission_status`,
      categoryId === null ? sql`` : sql`AND s.category_id = ${categoryId}`,
    ],
    sql` `,
  );
  const rows = await queryRows(
    db,
    sql`SELECT s.id, s.name, s.description, c.name AS category, s.category_id, s.provider_name AS provider,
          s.status::text AS status, s.submitted_at, s.url, s.pricing_model::text AS pricing_model, s.tags, s.logo_url,
          s.maker_relation::text AS maker_relation, s.admin_notes, s.decision_reason AS reason, s.decided_at,
          s.revisions, t.slug AS tool_slug, u.id AS user_id, u.name AS user_name, u.email AS user_email,
          count(*) OVER ()::int AS total
        FROM tool_submissions s
        JOIN categories c ON c.id = s.category_id
        JOIN users u ON u.id = s.user_id
        LEFT JOIN tools t ON t.id = s.tool_id
        WHERE ${where}
        ORDER BY ${query.order === "newest" ? sql`s.submitted_at DESC` : sql`s.submitted_at ASC`}, s.id
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    QueueRow,
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    const [n] = await queryRows(db, sql`SELECT count(*)::int AS n FROM tool_submissions s WHERE ${where}`, CountRow);
    total = n?.n ?? 0;
  }
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    submissions: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      category: r.category,
      category_id: r.category_id,
      provider: r.provider,
      status: r.status,
      submitted_at: new Date(r.submitted_at).toISOString(),
      url: r.url,
      pricing_model: r.pricing_model,
      tags: r.tags ?? [],
      logo_url: r.logo_url,
      maker_relation: r.maker_relation,
      submitter: { id: r.user_id, name: r.user_name, email: r.user_email },
      admin_notes: r.admin_notes,
      reason: r.reason,
      decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      revisions: r.revisions,
      tool_slug: r.tool_slug,
    })),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages,
      hasMore: query.page < totalPages,
      totalItems: total,
      currentPage: query.page,
    },
  };
}
