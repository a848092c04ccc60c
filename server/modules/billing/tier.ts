import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { TIERS, type Tier, tierRank } from "../accounts/index.ts";
import { userProfiles } from "../accounts/tables.ts";
import { billingEvents } from "./tables.ts";

const TierRow = z.object({ tier: z.enum(TIERS) });
const TierSourceRow = z.object({
  tier: z.enum(TIERS),
  kind: z.enum(["subscription", "grant", "override"]),
  source: z.string(),
  until: z.string().nullable(),
  reference: z.string().nullable(),
});

/**
 * Serialises billing changes of one member: every billing transaction takes this lock first, so a
 * webhook, a verify call and a job for the same member queue instead of interleaving.
 */
export async function lockMember(tx: Db, userId: string): Promise<void> {
  const rows = await tx
    .select({ userId: userProfiles.userId })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .for("update");
  if (!rows.length) throw new AppError("not_found", "User not found");
}

/**
 * The member's tier, derived: the highest of a live subscription (active — until its end when
 * cancelling — or past due within grace), a grant covering `now`, and an operator's override.
 * Written to user_profiles.tier (what the whole app reads) in the caller's transaction.
 */
export async function recomputeTier(tx: Db, userId: string, now: Date): Promise<Tier> {
  const at = now.toISOString();
  const rows = await queryRows(
    tx,
    sql`SELECT tier::text AS tier FROM subscriptions
          WHERE user_id = ${userId}
            AND ((status = 'active' AND (NOT cancel_at_period_end OR current_period_end > ${at}::timestamptz))
              OR (status = 'past_due' AND grace_until > ${at}::timestamptz))
        UNION ALL
        SELECT tier::text FROM access_grants
          WHERE user_id = ${userId} AND starts_at <= ${at}::timestamptz AND ends_at > ${at}::timestamptz
        UNION ALL
        SELECT tier_override::text FROM user_profiles
          WHERE user_id = ${userId} AND tier_override IS NOT NULL
            AND (tier_override_until IS NULL OR tier_override_until > ${at}::timestamptz)`,
    TierRow,
  );
  const tier = rows.reduce<Tier>((best, r) => (tierRank(r.tier) > tierRank(best) ? r.tier : best), "free");
  await tx
    .update(userProfiles)
    .set({ tier, updatedAt: sql`now()` })
    .where(and(eq(userProfiles.userId, userId), ne(userProfiles.tier, tier)));
  return tier;
}

export async function recordEvent(
  tx: Db,
  event: {
    userId: string;
    type: string;
    at: Date;
    subscriptionId?: string | null;
    paymentId?: string | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(billingEvents).values({
    userId: event.userId,
    subscriptionId: event.subscriptionId ?? null,
    paymentId: event.paymentId ?? null,
    type: event.type,
    detail: event.detail ?? {},
    at: event.at,
  });
}

/** Recomputes and stores the derived tier now (after an operator's override changed). */
export async function refreshTier(db: Db, userId: string, now: Date): Promise<Tier> {
  return transaction(db, async (tx) => {
    await lockMember(tx, userId);
    return recomputeTier(tx, userId, now);
  });
}

/**
 * An operator's tier for a while (or until cleared): the derived tier never goes below it. 'free'
 * (or null) clears it; a paid subscription is ended by cancel or refund, not by an override. The
 * admin API and `npm run user` set untimed overrides through accounts' updateAccount (audited) and
 * then refreshTier; this one is for timed overrides and scripts, audited too.
 */
export async function setTierOverride(
  db: Db,
  input: { userId: string; tier: Tier | null; until?: Date | null; actor: AuditActor; requestId?: string },
  now: Date,
): Promise<Tier> {
  return transaction(db, async (tx) => {
    await lockMember(tx, input.userId);
    const [before] = await tx
      .select({ tierOverride: userProfiles.tierOverride })
      .from(userProfiles)
      .where(eq(userProfiles.userId, input.userId));
    const override = input.tier === "free" ? null : input.tier;
    const until = override && input.until ? input.until : null;
    await tx
      .update(userProfiles)
      .set({ tierOverride: override, tierOverrideUntil: until, updatedAt: sql`now()` })
      .where(eq(userProfiles.userId, input.userId));
    await recordAudit(tx, {
      actor: input.actor,
      action: "user.tier_override",
      targetType: "user",
      targetId: input.userId,
      before: { tier: before?.tierOverride ?? "free" },
      after: { tier: override ?? "free", ...(until ? { until: until.toISOString() } : {}) },
      requestId: input.requestId ?? null,
      at: now,
    });
    await recordEvent(tx, {
      userId: input.userId,
      type: "operator_override",
      at: now,
      detail: { tier: override, until: until?.toISOString() ?? null, actor: input.actor.label },
    });
    return recomputeTier(tx, input.userId, now);
  });
}

/** One reason a member has a tier now (the admin's page of one person shows them all). */
export type TierSource = {
  tier: Tier;
  kind: "subscription" | "grant" | "override";
  /** subscription: its provider; grant: referral or operator; override: "operator" */
  source: string;
  /** when it lapses (null: until changed) */
  until: string | null;
  reference: string | null;
};

/**
 * The sources recomputeTier reads, each with its tier: a live subscription, grants covering `now`,
 * an operator's override. The effective tier is the highest of them ("free" when there is none).
 */
export async function tierSources(db: Db, userId: string, now: Date): Promise<{ tier: Tier; sources: TierSource[] }> {
  const at = now.toISOString();
  const rows = await queryRows(
    db,
    sql`SELECT tier::text AS tier, 'subscription' AS kind, provider AS source,
               CASE WHEN status = 'past_due' THEN grace_until ELSE current_period_end END AS until,
               id::text AS reference
          FROM subscriptions
          WHERE user_id = ${userId}
            AND ((status = 'active' AND (NOT cancel_at_period_end OR current_period_end > ${at}::timestamptz))
              OR (status = 'past_due' AND grace_until > ${at}::timestamptz))
        UNION ALL
        SELECT tier::text, 'grant', source, ends_at, reference FROM access_grants
          WHERE user_id = ${userId} AND starts_at <= ${at}::timestamptz AND ends_at > ${at}::timestamptz
        UNION ALL
        SELECT tier_override::text, 'override', 'operator', tier_override_until, NULL FROM user_profiles
          WHERE user_id = ${userId} AND tier_override IS NOT NULL
            AND (tier_override_until IS NULL OR tier_override_until > ${at}::timestamptz)`,
    TierSourceRow,
  );
  const sources = rows
    .map((r) => ({
      tier: r.tier,
      kind: r.kind,
      source: r.source,
      until: r.until ? new Date(r.until).toISOString() : null,
      reference: r.reference,
    }))
    .sort((a, b) => tierRank(b.tier) - tierRank(a.tier));
  const tier = sources.reduce<Tier>((best, s) => (tierRank(s.tier) > tierRank(best) ? s.tier : best), "free");
  return { tier, sources };
}
