import { eq } from "drizzle-orm";
import { z } from "zod";
import { utcDay } from "../../platform/clock.ts";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import type { SubscriptionRow } from "./queries.ts";
import { sendBillingNotice } from "./receipts.ts";
import { scheduleSubscriptionJobs } from "./schedule.ts";
import { requireLive, toSubscriptionView } from "./subscription-view.ts";
import { subscriptions } from "./tables.ts";
import { lockMember, recordEvent } from "./tier.ts";
import type { BillingActor, BillingServices, SubscriptionView } from "./types.ts";

/** Nothing to fill in: the member's own live plan is the one cancelled. */
export const CancelAtPeriodEndInput = z.object({});
export type CancelAtPeriodEndInput = z.infer<typeof CancelAtPeriodEndInput>;

/** Cancel at period end: no renewal; the plan stays until the period ends, then Free. */
export async function cancelAtPeriodEnd(
  services: BillingServices,
  actor: BillingActor,
  _input: CancelAtPeriodEndInput,
): Promise<SubscriptionView> {
  const userId = actor.id;
  const now = services.clock.now();
  let changed = false;
  const view = await transaction(services.db, async (tx) => {
    await lockMember(tx, userId);
    const sub = await requireLive(tx, userId);
    if (sub.status !== "active")
      throw new AppError("bad_request", "Your renewal already failed: the plan ends after the grace period");
    if (sub.cancelAtPeriodEnd) return toSubscriptionView(sub);
    const [row] = await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, updatedAt: now })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    await recordEvent(tx, {
      userId,
      type: "cancel_requested",
      at: now,
      subscriptionId: sub.id,
      detail: { endsAt: sub.currentPeriodEnd.toISOString() },
    });
    await scheduleSubscriptionJobs(services, tx, row as SubscriptionRow);
    changed = true;
    return toSubscriptionView(row as SubscriptionRow);
  });
  // After the commit, and only when something changed (a repeat click sends nothing).
  if (changed) {
    await sendBillingNotice(
      services,
      userId,
      "Your Toolscape plan will not renew",
      `You cancelled ${view.tier === "expert" ? "Expert" : "Standard"}. You keep it until ${utcDay(view.currentPeriodEnd)} and will not be charged again; after that your account is on the Free plan.\n\nChanged your mind? Resume before then from ${siteUrl(services.env, "/dashboard/billing")}.`,
    );
  }
  return view;
}
