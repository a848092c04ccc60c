import { getPlan, unusedValueCents } from "./plans.ts";
import { liveSubscription } from "./queries.ts";
import type { BillingServices, UpgradeQuote } from "./types.ts";

/** Standard → Expert now: Expert's price less the unused Standard days (null if not on Standard). */
export async function quoteUpgrade(services: BillingServices, userId: string): Promise<UpgradeQuote | null> {
  const sub = await liveSubscription(services.db, userId);
  if (sub?.status !== "active" || sub.tier !== "standard") return null;
  const [standard, expert] = await Promise.all([getPlan(services.db, "standard"), getPlan(services.db, "expert")]);
  const creditCents = unusedValueCents(sub, standard, services.clock.now());
  return {
    listAmountCents: expert.amountCents,
    creditCents,
    amountCents: expert.amountCents - creditCents,
    currency: "USD",
  };
}
