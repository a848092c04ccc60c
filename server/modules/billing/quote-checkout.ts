import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import { getPlan, PAID_TIERS, unusedValueCents } from "./plans.ts";
import { creditBalance, liveSubscription } from "./queries.ts";
import type { BillingActor, BillingServices, CheckoutQuote, OrderKind } from "./types.ts";

export const QuoteCheckoutInput = z.object({ tier: z.enum(PAID_TIERS) });
export type QuoteCheckoutInput = z.infer<typeof QuoteCheckoutInput>;

/**
 * The price of `tier` for this member now: the plan's price (never the browser's), less the unused
 * Standard days on an upgrade and less tool credits. Refuses what checkout must not sell. A visitor
 * (no actor) gets the list price.
 */
export async function quoteCheckout(
  services: BillingServices,
  actor: BillingActor | null,
  input: QuoteCheckoutInput,
): Promise<CheckoutQuote> {
  const userId = actor?.id ?? null;
  const { tier } = input;
  const { db } = services;
  const now = services.clock.now();
  const plan = await getPlan(db, tier);
  let kind: OrderKind = "new";
  let upgradeCreditCents = 0;
  let balance = 0;
  let keepsCancellation = false;
  if (userId) {
    const live = await liveSubscription(db, userId);
    if (live?.status === "active") {
      if (live.tier === tier) {
        throw new AppError(
          "conflict",
          live.cancelAtPeriodEnd
            ? `Your ${plan.name} plan runs until ${live.currentPeriodEnd.toISOString().slice(0, 10)}: resume it from your dashboard instead`
            : `You already have the ${plan.name} plan`,
        );
      }
      if (live.tier === "expert") {
        throw new AppError(
          "conflict",
          "You are on Expert: cancel it from your dashboard, then choose Standard when it ends",
        );
      }
      kind = "upgrade";
      upgradeCreditCents = unusedValueCents(live, await getPlan(db, "standard"), now);
      keepsCancellation = live.cancelAtPeriodEnd;
    } else if (live?.status === "past_due" && live.tier === tier) {
      kind = "renewal";
    }
    balance = await creditBalance(db, userId);
  }
  const afterUpgrade = Math.max(0, plan.amountCents - upgradeCreditCents);
  // Providers cannot charge nothing: tool credits leave at least one dollar to pay.
  const ledgerCreditCents = Math.max(0, Math.min(balance, afterUpgrade - 100));
  return {
    tier,
    kind,
    currency: "USD",
    listAmountCents: plan.amountCents,
    upgradeCreditCents,
    ledgerCreditCents,
    creditAppliedCents: upgradeCreditCents + ledgerCreditCents,
    amountCents: afterUpgrade - ledgerCreditCents,
    keepsCancellation,
  };
}
