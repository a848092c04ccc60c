import { and, eq, not } from "drizzle-orm";
import { z } from "zod";
import { type Clock, DAY_MS } from "../../platform/clock.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { GrantInput, GrantResult } from "./contracts.ts";
import { accessGrants, subscriptions } from "./tables.ts";
import { lockMember, recomputeTier, recordEvent } from "./tier.ts";

const iso = (d: Date) => d.toISOString();

/** max() over no rows: null */
const LatestRow = z.object({ latest: z.string().nullable() });

/**
 * Days of a tier without payment (a referral reward, an operator's gift), once per (source,
 * reference). Standard days on a live Standard subscription extend its period (the next charge
 * moves too); otherwise they stack after the member's latest period of that tier or higher, so a
 * Standard grant to an Expert member starts when Expert ends. Runs in the caller's transaction.
 */
export async function grantPlanDays(tx: Db, input: GrantInput, now: Date): Promise<GrantResult> {
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > 366) {
    throw new Error(`grantPlanDays: days must be 1..366, got ${input.days}`);
  }
  await lockMember(tx, input.userId);
  const [existing] = await tx
    .select({ endsAt: accessGrants.endsAt })
    .from(accessGrants)
    .where(and(eq(accessGrants.source, input.source), eq(accessGrants.reference, input.reference)));
  if (existing) return { created: false, endsAt: existing.endsAt };

  const span = input.days * DAY_MS;
  const [live] = await tx
    .select({ id: subscriptions.id, tier: subscriptions.tier, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, input.userId),
        eq(subscriptions.status, "active"),
        not(subscriptions.cancelAtPeriodEnd),
      ),
    );
  let startsAt: Date;
  let endsAt: Date;
  if (live && live.tier === input.tier) {
    startsAt = live.currentPeriodEnd;
    endsAt = new Date(startsAt.getTime() + span);
    await tx
      .update(subscriptions)
      .set({ currentPeriodEnd: endsAt, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, live.id));
  } else {
    // After the latest covering period of this tier or above: grants, and any paid period.
    const [row] = await queryRows(
      tx,
      sql`SELECT max(e) AS latest FROM (
            SELECT ends_at AS e FROM access_grants
              WHERE user_id = ${input.userId} AND (tier = ${input.tier} OR tier = 'expert')
            UNION ALL
            SELECT current_period_end FROM subscriptions
              WHERE user_id = ${input.userId} AND status = 'active'
                AND (tier = ${input.tier} OR tier = 'expert')) periods`,
      LatestRow,
    );
    const latest = row?.latest ? new Date(row.latest).getTime() : 0;
    startsAt = new Date(Math.max(now.getTime(), latest));
    endsAt = new Date(startsAt.getTime() + span);
  }
  await tx.insert(accessGrants).values({
    userId: input.userId,
    tier: input.tier,
    startsAt,
    endsAt,
    source: input.source,
    reference: input.reference,
  });
  await recordEvent(tx, {
    userId: input.userId,
    type: "grant_added",
    at: now,
    subscriptionId: live && live.tier === input.tier ? live.id : null,
    detail: {
      tier: input.tier,
      days: input.days,
      source: input.source,
      startsAt: iso(startsAt),
      endsAt: iso(endsAt),
      extendedSubscription: Boolean(live && live.tier === input.tier),
    },
  });
  await recomputeTier(tx, input.userId, now);
  return { created: true, endsAt };
}

/** grantPlanDays on the services' clock, in the shape growth is wired with (`(tx, input)`). */
export function grantPlanDaysOn(clock: Clock): (tx: Db, input: GrantInput) => Promise<GrantResult> {
  return (tx, input) => grantPlanDays(tx, input, clock.now());
}
