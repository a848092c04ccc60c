/**
 * What the money pages show, as plain data (safe in the browser bundle). `billing.server.ts` maps
 * the billing module's answers to these shapes, so a change there touches one file, not every page.
 */
import type { Tier } from "./tiers";

export type PaidTier = Exclude<Tier, "free">;
export type ProviderId = "paypal" | "cashfree" | "test";

export const PAID_TIERS: readonly PaidTier[] = ["standard", "expert"];
export function isPaidTier(value: unknown): value is PaidTier {
  return value === "standard" || value === "expert";
}

/** The spec's messages (section 8) shown on the money pages, in one place. */
export const PAY_MESSAGES = {
  invalidPlan: "Invalid Plan",
  signIn: "Please sign in to continue with checkout",
  declined: "Payment was declined",
  cancelled: "Payment was cancelled. You can try again anytime.",
  cancelledToast: "Payment cancelled",
  verifyFailed: "Payment verification failed",
  createFailed: "Failed to create payment order",
  failed: "Payment failed. Please try again.",
  testMode: "Test mode",
} as const;

export type PlanView = {
  tier: PaidTier;
  name: string;
  amountCents: number;
  currency: "USD";
  periodDays: number;
};

/** What the member would pay now for a tier, as billing prices it (credits and upgrade credit included). */
export type CheckoutQuote = {
  plan: PlanView;
  /** new: a first paid plan; upgrade: Standard → Expert now; current: already on it; included: a lower plan */
  kind: "new" | "upgrade" | "current" | "included";
  /** what is taken off the price (unused days of the current plan, tool credits), each with its reason */
  credits: { label: string; amountCents: number }[];
  payableCents: number;
  /** upgrading a plan cancelled at period end: the new plan keeps the cancellation */
  keepsCancellation: boolean;
};

export type ProvidersView = {
  /** the providers with credentials (PayPal, Cashfree) or the test provider when there are none */
  enabled: ProviderId[];
  /** true when the only way to pay is the built-in test provider: every page says Test mode */
  testMode: boolean;
};

export type OrderView = {
  orderId: string;
  provider: ProviderId;
  tier: PaidTier;
  planName: string;
  amountCents: number;
  currency: "USD";
  /** pending: not confirmed yet (the page refreshes); paid: applied; the rest are final refusals */
  status: "pending" | "paid" | "declined" | "cancelled" | "failed";
  testMode: boolean;
};

export type PaymentOutcome = Omit<OrderView, "status"> & {
  status: OrderView["status"] | "voided";
  /** when the plan renews (or ends), once paid */
  nextBillingAt: string | null;
  /** voided: the order no longer held when it was paid or approved (ADR 0024) */
  stale?: StaleCheckout;
  /** the money-back refund as it stands after this payment: until when, or from when again (null: neither) */
  refundableUntil: string | null;
  moneyBackAgainFrom: string | null;
};

/** Why a checkout was voided, as the checkout page's ?stale= carries it. */
export type StaleReason = "replaced" | "changed";
export type StaleCheckout = { reason: StaleReason; refunded: boolean; tier: PaidTier };

/** The link back to a fresh checkout of the same plan that says why the old one was voided. */
export function staleCheckoutHref(stale: StaleCheckout): string {
  return `/checkout/${stale.tier}?stale=${stale.reason}${stale.refunded ? "&refunded=1" : ""}`;
}

export type BillingHistoryRow = {
  id: string;
  at: string;
  description: string;
  /** null for rows that move no money (cancel requested, resumed) */
  amountCents: number | null;
  currency: "USD";
  status: string;
};

export type BillingOverview = {
  subscription: {
    tier: PaidTier;
    planName: string;
    status: "active" | "past_due" | "cancelled" | "expired" | "refunded";
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
    /** a period given without payment (referral reward): nothing to cancel or refund */
    granted: boolean;
    provider: ProviderId | null;
  } | null;
  /** a paid tier the Toolscape team set by hand (no subscription behind it: nothing to pay or cancel) */
  assigned: { tier: PaidTier; planName: string } | null;
  /** the member's plan's terms, from the plans table (null on Free) */
  terms: { graceDays: number; refundWindowDays: number; periodDays: number } | null;
  /** money-back: the last day a self-serve refund is accepted, or null when none is possible */
  refundableUntil: string | null;
  refundAmountCents: number | null;
  upgrade: CheckoutQuote | null;
  credits: {
    balanceCents: number;
    entries: { id: string; at: string; description: string; amountCents: number }[];
  } | null;
  history: BillingHistoryRow[];
};

export function money(cents: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
}

export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
