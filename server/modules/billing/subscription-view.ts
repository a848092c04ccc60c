/** The subscription as billing's use cases show it, and the small reads they share. */
import { eq } from "drizzle-orm";
import { DAY_MS } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { PaidTier } from "./contracts.ts";
import { liveSubscription, type SubscriptionRow } from "./queries.ts";
import { subscriptions } from "./tables.ts";
import type { SubscriptionView } from "./types.ts";

export function toSubscriptionView(sub: SubscriptionRow): SubscriptionView {
  return {
    id: sub.id,
    tier: sub.tier as PaidTier,
    status: sub.status,
    provider: sub.provider,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    graceUntil: sub.graceUntil,
    firstPaymentAt: sub.firstPaymentAt,
    endedAt: sub.endedAt,
  };
}

export async function subById(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

export async function requireLive(db: Db, userId: string): Promise<SubscriptionRow> {
  const sub = await liveSubscription(db, userId);
  if (!sub) throw new AppError("bad_request", "You have no paid plan");
  return sub;
}

/** The last day of the money-back window (null before the first payment). */
export function refundDeadline(sub: SubscriptionRow, refundWindowDays: number): Date | null {
  return sub.firstPaymentAt ? new Date(sub.firstPaymentAt.getTime() + refundWindowDays * DAY_MS) : null;
}
