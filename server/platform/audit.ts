import { and, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./db/index.ts";
import { auditLog } from "./db/tables.ts";
import { orderBy, sortParams } from "./list-sort.ts";

/**
 * The audit log (ADR 0010): who changed what, before → after. Written in the same transaction as
 * the change, so a row exists iff the change does. Actions are dotted names ('user.tier_override').
 */
/**
 * Who made a change (the one actor type of audit, issue 19): a person (id) or the CLI or the system
 * (id null), and the request it came through when there was one.
 */
export type AuditActor = { id: string | null; label: string; requestId?: string | null };
/** A signed-in person acting through a request: an AuditActor whose id is a user's. */
export type Actor = AuditActor & { id: string };

export const CLI_ACTOR: AuditActor = { id: null, label: "cli" };
export const SYSTEM_ACTOR: AuditActor = { id: null, label: "system" };

export type AuditEntry = {
  actor: AuditActor;
  action: string;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  requestId?: string | null;
  /** default: the database's now(); pass services.clock.now() where time is simulated */
  at?: Date;
};

/** Records one change inside the caller's transaction. */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    ...(entry.at ? { at: entry.at } : {}),
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    requestId: entry.requestId ?? null,
  });
}

/** The columns the audit table sorts by (the URL's `sort`); anything else keeps newest first. */
export const AUDIT_SORTS = ["at", "actor", "action", "target"] as const;

export const AuditQuery = z.object({
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").max(10_000).default(1),
  limit: z.coerce.number().int("limit must be a whole number").min(1).max(100, "limit must be 100 or less").default(50),
  action: z
    .string()
    .regex(/^[a-z][a-z0-9_.]{0,63}$/, "action must be an action name such as user.tier_override")
    .optional(),
  target_type: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, "target_type must be a name such as user")
    .optional(),
  target_id: z
    .string()
    .regex(/^[\w.:-]{1,128}$/, "target_id must be an id")
    .optional(),
  /** who acted: an account id, or part of the label (an e-mail, "cli", "system") */
  actor: z.string().trim().min(1).max(200, "actor must be 200 characters or less").optional(),
  ...sortParams(AUDIT_SORTS),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export type AuditRecord = {
  id: string;
  at: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  request_id: string | null;
};

/** The action names recorded so far (the audit page's filter is a select of these). */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}

/** Newest first (or sorted by a whitelisted column), filtered by actor, action and/or target. */
export async function listAudit(
  db: Db,
  query: Partial<AuditQuery>,
): Promise<{ entries: AuditRecord[]; total: number; page: number; limit: number }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.target_type) filters.push(eq(auditLog.targetType, query.target_type));
  if (query.target_id) filters.push(eq(auditLog.targetId, query.target_id));
  if (query.actor) {
    const like = `%${query.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(eq(auditLog.actorId, query.actor), ilike(auditLog.actorLabel, like)) as SQL);
  }
  const where = filters.length ? and(...filters) : undefined;
  const columns = {
    at: sql`${auditLog.at}`,
    actor: sql`lower(${auditLog.actorLabel})`,
    action: sql`${auditLog.action}`,
    target: sql`${auditLog.targetType}, ${auditLog.targetId}`,
  };
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(orderBy(columns, query, sql`${auditLog.at} DESC, ${auditLog.id} DESC`, sql`${auditLog.id} DESC`))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor_id: r.actorId,
      actor_label: r.actorLabel,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before,
      after: r.after,
      reason: r.reason,
      request_id: r.requestId,
    })),
    total: Number(totals?.n ?? 0),
    page,
    limit,
  };
}
