import { sql as dsql } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS } from "../../platform/clock.ts";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { advanceSubscription } from "./advance-subscription.ts";
import { expireStaleOrders } from "./apply.ts";
import { refundPendingVoidedPayments } from "./revalidate.ts";
import { RENEW_BEFORE_MS } from "./schedule.ts";
import { subscriptions as subscriptionsTable } from "./tables.ts";
import { lockMember, recomputeTier } from "./tier.ts";
import type { BillingServices } from "./types.ts";

/**
 * The hourly sweep (and the catch-up after downtime): every subscription with something due, tiers
 * of members whose grants or overrides changed, stale orders. Safe to run at any time, repeatedly.
 */
export async function runBillingSweep(services: BillingServices): Promise<{ subscriptions: number; members: number }> {
  const now = services.clock.now();
  const s = subscriptionsTable;
  const due = await services.db
    .select({ id: s.id })
    .from(s)
    .where(
      dsql`(${s.status} = 'active' AND ${s.currentPeriodEnd} <= ${new Date(now.getTime() + RENEW_BEFORE_MS).toISOString()}::timestamptz)
        OR (${s.status} = 'past_due' AND ${s.graceUntil} <= ${now.toISOString()}::timestamptz)`,
    );
  for (const { id } of due) {
    try {
      await advanceSubscription(services, id);
    } catch (error) {
      services.logger.error("billing sweep: subscription failed", { subscriptionId: id, err: String(error) });
    }
  }
  // Grants and overrides end (or stacked grants start) without an event: recompute those members.
  const MemberIdRow = z.object({ user_id: z.string() });
  const members = await queryRows(
    services.db,
    sql`SELECT user_id FROM user_profiles WHERE tier <> 'free' OR tier_override IS NOT NULL
        UNION
        SELECT user_id FROM access_grants WHERE ends_at > ${new Date(now.getTime() - 2 * DAY_MS).toISOString()}::timestamptz`,
    MemberIdRow,
  );
  for (const { user_id } of members) {
    await transaction(services.db, async (tx) => {
      await lockMember(tx, user_id);
      await recomputeTier(tx, user_id, now);
    });
  }
  await expireStaleOrders(services);
  // Payments that arrived for voided orders and whose refund failed earlier (ADR 0024).
  await refundPendingVoidedPayments(services);
  return { subscriptions: due.length, members: members.length };
}
