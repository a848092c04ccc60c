import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { orderBy, sortParams } from "../../platform/list-sort.ts";
import { controlCharacterIn } from "../../platform/text.ts";
import { TOOL_STATUSES, TOOL_TIERS, type ToolStatus, type ToolTier } from "./admin-tool-shapes.ts";
import { resolveCategoryKeys } from "./categories.ts";

const ADMIN_PAGE_SIZE = 20;

/** Form fields arrive as "" when left empty: treat that as not given. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The columns the admin table sorts by (the URL's `sort`); anything else keeps the default order. */
const ADMIN_TOOL_SORTS = ["name", "category", "status", "featured", "tier", "rating", "created"] as const;
const TOOL_SORT_SQL: Record<(typeof ADMIN_TOOL_SORTS)[number], SQL> = {
  name: sql`lower(t.name)`,
  category: sql`lower(c.name)`,
  status: sql`t.status::text`,
  featured: sql`t.is_featured`,
  tier: sql`t.tier::text`,
  rating: sql`t.rating`,
  created: sql`t.created_at`,
};

export const AdminToolQuery = z.object({
  search: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(200, "search must be 200 characters or less")
      .refine((v) => !controlCharacterIn(v), "search must not contain control characters")
      .optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum([...TOOL_STATUSES, "all"], { message: `status must be one of ${TOOL_STATUSES.join(", ")} or all` })
      .optional(),
  ),
  category: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(80, "category must be 80 characters or less")
      .refine((v) => !controlCharacterIn(v), "category must not contain control characters")
      .optional(),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").max(10_000).default(1),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int("limit must be a whole number")
      .min(1, "limit must be 1 or more")
      .max(100, "limit must be 100 or less")
      .default(ADMIN_PAGE_SIZE),
  ),
  ...sortParams(ADMIN_TOOL_SORTS),
});
export type AdminToolQuery = z.infer<typeof AdminToolQuery>;

/** A row of the admin table (spec §3 "Admin tool", plus what the table shows). */
export type AdminToolRow = {
  id: string;
  slug: string;
  name: string;
  category: string;
  category_id: number;
  provider: string | null;
  status: ToolStatus;
  is_featured: boolean;
  tier: ToolTier;
  one_line_description: string;
  website_url: string;
  rating: number;
  review_count: number;
  created_at: string;
  updated_at: string;
};

/** Filters shared by the table and the CSV export. */
export async function adminToolFilters(
  db: Db,
  query: Pick<AdminToolQuery, "search" | "status" | "category">,
): Promise<SQL> {
  const conditions: SQL[] = [sql`true`];
  if (query.status && query.status !== "all") conditions.push(sql`t.status = ${query.status}`);
  if (query.category) {
    const { ids } = await resolveCategoryKeys(db, [query.category]);
    // An unknown category matches nothing (not everything).
    conditions.push(ids.length ? sql`t.category_id = ${ids[0]}` : sql`false`);
  }
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(t.name ILIKE ${like} OR t.slug ILIKE ${like} OR t.website_url ILIKE ${like} OR p.name ILIKE ${like})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

const ADMIN_FROM = sql.raw(
  "tools t JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id",
);

/** AdminToolRow as the driver gives it: timestamps as the server's text, reformatted as ISO by iso(). */
const AdminRowDb = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  category_id: z.number(),
  provider: z.string().nullable(),
  status: z.enum(TOOL_STATUSES),
  is_featured: z.boolean(),
  tier: z.enum(TOOL_TIERS),
  one_line_description: z.string(),
  website_url: z.string(),
  rating: z.number(),
  review_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
const CountRow = z.object({ n: z.number() });
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The admin table: every status, newest first, paged. */
export async function listAdminTools(
  db: Db,
  query: AdminToolQuery,
): Promise<{
  tools: AdminToolRow[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasMore: boolean };
}> {
  const where = await adminToolFilters(db, query);
  const [rows, [count]] = await Promise.all([
    queryRows(
      db,
      sql`SELECT t.id, t.slug, t.name, c.name AS category, t.category_id, p.name AS provider, t.status,
            t.is_featured, t.tier, t.description AS one_line_description, t.website_url, t.rating,
            t.review_count, t.created_at, t.updated_at
          FROM ${ADMIN_FROM} WHERE ${where}
          ORDER BY ${orderBy(TOOL_SORT_SQL, query, sql`t.created_at DESC, lower(t.name), t.id`, sql`t.id`)}
          LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
      AdminRowDb,
    ),
    queryRows(db, sql`SELECT count(*)::int AS n FROM ${ADMIN_FROM} WHERE ${where}`, CountRow),
  ]);
  const total = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    tools: rows.map((r) => ({
      ...r,
      rating: Number(r.rating),
      review_count: Number(r.review_count),
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    })),
    pagination: { page: query.page, limit: query.limit, total, totalPages, hasMore: query.page < totalPages },
  };
}
