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

/** Nothing to fill in: the member's own cancelled plan is the one resumed. */
export const ResumeSubscriptionInput = z.object({});
export type ResumeSubscriptionInput = z.infer<typeof ResumeSubscriptionInput>;

/** Undo a cancel before the period ends: renewals resume. */
export async function resumeSubscription(
  services: BillingServices,
  actor: BillingActor,
  _input: ResumeSubscriptionInput,
): Promise<SubscriptionView> {
  const userId = actor.id;
  const now = services.clock.now();
  let changed = false;
  const view = await transaction(services.db, async (tx) => {
    await lockMember(tx, userId);
    const sub = await requireLive(tx, userId);
    if (!sub.cancelAtPeriodEnd) return toSubscriptionView(sub);
    if (sub.currentPeriodEnd <= now)
      throw new AppError("bad_request", "This plan has ended; choose a plan again at /pricing");
    const [row] = await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, updatedAt: now })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    await recordEvent(tx, { userId, type: "cancel_undone", at: now, subscriptionId: sub.id });
    await scheduleSubscriptionJobs(services, tx, row as SubscriptionRow);
    changed = true;
    return toSubscriptionView(row as SubscriptionRow);
  });
  if (changed) {
    await sendBillingNotice(
      services,
      userId,
      "Your Toolscape plan will renew",
      `You resumed ${view.tier === "expert" ? "Expert" : "Standard"}: it renews on ${utcDay(view.currentPeriodEnd)}. Manage your plan at ${siteUrl(services.env, "/dashboard/billing")}.`,
    );
  }
  return view;
}
