import { z } from "zod";
import { type Clock, DAY_MS } from "../../platform/clock.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { GrantInput, GrantResult } from "./contracts.ts";
import { lockMember, recomputeTier, recordEvent } from "./tier.ts";

const iso = (d: Date) => d.toISOString();

const ExistingGrantRow = z.object({ ends_at: z.string() });
const LiveSubscriptionRow = z.object({ id: z.string(), tier: z.string(), current_period_end: z.string() });
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
  const [existing] = await queryRows(
    tx,
    sql`SELECT ends_at FROM access_grants WHERE source = ${input.source} AND reference = ${input.reference}`,
    ExistingGrantRow,
  );
  if (existing) return { created: false, endsAt: new Date(existing.ends_at) };

  const span = input.days * DAY_MS;
  const [live] = await queryRows(
    tx,
    sql`SELECT id, tier::text AS tier, current_period_end FROM subscriptions
        WHERE user_id = ${input.userId} AND status = 'active' AND NOT cancel_at_period_end`,
    LiveSubscriptionRow,
  );
  let startsAt: Date;
  let endsAt: Date;
  if (live && live.tier === input.tier) {
    startsAt = new Date(live.current_period_end);
    endsAt = new Date(startsAt.getTime() + span);
    await tx.execute(
      sql`UPDATE subscriptions SET current_period_end = ${iso(endsAt)}::timestamptz, updated_at = now()
          WHERE id = ${live.id}`,
    );
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
  await tx.execute(
    sql`INSERT INTO access_grants (user_id, tier, starts_at, ends_at, source, reference)
        VALUES (${input.userId}, ${input.tier}, ${iso(startsAt)}::timestamptz, ${iso(endsAt)}::timestamptz,
                ${input.source}, ${input.reference})`,
  );
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
