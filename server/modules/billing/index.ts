/**
 * Billing's public surface (issue 9): plans, checkout orders, the payment providers, payments
 * applied exactly once, subscriptions and the derived tier, credits, grants, refunds, jobs.
 *
 * For pages (H5), through app/lib/*.server.ts: quoteCheckout / createOrder / verifyOrder for
 * /checkout and /payment*, getTestProviderOrder + testProviderDecision for /payment/test/{id},
 * getBillingSummary + cancelAtPeriodEnd / resumeSubscription / requestRefund (module functions;
 * the same are at POST /api/subscriptions/cancel|resume|refund) and createOrder(tier 'expert') for
 * the upgrade (priced with the unused Standard days). For growth (H4): services.billingHooks and
 * grantPlanDays (in the caller's transaction). Nothing imports billing's insides.
 */

export { type ApplyOutcome, applyCapturedOrder } from "./apply.ts";
export type {
  BillingHooks,
  GrantInput,
  GrantResult,
  PaidTier,
  PaymentAppliedEvent,
  PaymentRefundedEvent,
} from "./contracts.ts";
export { grantPlanDays, grantPlanDaysOn } from "./grants.ts";
export { registerBillingJobs } from "./jobs.ts";
export {
  type AdvanceOutcome,
  advanceSubscription,
  cancelAtPeriodEnd,
  lastMoneyBackRefund,
  type MemberPayment,
  memberPayments,
  quoteUpgrade,
  refundPaymentByOperator,
  requestRefund,
  resumeSubscription,
  runBillingSweep,
} from "./lifecycle.ts";
export {
  AMOUNT_MISMATCH,
  type CreateOrderInput,
  createOrder,
  quoteCheckout,
  type SettleOutcome,
  settleOrder,
  verifyOrder,
} from "./orders.ts";
export {
  formatMoney,
  getPlan,
  isPaidTier,
  listPlans,
  MONEY_BACK_ONCE_PER_MONTHS,
  moneyBackPromise,
  PAID_TIERS,
} from "./plans.ts";
export { signTestWebhook, TEST_SIGNATURE_HEADER, testPaymentMethodToken } from "./providers/test.ts";
export * from "./providers/types.ts";
export { configurePaymentProviders, type PaymentProviders, paymentProviders, providerFor } from "./registry.ts";
export { type StaleReason, staleMessage } from "./revalidate.ts";
export { getBillingSummary, membershipComparison, subscriptionForApi } from "./summary.ts";
export { setTestPaymentMethodFails } from "./test-methods.ts";
export { recomputeTier, refreshTier, setTierOverride, type TierSource, tierSources } from "./tier.ts";
export type * from "./types.ts";
export {
  deliverTestWebhook,
  getTestProviderOrder,
  handleWebhook,
  testProviderDecision,
  type WebhookOutcome,
} from "./webhooks.ts";
