import type { SQL } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { orderBy, sortParams } from "../../platform/list-sort.ts";
import { cleanLine } from "../../platform/text.ts";
import { ROLES, type Role, TIERS, type Tier } from "../accounts/index.ts";

/** Operators' view of members: search, tier and role changes, suspension. Every change is audited. */

export const USERS_PAGE_SIZE = 25;
export const USER_STATUSES = ["active", "suspended"] as const;

/** The columns the users table sorts by (the URL's `sort`); anything else keeps newest first. */
export const USER_SORTS = ["name", "email", "tier", "role", "joined", "status"] as const;
const USER_SORT_SQL: Record<(typeof USER_SORTS)[number], SQL> = {
  name: sql`lower(u.name)`,
  email: sql`lower(u.email)`,
  tier: sql`COALESCE(p.tier, 'free')::text`,
  role: sql`u.role::text`,
  joined: sql`u.created_at`,
  status: sql`(u.suspended_at IS NOT NULL)`,
};

export const UserListQuery = z.object({
  q: z.string().max(200, "search must be 200 characters or fewer").optional().default(""),
  tier: z.enum(TIERS, { message: "tier must be free, standard or expert" }).optional(),
  role: z.enum(ROLES, { message: "role must be member or admin" }).optional(),
  status: z.enum(USER_STATUSES, { message: "status must be active or suspended" }).optional(),
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").max(10_000).default(1),
  ...sortParams(USER_SORTS),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  tier: Tier;
  role: Role;
  createdAt: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
};

const UserListRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  tier: z.enum(TIERS),
  role: z.enum(ROLES),
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  total: z.number(),
});
const CountRow = z.object({ n: z.number() });

/** `%` and `_` are literal in a member's search. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(
  db: Db,
  query: Partial<UserListQuery>,
): Promise<{ users: AdminUserRow[]; total: number; page: number; pageSize: number }> {
  const page = query.page ?? 1;
  const q = cleanLine(query.q ?? "").trim();
  const conds: SQL[] = [sql`true`];
  if (q) conds.push(sql`(u.name ILIKE ${likePattern(q)} OR u.email ILIKE ${likePattern(q)})`);
  if (query.tier) conds.push(sql`COALESCE(p.tier, 'free') = ${query.tier}`);
  if (query.role) conds.push(sql`u.role = ${query.role}`);
  if (query.status === "suspended") conds.push(sql`u.suspended_at IS NOT NULL`);
  if (query.status === "active") conds.push(sql`u.suspended_at IS NULL`);
  const where = sql.join(conds, sql` AND `);
  const rows = await queryRows(
    db,
    sql`SELECT u.id, u.name, u.email, COALESCE(p.tier, 'free')::text AS tier, u.role::text AS role, u.created_at,
               u.suspended_at, u.suspended_reason, count(*) OVER ()::int AS total
        FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id
        WHERE ${where}
        ORDER BY ${orderBy(USER_SORT_SQL, query, sql`u.created_at DESC, u.id`, sql`u.id`)}
        LIMIT ${USERS_PAGE_SIZE} OFFSET ${(page - 1) * USERS_PAGE_SIZE}`,
    UserListRow,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [c] = await queryRows(
      db,
      sql`SELECT count(*)::int AS n FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id WHERE ${where}`,
      CountRow,
    );
    total = c?.n ?? 0;
  }
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      tier: r.tier,
      role: r.role,
      createdAt: new Date(r.created_at).toISOString(),
      suspendedAt: r.suspended_at ? new Date(r.suspended_at).toISOString() : null,
      suspendedReason: r.suspended_reason,
    })),
    total,
    page,
    pageSize: USERS_PAGE_SIZE,
  };
}
