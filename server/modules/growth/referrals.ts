import { and, asc, count, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS } from "../../platform/clock.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { emailField, mailboxKey } from "../../platform/email-address.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { siteOrigin } from "../../platform/site-origin.ts";
import { users } from "../accounts/tables.ts";
import { newCode } from "./codes.ts";
import type { GrowthDeps } from "./deps.ts";
import { referralCodes, referralInvites, referrals } from "./tables.ts";

export const REFERRAL_REWARD_DAYS = 7;
/** Invitations a member may send per day (each is an e-mail we send on their behalf). */
export const INVITES_PER_DAY = 20;

/** The invite form's one field: the spec's rule (required, e-mail), the same message on both sides. */
export const InviteInput = z.object({
  email: emailField({ required: "Email is required" }),
});
export type InviteInput = z.infer<typeof InviteInput>;

/** The member's referral code, created the first time it is asked for (retries on the rare clash). */
export async function ensureReferralCode(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    // ON CONFLICT without a target: a clash on the code or a concurrent first call both do nothing.
    await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  throw new AppError("internal", "Could not create a referral code");
}

export function referralLink(origin: string, code: string): string {
  return `${origin}/r/${code}`;
}

export async function findReferrerByCode(
  db: Db,
  code: string,
): Promise<{ id: string; email: string; name: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, code));
  return row ?? null;
}

export type ReferralRow = {
  id: string;
  /** the invitee's name once joined, else the invited address */
  name: string;
  email: string | null;
  status: "Invited" | "Joined";
  invitedAt: string | null;
  joinedAt: string | null;
};

const InviteListRow = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  invited_at: z.string().nullable(),
  joined_at: z.string().nullable(),
});

/** Everyone the member invited or brought in: invitations (Invited / Joined) and link sign-ups (Joined). */
export async function listReferrals(db: Db, referrerId: string): Promise<ReferralRow[]> {
  const rows = await queryRows(
    db,
    sql`SELECT i.id::text AS id, COALESCE(u.name, i.email) AS name, i.email, i.status::text AS status, i.created_at AS invited_at,
               COALESCE(r.created_at, i.joined_at) AS joined_at
          FROM referral_invites i
          LEFT JOIN referrals r ON r.invite_id = i.id
          LEFT JOIN users u ON u.id = COALESCE(r.invitee_id, i.invitee_id)
         WHERE i.referrer_id = ${referrerId}
        UNION ALL
        SELECT r.id::text, u.name, NULL, 'joined', NULL, r.created_at
          FROM referrals r JOIN users u ON u.id = r.invitee_id
         WHERE r.referrer_id = ${referrerId} AND r.invite_id IS NULL
        ORDER BY 6 DESC NULLS LAST, 5 DESC NULLS LAST`,
    InviteListRow,
  );
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return rows.map((r) => ({
    id: r.id,
    name: r.name ?? "",
    email: r.email,
    status: r.status === "joined" ? "Joined" : "Invited",
    invitedAt: iso(r.invited_at),
    joinedAt: iso(r.joined_at),
  }));
}

export type ReferralOverview = {
  code: string;
  inviteLink: string;
  referrals: ReferralRow[];
  joined: number;
  daysEarned: number;
  /** friends rewarded in the last REFERRAL_CAP_WINDOW_DAYS, against REFERRAL_REWARDS_PER_YEAR */
  rewardedThisYear: number;
  rewardsPerYear: number;
};

// count() and sum() cast to int: uncast they are bigint, a string on node-postgres and a number on PGlite.
const EarnedRow = z.object({ n: z.number(), days: z.number().nullable(), year: z.number() });

export async function referralOverview(db: Db, userId: string, origin: string, now: Date): Promise<ReferralOverview> {
  const code = await ensureReferralCode(db, userId);
  const since = new Date(now.getTime() - REFERRAL_CAP_WINDOW_DAYS * DAY_MS).toISOString();
  const [referrals, [earned]] = await Promise.all([
    listReferrals(db, userId),
    queryRows(
      db,
      sql`SELECT count(*)::int AS n, sum(reward_days)::int AS days,
                 count(*) FILTER (WHERE status = 'rewarded' AND rewarded_at > ${since}::timestamptz)::int AS year
            FROM referrals WHERE referrer_id = ${userId}`,
      EarnedRow,
    ),
  ]);
  return {
    code,
    inviteLink: referralLink(origin, code),
    referrals,
    joined: Number(earned?.n ?? 0),
    daysEarned: Number(earned?.days ?? 0),
    rewardedThisYear: Number(earned?.year ?? 0),
    rewardsPerYear: REFERRAL_REWARDS_PER_YEAR,
  };
}

/**
 * Sends an invitation e-mail with the member's link and records it. Refused (with a message the
 * form shows): yourself, an address that already has an account, an address already invited,
 * more than INVITES_PER_DAY a day. The row and the e-mail go together (a mail failure rolls back).
 */
export async function inviteByEmail(
  deps: Pick<GrowthDeps, "db" | "env" | "clock" | "mailer" | "logger">,
  inviter: { id: string; email: string; name: string },
  input: InviteInput,
): Promise<{ email: string }> {
  const { db, clock } = deps;
  const email = input.email;
  if (mailboxKey(email) === mailboxKey(inviter.email)) throw new AppError("bad_request", "You cannot invite yourself.");
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (member) throw new AppError("conflict", `${email} already has a Toolscape account.`);
  const [already] = await db
    .select({ id: referralInvites.id })
    .from(referralInvites)
    .where(and(eq(referralInvites.referrerId, inviter.id), eq(referralInvites.email, email)));
  if (already) throw new AppError("conflict", `You have already invited ${email}.`);
  const now = clock.now();
  const limit = await consumeRateLimit(
    db,
    `referral-invite:${inviter.id}`,
    { max: INVITES_PER_DAY, windowSec: 86_400 },
    now,
  );
  if (!limit.allowed) {
    throw new AppError("rate_limited", `You can send ${INVITES_PER_DAY} invitations a day. Try again tomorrow.`, {
      retryAfterSec: limit.retryAfterSec,
    });
  }
  const code = await ensureReferralCode(db, inviter.id);
  const link = referralLink(siteOrigin(deps.env), code);
  await transaction(db, async (tx) => {
    const inserted = await tx
      .insert(referralInvites)
      .values({ referrerId: inviter.id, email, createdAt: now })
      .onConflictDoNothing({ target: [referralInvites.referrerId, referralInvites.email] })
      .returning({ id: referralInvites.id });
    if (!inserted.length) throw new AppError("conflict", `You have already invited ${email}.`);
    await deps.mailer.send({
      to: email,
      tag: "referral-invite",
      subject: `${inviter.name} invited you to Toolscape`,
      text: [
        "Hello,",
        "",
        `${inviter.name} thinks you would like Toolscape, a directory of AI tools with honest comparisons.`,
        `Join free through this link: ${link}`,
        "",
        "A free account lets you compare tools and open 10 tools a day in full.",
        "If you do not know the sender, ignore this message: nothing happens unless you sign up.",
      ].join("\n"),
    });
  });
  return { email };
}

/**
 * Abuse rules for rewards (ADR 0024), stated on /referrals and in the FAQ: a friend counts once their
 * e-mail address is confirmed, and a member is rewarded for at most REFERRAL_REWARDS_PER_YEAR friends
 * in any REFERRAL_CAP_WINDOW_DAYS (a rolling year; friends over the cap are recorded, not rewarded).
 */
export const REFERRAL_REWARDS_PER_YEAR = 12;
export const REFERRAL_CAP_WINDOW_DAYS = 365;

export type ReferralOutcome = { rewarded: boolean; status?: "pending" | "rewarded" | "over_cap"; endsAt?: Date };

/**
 * Records that `invitee` joined through `referrer`'s link (or invitation), once per invitee
 * (referrals.invitee_id is unique), never to oneself. The reward waits for the invitee's confirmed
 * e-mail address (`emailVerified`: OAuth sign-ups arrive confirmed); then rewardConfirmedReferral.
 */
export async function rewardReferral(
  deps: Pick<GrowthDeps, "db" | "clock" | "growth">,
  referrer: { id: string; email: string },
  invitee: { id: string; email: string; emailVerified?: boolean },
): Promise<ReferralOutcome> {
  // One inbox, one person: bob+alt1@ is bob@ (issue 31).
  if (referrer.id === invitee.id || mailboxKey(referrer.email) === mailboxKey(invitee.email)) {
    return { rewarded: false };
  }
  const now = deps.clock.now();
  const recorded = await transaction(deps.db, async (tx) => {
    const [invite] = await tx
      .update(referralInvites)
      .set({ status: "joined", inviteeId: invitee.id, joinedAt: now })
      .where(
        and(
          eq(referralInvites.referrerId, referrer.id),
          eq(referralInvites.email, invitee.email.toLowerCase()),
          eq(referralInvites.status, "invited"),
        ),
      )
      .returning({ id: referralInvites.id });
    const inserted = await tx
      .insert(referrals)
      .values({
        referrerId: referrer.id,
        inviteeId: invitee.id,
        inviteId: invite?.id ?? null,
        rewardDays: 0,
        createdAt: now,
        status: "pending",
      })
      .onConflictDoNothing({ target: referrals.inviteeId })
      .returning({ id: referrals.id });
    if (!inserted.length) {
      // Already recorded (a replay): undo the invite update by rolling back.
      throw new AlreadyRewarded();
    }
    return true;
  }).catch((err: unknown) => {
    if (err instanceof AlreadyRewarded) return false;
    throw err;
  });
  if (!recorded) return { rewarded: false };
  if (!invitee.emailVerified) return { rewarded: false, status: "pending" };
  return rewardConfirmedReferral(deps, invitee.id);
}

/**
 * The invitee confirmed their e-mail address: their pending referral is rewarded with
 * REFERRAL_REWARD_DAYS of Standard (billing's grant, reference `referral:{invitee}`, once), unless the
 * referrer already had REFERRAL_REWARDS_PER_YEAR rewards in the window (then over_cap). One
 * transaction; referrals of one referrer are decided one at a time (an advisory lock), so two
 * friends confirming at once cannot both take the last place.
 */
export async function rewardConfirmedReferral(
  deps: Pick<GrowthDeps, "db" | "clock" | "growth">,
  inviteeId: string,
): Promise<ReferralOutcome> {
  const now = deps.clock.now();
  return transaction(deps.db, async (tx) => {
    const [pending] = await tx
      .select({ id: referrals.id, referrer_id: referrals.referrerId })
      .from(referrals)
      .where(and(eq(referrals.inviteeId, inviteeId), eq(referrals.status, "pending")));
    if (!pending) return { rewarded: false };
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`referral-cap:${pending.referrer_id}`}))`);
    const since = new Date(now.getTime() - REFERRAL_CAP_WINDOW_DAYS * DAY_MS);
    const [counted] = await tx
      .select({ n: count() })
      .from(referrals)
      .where(
        and(
          eq(referrals.referrerId, pending.referrer_id),
          eq(referrals.status, "rewarded"),
          gt(referrals.rewardedAt, since),
        ),
      );
    const overCap = Number(counted?.n ?? 0) >= REFERRAL_REWARDS_PER_YEAR;
    const claimed = await tx
      .update(referrals)
      .set({
        status: overCap ? "over_cap" : "rewarded",
        rewardDays: overCap ? 0 : REFERRAL_REWARD_DAYS,
        rewardedAt: overCap ? null : now,
      })
      .where(and(eq(referrals.id, pending.id), eq(referrals.status, "pending")))
      .returning({ id: referrals.id });
    if (!claimed.length) return { rewarded: false };
    if (overCap) return { rewarded: false, status: "over_cap" as const };
    const grant = await deps.growth.grantPlanDays(tx, {
      userId: pending.referrer_id,
      tier: "standard",
      days: REFERRAL_REWARD_DAYS,
      source: "referral",
      reference: `referral:${inviteeId}`,
    });
    return { rewarded: grant.created, status: "rewarded" as const, endsAt: grant.endsAt };
  });
}

class AlreadyRewarded extends Error {}

/** The earliest open invitation to this address, when the invitee signed up without the link. */
export async function inviterOfEmail(
  db: Db,
  email: string,
): Promise<{ id: string; email: string; name: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(referralInvites)
    .innerJoin(users, eq(users.id, referralInvites.referrerId))
    .where(and(eq(referralInvites.email, email.toLowerCase()), eq(referralInvites.status, "invited")))
    .orderBy(asc(referralInvites.createdAt))
    .limit(1);
  return row ?? null;
}
