import { advanceSubscription } from "./advance-subscription.ts";
import { runBillingSweep } from "./run-billing-sweep.ts";
import { ADVANCE_JOB, SWEEP_JOB, TEST_WEBHOOK_JOB } from "./schedule.ts";
import type { BillingServices } from "./types.ts";
import { deliverTestWebhook } from "./webhooks.ts";

const HOUR_MS = 3_600_000;

/**
 * Billing's durable jobs on the one runner: a subscription's due moment (renewal, period end,
 * grace end), the test provider's signed callback, and the hourly sweep that catches up anything
 * missed (downtime, a period moved by a grant, grants ending). Call once at boot.
 */
export function registerBillingJobs(services: BillingServices): void {
  const jobs = services.jobs;
  if (!jobs) return;
  jobs.register<{ subscriptionId: string }>(ADVANCE_JOB, async (payload) => {
    await advanceSubscription(services, String(payload.subscriptionId));
  });
  jobs.register<{ rawBody: string; signature: string }>(TEST_WEBHOOK_JOB, async (payload) => {
    await deliverTestWebhook(services, { rawBody: String(payload.rawBody), signature: String(payload.signature) });
  });
  jobs.register(SWEEP_JOB, async () => {
    await runBillingSweep(services);
  });
  jobs.every(SWEEP_JOB, HOUR_MS);
}
