import { and, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, type AuditRecord, listAudit, recordAudit } from "../../platform/audit.ts";
import type { Clock } from "../../platform/clock.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { cleanLine, controlCharacterIn } from "../../platform/text.ts";
import type { Role, Tier } from "../accounts/index.ts";
import { sessions as sessionsTable, userProfiles, users } from "../accounts/tables.ts";
import { type MemberPayment, memberPayments, type TierSource, tierSources } from "../billing/index.ts";
import { tools } from "../catalog/tables.ts";
import { corrections as correctionsTable, reviews as reviewsTable } from "../community/tables.ts";
import { supportTickets } from "../content/support-tables.ts";
import { affiliates } from "../growth/tables.ts";
import { toolSubmissions } from "../submissions/tables.ts";
import { type UserStats, userStats } from "./user-stats.ts";

/**
 * The page of one person (issue 21): who they are, their tier and why, their money, what they wrote
 * and sent, their sessions and what operators did about them. Read-only; the changes are the Users
 * tab's (tier, role, suspension), billing's refund and `revokeSessions` below, each audited.
 */
export type UserDetail = {
  profile: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    role: Role;
    username: string | null;
    createdAt: string;
    suspendedAt: string | null;
    suspendedReason: string | null;
  };
  tier: { effective: Tier; stored: Tier; sources: TierSource[] };
  payments: MemberPayment[];
  money: { paidCents: number; refundedCents: number };
  submissions: { id: string; name: string; status: string; submittedAt: string; decidedAt: string | null }[];
  reviews: {
    id: string;
    tool: { name: string; slug: string };
    rating: number;
    status: string;
    withdrawn: boolean;
    createdAt: string;
  }[];
  corrections: { id: string; tool: { name: string; slug: string }; field: string; status: string; createdAt: string }[];
  tickets: { id: string; number: number; subject: string; status: string; createdAt: string }[];
  stats: UserStats | null;
  sessions: { id: string; createdAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
  audit: AuditRecord[];
  affiliate: { id: string; code: string; status: string } | null;
};

const iso = (v: Date) => v.toISOString();
const isoOrNull = (v: Date | null) => (v ? iso(v) : null);

export const UserIdParam = z.string().regex(/^[\w-]{1,64}$/, "User not found");

export async function userDetail(db: Db, clock: Clock, userId: string): Promise<UserDetail | null> {
  if (!UserIdParam.safeParse(userId).success) return null;
  // No profile row yet: no tier (LEFT JOIN).
  const [u] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      username: users.username,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
      tier: userProfiles.tier,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!u) return null;
  const now = clock.now();
  const [tier, payments, submissions, reviews, corrections, tickets, stats, sessions, audit, affiliate] =
    await Promise.all([
      tierSources(db, userId, now),
      memberPayments(db, userId),
      db
        .select({
          id: toolSubmissions.id,
          name: toolSubmissions.name,
          status: toolSubmissions.status,
          submittedAt: toolSubmissions.submittedAt,
          decidedAt: toolSubmissions.decidedAt,
        })
        .from(toolSubmissions)
        .where(eq(toolSubmissions.userId, userId))
        .orderBy(desc(toolSubmissions.submittedAt))
        .limit(50),
      db
        .select({
          id: reviewsTable.id,
          name: tools.name,
          slug: tools.slug,
          rating: reviewsTable.rating,
          status: reviewsTable.status,
          withdrawnAt: reviewsTable.withdrawnAt,
          createdAt: reviewsTable.createdAt,
        })
        .from(reviewsTable)
        .innerJoin(tools, eq(tools.id, reviewsTable.toolId))
        .where(eq(reviewsTable.userId, userId))
        .orderBy(desc(reviewsTable.createdAt))
        .limit(50),
      db
        .select({
          id: correctionsTable.id,
          name: tools.name,
          slug: tools.slug,
          field: correctionsTable.field,
          status: correctionsTable.status,
          createdAt: correctionsTable.createdAt,
        })
        .from(correctionsTable)
        .innerJoin(tools, eq(tools.id, correctionsTable.toolId))
        .where(eq(correctionsTable.userId, userId))
        .orderBy(desc(correctionsTable.createdAt))
        .limit(50),
      db
        .select({
          id: supportTickets.id,
          number: supportTickets.number,
          subject: supportTickets.subject,
          status: supportTickets.status,
          createdAt: supportTickets.createdAt,
        })
        .from(supportTickets)
        .where(eq(supportTickets.userId, userId))
        .orderBy(desc(supportTickets.createdAt))
        .limit(50),
      userStats(db, clock, userId),
      db
        .select({
          id: sessionsTable.id,
          createdAt: sessionsTable.createdAt,
          expiresAt: sessionsTable.expiresAt,
          ipAddress: sessionsTable.ipAddress,
          userAgent: sessionsTable.userAgent,
        })
        .from(sessionsTable)
        .where(and(eq(sessionsTable.userId, userId), gt(sessionsTable.expiresAt, now)))
        .orderBy(desc(sessionsTable.createdAt))
        .limit(50),
      listAudit(db, { target_type: "user", target_id: userId, limit: 50 }),
      db
        .select({ id: affiliates.id, code: affiliates.code, status: affiliates.status })
        .from(affiliates)
        .where(eq(affiliates.userId, userId)),
    ]);
  return {
    profile: {
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      role: u.role,
      username: u.username,
      createdAt: iso(u.createdAt),
      suspendedAt: isoOrNull(u.suspendedAt),
      suspendedReason: u.suspendedReason,
    },
    tier: { effective: tier.tier, stored: u.tier ?? "free", sources: tier.sources },
    payments,
    money: {
      paidCents: payments.reduce((s, p) => s + p.amountCents, 0),
      refundedCents: payments.filter((p) => p.status === "refunded").reduce((s, p) => s + p.amountCents, 0),
    },
    submissions: submissions.map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      submittedAt: iso(s.submittedAt),
      decidedAt: isoOrNull(s.decidedAt),
    })),
    reviews: reviews.map((r) => ({
      id: r.id,
      tool: { name: r.name, slug: r.slug },
      rating: Number(r.rating),
      status: r.status,
      withdrawn: r.withdrawnAt !== null,
      createdAt: iso(r.createdAt),
    })),
    corrections: corrections.map((c) => ({
      id: c.id,
      tool: { name: c.name, slug: c.slug },
      field: c.field,
      status: c.status,
      createdAt: iso(c.createdAt),
    })),
    tickets: tickets.map((t) => ({
      id: t.id,
      number: Number(t.number),
      subject: t.subject,
      status: t.status,
      createdAt: iso(t.createdAt),
    })),
    stats,
    // Never the session token: the id is enough to tell sessions apart.
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    audit: audit.entries,
    affiliate: affiliate[0] ?? null,
  };
}

export const RefundReason = z
  .string({ message: "Give a reason for the refund" })
  .trim()
  .min(1, "Give a reason for the refund")
  .max(500, "The reason must be 500 characters or fewer")
  .refine((v) => !controlCharacterIn(v), { message: "The reason cannot contain control characters" })
  .transform((v) => cleanLine(v));

/** Ends every session of a member now (they sign in again); audited in the same transaction. */
export async function revokeSessions(
  db: Db,
  actor: AuditActor & { requestId?: string | null },
  userId: string,
): Promise<{ ended: number }> {
  if (actor.id === userId) throw new AppError("bad_request", "End your own sessions by signing out.");
  return transaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new AppError("not_found", "User not found");
    const ended = await tx
      .delete(sessionsTable)
      .where(eq(sessionsTable.userId, userId))
      .returning({ id: sessionsTable.id });
    await recordAudit(tx, {
      actor: { id: actor.id, label: actor.label },
      action: "user.sessions_revoke",
      targetType: "user",
      targetId: userId,
      before: { sessions: ended.length },
      after: { sessions: 0 },
      requestId: actor.requestId ?? null,
    });
    return { ended: ended.length };
  });
}
