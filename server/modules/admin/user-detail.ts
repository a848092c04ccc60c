import { z } from "zod";
import { type AuditActor, type AuditRecord, listAudit, recordAudit } from "../../platform/audit.ts";
import type { Clock } from "../../platform/clock.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { cleanLine, controlCharacterIn } from "../../platform/text.ts";
import { ROLES, type Role, TIERS, type Tier } from "../accounts/index.ts";
import { type MemberPayment, memberPayments, type TierSource, tierSources } from "../billing/index.ts";
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

const iso = (v: string) => new Date(v).toISOString();
const isoOrNull = (v: string | null) => (v ? iso(v) : null);

const ProfileRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  role: z.enum(ROLES),
  username: z.string().nullable(),
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  /** no profile row yet (LEFT JOIN) */
  tier: z.enum(TIERS).nullable(),
});
const SubmissionRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
});
const ReviewRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  rating: z.number(),
  status: z.string(),
  withdrawn_at: z.string().nullable(),
  created_at: z.string(),
});
const CorrectionRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  field: z.string(),
  status: z.string(),
  created_at: z.string(),
});
const TicketRow = z.object({
  id: z.string(),
  number: z.number(),
  subject: z.string(),
  status: z.string(),
  created_at: z.string(),
});
const SessionRow = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
const AffiliateRow = z.object({ id: z.string(), code: z.string(), status: z.string() });
const IdRow = z.object({ id: z.string() });

export const UserIdParam = z.string().regex(/^[\w-]{1,64}$/, "User not found");

export async function userDetail(db: Db, clock: Clock, userId: string): Promise<UserDetail | null> {
  if (!UserIdParam.safeParse(userId).success) return null;
  const [u] = await queryRows(
    db,
    sql`SELECT u.id, u.name, u.email, u.email_verified, u.role::text AS role, u.username, u.created_at,
               u.suspended_at, u.suspended_reason, p.tier::text AS tier
          FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
    ProfileRow,
  );
  if (!u) return null;
  const now = clock.now();
  const [tier, payments, submissions, reviews, corrections, tickets, stats, sessions, audit, affiliate] =
    await Promise.all([
      tierSources(db, userId, now),
      memberPayments(db, userId),
      queryRows(
        db,
        sql`SELECT id, name, status::text AS status, submitted_at, decided_at FROM tool_submissions
             WHERE user_id = ${userId} ORDER BY submitted_at DESC LIMIT 50`,
        SubmissionRow,
      ),
      queryRows(
        db,
        sql`SELECT r.id::text AS id, t.name, t.slug, r.rating, r.status::text AS status, r.withdrawn_at, r.created_at
              FROM reviews r JOIN tools t ON t.id = r.tool_id WHERE r.user_id = ${userId}
             ORDER BY r.created_at DESC LIMIT 50`,
        ReviewRow,
      ),
      queryRows(
        db,
        sql`SELECT c.id::text AS id, t.name, t.slug, c.field, c.status, c.created_at
              FROM corrections c JOIN tools t ON t.id = c.tool_id WHERE c.user_id = ${userId}
             ORDER BY c.created_at DESC LIMIT 50`,
        CorrectionRow,
      ),
      queryRows(
        db,
        sql`SELECT id::text AS id, number, subject, status::text AS status, created_at FROM support_tickets
             WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 50`,
        TicketRow,
      ),
      userStats(db, clock, userId),
      queryRows(
        db,
        sql`SELECT id, created_at, expires_at, ip_address, user_agent FROM sessions
             WHERE user_id = ${userId} AND expires_at > ${now.toISOString()}::timestamptz
             ORDER BY created_at DESC LIMIT 50`,
        SessionRow,
      ),
      listAudit(db, { target_type: "user", target_id: userId, limit: 50 }),
      queryRows(
        db,
        sql`SELECT id::text AS id, code, status::text AS status FROM affiliates WHERE user_id = ${userId}`,
        AffiliateRow,
      ),
    ]);
  return {
    profile: {
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.email_verified,
      role: u.role,
      username: u.username,
      createdAt: iso(u.created_at),
      suspendedAt: isoOrNull(u.suspended_at),
      suspendedReason: u.suspended_reason,
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
      submittedAt: iso(s.submitted_at),
      decidedAt: isoOrNull(s.decided_at),
    })),
    reviews: reviews.map((r) => ({
      id: r.id,
      tool: { name: r.name, slug: r.slug },
      rating: Number(r.rating),
      status: r.status,
      withdrawn: r.withdrawn_at !== null,
      createdAt: iso(r.created_at),
    })),
    corrections: corrections.map((c) => ({
      id: c.id,
      tool: { name: c.name, slug: c.slug },
      field: c.field,
      status: c.status,
      createdAt: iso(c.created_at),
    })),
    tickets: tickets.map((t) => ({
      id: t.id,
      number: Number(t.number),
      subject: t.subject,
      status: t.status,
      createdAt: iso(t.created_at),
    })),
    stats,
    // Never the session token: the id is enough to tell sessions apart.
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.created_at),
      expiresAt: iso(s.expires_at),
      ipAddress: s.ip_address,
      userAgent: s.user_agent,
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
    const [user] = await queryRows(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`, IdRow);
    if (!user) throw new AppError("not_found", "User not found");
    const ended = await queryRows(tx, sql`DELETE FROM sessions WHERE user_id = ${userId} RETURNING id`, IdRow);
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
