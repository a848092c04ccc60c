import { DAY_MS } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { SubscriptionRow } from "./queries.ts";
import type { BillingServices } from "./types.ts";

/** The one job type of a subscription's timeline: it looks at the subscription and does what is due. */
export const ADVANCE_JOB = "billing.advance";
export const SWEEP_JOB = "billing.sweep";
export const TEST_WEBHOOK_JOB = "billing.test-webhook";
/** Renewals are charged this long before the period ends. */
export const RENEW_BEFORE_MS = DAY_MS;

/**
 * Enqueues the subscription's next moments (renewal charge, period end, grace end) in the caller's
 * transaction. Keys make a repeat a no-op; a moment that moved (a grant extended the period) simply
 * finds nothing to do and the new moment has its own job.
 */
export async function scheduleSubscriptionJobs(services: BillingServices, tx: Db, sub: SubscriptionRow): Promise<void> {
  const jobs = services.jobs;
  if (!jobs) return;
  const moments: Date[] = [];
  if (sub.status === "active") {
    if (!sub.cancelAtPeriodEnd) moments.push(new Date(sub.currentPeriodEnd.getTime() - RENEW_BEFORE_MS));
    moments.push(sub.currentPeriodEnd);
  }
  if (sub.status === "past_due" && sub.graceUntil) moments.push(sub.graceUntil);
  for (const at of moments) {
    await jobs.enqueue(
      { type: ADVANCE_JOB, payload: { subscriptionId: sub.id }, runAt: at, key: `${sub.id}:${at.toISOString()}` },
      tx,
    );
  }
}
