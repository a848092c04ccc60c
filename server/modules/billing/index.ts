/**
 * Billing's public surface (issue 9; use cases per file, issue 37): plans, checkout orders, the payment
 * providers, payments applied exactly once, subscriptions and the derived tier, credits, grants, refunds.
 *
 * A member's use case is `(services, actor, input)`: `services` is BillingServices (AppServices
 * satisfies it), `actor` comes from `billingActor(viewer, requestId)`, `input` is the file's zod `Input`.
 * Page actions (app/lib/billing.server.ts, through formAction) and /api/payments|subscriptions are two
 * short adapters over the same use case. Refusals are AppErrors; a provider's failure (ProviderError)
 * is answered inside the module as an AppError, so no edge knows the providers' error type.
 */

// The use cases, one file each.
export { billingActor } from "./actor.ts";
// Wiring at boot and the contracts other modules hold billing to (growth: grants, commissions, payouts).
export { applyCapturedOrder } from "./apply.ts";
export { cancelAtPeriodEnd } from "./cancel-at-period-end.ts";
export type { BillingHooks, GrantInput, GrantResult, PaymentAppliedEvent, PaymentRefundedEvent } from "./contracts.ts";
export { grantPlanDays, grantPlanDaysOn } from "./grants.ts";
export { registerBillingJobs } from "./jobs.ts";
export { type MemberPayment, memberPayments } from "./member-payments.ts";
export { AMOUNT_MISMATCH, getPlan, listPlans, MONEY_BACK_ONCE_PER_MONTHS, moneyBackPromise } from "./plans.ts";
export { signTestWebhook } from "./providers/test.ts";
export { type PayoutProvider, PROVIDER_IDS, providerRefused, WebhookVerificationError } from "./providers/types.ts";
export { quoteCheckout } from "./quote-checkout.ts";
export { refundPaymentByOperator } from "./refund-payment-by-operator.ts";
export { configurePaymentProviders, paymentProviders } from "./registry.ts";
export { requestRefund } from "./request-refund.ts";
export { resumeSubscription } from "./resume-subscription.ts";
export { staleMessage } from "./revalidate.ts";
export { runBillingSweep } from "./run-billing-sweep.ts";
export { StartCheckoutInput, startCheckout } from "./start-checkout.ts";
export { getBillingSummary, membershipComparison, subscriptionForApi } from "./summary.ts";
export { setTestPaymentMethodFails } from "./test-methods.ts";
export { refreshTier, setTierOverride, type TierSource, tierSources } from "./tier.ts";
export type { BillingSummary } from "./types.ts";
export { verifyOrder } from "./verify-order.ts";
export { getTestProviderOrder, handleWebhook, testProviderDecision } from "./webhooks.ts";
