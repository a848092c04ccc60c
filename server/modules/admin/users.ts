import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { type Actor, type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { orderBy, sortParams } from "../../platform/list-sort.ts";
import { cleanLine, controlCharacterIn } from "../../platform/text.ts";
import { type AccountSummary, ROLES, type Role, TIERS, type Tier, updateAccount } from "../accounts/index.ts";
import { sessions, userProfiles, users } from "../accounts/tables.ts";
import { refreshTier } from "../billing/index.ts";

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

const UserIdField = z.string().regex(/^[\w-]{1,64}$/, "Unknown user");
/** The Users tab's forms. */
export const UserChangeForm = z.object({
  userId: UserIdField,
  tier: z.enum(TIERS, { message: "tier must be free, standard or expert" }),
  role: z.enum(ROLES, { message: "role must be member or admin" }),
});
export const UserTargetForm = z.object({ userId: UserIdField });

/** Who acts, for the guards and the audit row. */

const auditActor = (a: Actor): AuditActor => ({ id: a.id, label: a.label });

export const SELF_DEMOTE = "You cannot remove your own administrator role. Ask another administrator.";
export const SELF_SUSPEND = "You cannot suspend your own account.";
export const SUSPEND_ADMIN = "Remove the administrator role before suspending this account.";
export const PROMOTE_SUSPENDED = "Reactivate this account before making it an administrator.";

/**
 * Tier and/or role, by an operator (the admin API and the Users tab). The tier is an operator
 * override (billing derives tiers from subscriptions; this stays the manual lever). Not on oneself
 * for the role: an admin cannot lock themselves out by accident.
 */
export async function changeUser(
  db: Db,
  actor: Actor,
  userId: string,
  change: { tier?: Tier; role?: Role },
  now: Date,
  reason?: string,
): Promise<AccountSummary> {
  if (userId === actor.id && change.role && change.role !== "admin") throw new AppError("bad_request", SELF_DEMOTE);
  return transaction(db, async (tx) => {
    // No profile row yet: no tier (LEFT JOIN).
    const [current] = await tx
      .select({ tier: userProfiles.tier, suspendedAt: users.suspendedAt })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(users.id, userId));
    if (current?.suspendedAt && change.role === "admin") throw new AppError("bad_request", PROMOTE_SUSPENDED);
    // The Users form always sends the tier it shows: the same tier again is no change, not an
    // override (which would outlast the member's paid plan).
    const wanted = change.tier !== undefined && change.tier !== current?.tier ? { ...change } : { role: change.role };
    const account = await updateAccount(tx, userId, wanted, {
      actor: auditActor(actor),
      requestId: actor.requestId ?? undefined,
      reason,
    });
    // The operator's tier is an override; the tier the app reads is derived from it, any paid plan and
    // grants — in the same transaction, so a failure leaves neither half.
    if (wanted.tier) account.tier = await refreshTier(tx, userId, now);
    return account;
  });
}

export const SuspendInput = z.object({
  reason: z
    .string({ message: "Please give a reason for the suspension" })
    .trim()
    .min(1, "Please give a reason for the suspension")
    .max(500, "The reason must be 500 characters or fewer")
    .refine((v) => !controlCharacterIn(v), { message: "The reason cannot contain control characters" })
    .transform((v) => cleanLine(v)),
});

type SuspensionState = { suspendedAt: Date | null; suspendedReason: string | null; role: Role };

async function lockUser(tx: Db, userId: string): Promise<SuspensionState> {
  const [row] = await tx
    .select({ suspendedAt: users.suspendedAt, suspendedReason: users.suspendedReason, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!row) throw new AppError("not_found", "User not found");
  return row;
}

/**
 * Suspends a member: they cannot sign in (auth's session hook) and every session ends now (rows
 * deleted in the same transaction). Suspending a suspended member changes nothing.
 */
export async function suspendUser(
  db: Db,
  actor: Actor,
  userId: string,
  reason: string,
): Promise<{ changed: boolean; sessionsEnded: number }> {
  if (userId === actor.id) throw new AppError("bad_request", SELF_SUSPEND);
  return transaction(db, async (tx) => {
    const before = await lockUser(tx, userId);
    if (before.suspendedAt) return { changed: false, sessionsEnded: 0 };
    if (before.role === "admin") throw new AppError("bad_request", SUSPEND_ADMIN);
    await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, suspendedReason: reason, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: "user.suspend",
      targetType: "user",
      targetId: userId,
      before: { suspended: false },
      after: { suspended: true, sessionsEnded: ended.length },
      reason,
      requestId: actor.requestId ?? null,
    });
    return { changed: true, sessionsEnded: ended.length };
  });
}

export async function reactivateUser(db: Db, actor: Actor, userId: string): Promise<{ changed: boolean }> {
  return transaction(db, async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before.suspendedAt) return { changed: false };
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: "user.reactivate",
      targetType: "user",
      targetId: userId,
      before: { suspended: true, reason: before.suspendedReason },
      after: { suspended: false },
      requestId: actor.requestId ?? null,
    });
    return { changed: true };
  });
}
