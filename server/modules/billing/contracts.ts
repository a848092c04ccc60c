import type { Db } from "../../platform/db/index.ts";
import type { Tier } from "../accounts/index.ts";
import type { Money, ProviderId } from "./providers/types.ts";

/**
 * What other modules (affiliates, referrals, admin) may rely on from billing. Hooks run inside the
 * billing transaction that applies or refunds a payment: they either commit with it or not at all.
 */
export type PaidTier = Exclude<Tier, "free">;

export type PaymentAppliedEvent = {
  paymentId: string;
  userId: string;
  tier: PaidTier;
  kind: "new" | "renewal" | "upgrade";
  amount: Money;
  provider: ProviderId;
  at: Date;
  /** the member's first payment (starts the 30-day money-back window) */
  firstPaymentAt: Date;
};

export type PaymentRefundedEvent = { paymentId: string; userId: string; amount: Money; at: Date };

export type BillingHooks = {
  paymentApplied?(tx: Db, event: PaymentAppliedEvent): Promise<void>;
  paymentRefunded?(tx: Db, event: PaymentRefundedEvent): Promise<void>;
};

/** A period of a tier given without payment (referral reward, operator grant). */
export type GrantInput = {
  userId: string;
  tier: PaidTier;
  days: number;
  source: "referral" | "operator";
  /** unique per source: granting the same reference twice does nothing */
  reference: string;
};
export type GrantResult = { created: boolean; endsAt: Date };
