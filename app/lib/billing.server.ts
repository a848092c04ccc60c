// Route modules reach the billing module only through this server-only file. It maps billing's
// answers to the page shapes in billing-view.ts, and turns billing's refusals into messages.
import { type AppLoadContext, redirect } from "react-router";
import { z } from "zod";
import { ForgotPasswordInput, type Viewer } from "#server/modules/accounts/index.ts";
import {
  type BillingSummary,
  billingActor,
  cancelAtPeriodEnd,
  getBillingSummary,
  getTestProviderOrder,
  listPlans,
  moneyBackPromise,
  PROVIDER_IDS,
  paymentProviders,
  quoteCheckout,
  requestRefund,
  resumeSubscription,
  type StartCheckoutInput,
  staleMessage,
  startCheckout,
  testProviderDecision,
  verifyOrder,
} from "#server/modules/billing/index.ts";
import { AppError } from "#server/platform/errors.ts";
import type {
  BillingHistoryRow,
  BillingOverview,
  CheckoutQuote,
  OrderView,
  PaidTier,
  PaymentOutcome,
  PlanView,
  ProviderId,
  ProvidersView,
} from "./billing-view";
import { PAY_MESSAGES } from "./billing-view";

export type Decision = "approve" | "decline" | "cancel";

const LABEL: Record<ProviderId, string> = { paypal: "PayPal", cashfree: "Cashfree", test: "Test provider" };

/** The /payment form: the e-mail for the receipt, a paid plan, a provider and the page's one-time key. */
export const PaymentFormInput = z.object({
  email: ForgotPasswordInput.shape.email,
  tier: z.enum(["standard", "expert"], { message: "Choose the Standard or Expert plan" }),
  provider: z.enum(["paypal", "cashfree", "test"], { message: "Choose a way to pay" }),
  idempotencyKey: z.string().regex(/^[\w-]{8,100}$/, "This form has expired: reload the page"),
});

/** The /checkout/{tier} form: one of the providers this site has on (checked first), and the page's key. */
export function checkoutForm(context: AppLoadContext) {
  const enabled: readonly string[] = providers(context).enabled;
  return z.object({
    provider: z.string({ message: "Choose a way to pay." }).refine((p) => enabled.includes(p), "Choose a way to pay."),
    idempotencyKey: z.string({ message: PAY_MESSAGES.createFailed }).regex(/^[\w-]{8,100}$/, PAY_MESSAGES.createFailed),
  });
}

/** The paid plans with their prices, from billing's plans table. */
export async function paidPlans(context: AppLoadContext): Promise<PlanView[]> {
  return (await listPlans(context.services.db)).map(planView);
}

function planView(p: Awaited<ReturnType<typeof listPlans>>[number]): PlanView {
  return { tier: p.tier, name: p.name, amountCents: p.amountCents, currency: p.currency, periodDays: p.periodDays };
}

/** The money-back guarantee in billing's words ("30-day money-back guarantee, once per member in any 12 months"). */
export async function moneyBack(context: AppLoadContext): Promise<string> {
  const plans = await listPlans(context.services.db);
  return moneyBackPromise(Math.max(0, ...plans.map((p) => p.refundWindowDays)));
}

export function providers(context: AppLoadContext): ProvidersView {
  const registry = paymentProviders(context.services);
  const enabled = PROVIDER_IDS.filter((id) => registry.providers[id]);
  return { enabled, testMode: enabled.every((id) => registry.providers[id]?.testMode) };
}

/** Billing's price for this member now; a plan they already have (or a lower one) is not for sale. */
export async function quote(context: AppLoadContext, viewer: Viewer, tier: PaidTier): Promise<CheckoutQuote> {
  const plans = await paidPlans(context);
  const plan = plans.find((p) => p.tier === tier);
  if (!plan) throw new AppError("not_found", PAY_MESSAGES.invalidPlan);
  try {
    const q = await quoteCheckout(context.services, billingActor(viewer, context.requestId), { tier });
    const credits: CheckoutQuote["credits"] = [];
    if (q.upgradeCreditCents > 0)
      credits.push({ label: "Unused days of your Standard plan", amountCents: q.upgradeCreditCents });
    if (q.ledgerCreditCents > 0) credits.push({ label: "Tool credits", amountCents: q.ledgerCreditCents });
    return {
      plan,
      kind: q.kind === "upgrade" ? "upgrade" : "new",
      credits,
      payableCents: q.amountCents,
      keepsCancellation: q.keepsCancellation,
    };
  } catch (err) {
    if (err instanceof AppError && err.code === "conflict") {
      return {
        plan,
        kind: viewer.tier === tier ? "current" : "included",
        credits: [],
        payableCents: 0,
        keepsCancellation: false,
      };
    }
    throw err;
  }
}

/** The checkout page's notice after a voided order (?stale=replaced|changed, &refunded=1), in billing's words. */
export function staleNotice(url: URL): string | null {
  const reason = url.searchParams.get("stale");
  if (reason !== "replaced" && reason !== "changed") return null;
  return staleMessage(reason, url.searchParams.get("refunded") === "1");
}

/**
 * The page's door to billing's startCheckout: creates (or returns the same pending) order and answers
 * the provider's page to send the buyer to. Refusals are AppErrors, which formAction answers.
 */
export async function checkoutRedirect(
  context: AppLoadContext,
  viewer: Viewer,
  input: StartCheckoutInput,
): Promise<Response> {
  const order = await startCheckout(context.services, billingActor(viewer, context.requestId), {
    ...input,
    origin: context.services.env.PUBLIC_URL ?? input.origin,
  });
  if (!order.url) {
    // Cashfree opens its checkout from its browser script with a session id; without a hosted URL
    // there is no page to send a buyer to without JavaScript.
    throw new AppError(
      "conflict",
      `${LABEL[order.provider]} payment failed: its checkout needs the provider's own page, which is not available here. Please choose another way to pay.`,
    );
  }
  return redirect(order.url);
}

const TEST_STATUS = {
  created: "pending",
  captured: "paid",
  refunded: "paid",
  declined: "declined",
  cancelled: "cancelled",
} as const satisfies Record<string, OrderView["status"]>;

/** The test provider's order, for its approval page; only its owner may see it (else not found). */
export async function testOrder(context: AppLoadContext, viewer: Viewer, providerOrderId: string): Promise<OrderView> {
  const view = await getTestProviderOrder(context.services.db, providerOrderId);
  if (!view || view.userId !== viewer.user.id) throw new AppError("not_found", "Payment not found");
  return {
    orderId: view.orderId,
    provider: "test",
    tier: view.tier,
    planName: view.planName,
    amountCents: view.amountCents,
    currency: "USD",
    status: TEST_STATUS[view.status],
    testMode: true,
  };
}

/** Approve / Decline / Cancel on the test provider's page; answers where to send the buyer. */
export async function testDecision(
  context: AppLoadContext,
  viewer: Viewer,
  providerOrderId: string,
  decision: Decision,
): Promise<string> {
  const { redirectTo } = await testProviderDecision(context.services, providerOrderId, decision, viewer.user.id);
  return redirectTo;
}

/**
 * Re-reads the order from its provider and applies it once (a reload applies nothing twice). The
 * plan, amount and next date come from the payment's own row in the member's billing history.
 */
export async function confirmOrder(context: AppLoadContext, viewer: Viewer, orderId: string): Promise<PaymentOutcome> {
  const outcome = await verifyOrder(context.services, billingActor(viewer, context.requestId), { orderId });
  const summary = await getBillingSummary(context.services, viewer.user.id);
  const applied = summary.history.find((e) => e.type === "payment_applied" && e.detail.orderId === orderId);
  const tier = (applied?.detail.tier as PaidTier | undefined) ?? summary.subscription?.tier ?? "standard";
  const plans = await paidPlans(context);
  const plan = plans.find((p) => p.tier === tier);
  const status: PaymentOutcome["status"] =
    outcome.status === "applied" || outcome.status === "already_applied"
      ? "paid"
      : outcome.status === "refused"
        ? "failed"
        : outcome.status;
  const provider = PROVIDER_IDS.find((p) => p === applied?.detail.provider) ?? "test";
  return {
    orderId,
    provider,
    tier,
    planName: plan?.name ?? tier,
    amountCents:
      typeof applied?.detail.amountCents === "number" ? applied.detail.amountCents : (plan?.amountCents ?? 0),
    currency: "USD",
    status,
    ...(outcome.stale ? { stale: outcome.stale } : {}),
    testMode: summary.testMode,
    nextBillingAt: (summary.nextBillingAt ?? summary.subscription?.currentPeriodEnd)?.toISOString() ?? null,
    refundableUntil: summary.refundableUntil?.toISOString() ?? null,
    moneyBackAgainFrom: summary.moneyBackAgainFrom?.toISOString() ?? null,
  };
}

const EVENT_LABEL: Record<string, string> = {
  payment_applied: "Payment",
  upgraded: "Upgraded",
  credit_applied: "Tool credits used",
  credit_granted: "Tool credits added",
  renewal_failed: "Renewal failed",
  grace_started: "Grace period started",
  cancel_requested: "Cancellation requested",
  cancel_undone: "Subscription resumed",
  cancelled: "Subscription ended",
  expired: "Subscription expired",
  refunded: "Refund",
  grant_added: "Days added",
  amount_mismatch: "Payment refused (amount)",
  payment_on_voided_order: "Payment for a cancelled checkout",
  operator_override: "Plan set by an operator",
};
/**
 * Bookkeeping rows the member has no use for: an order started or voided before any money moved
 * (paid ones show as payments; a payment on a voided order shows with its refund), a replay.
 */
const HIDDEN_EVENTS = new Set(["order_created", "order_voided", "duplicate_payment"]);
const PAYMENT_STATUS: Record<string, string> = { captured: "Paid", refunded: "Refunded", pending: "Pending" };
const CREDIT_STATUS: Record<string, string> = { credit_applied: "Credit used", credit_granted: "Credit added" };

function historyRow(e: BillingSummary["history"][number], plans: PlanView[]): BillingHistoryRow {
  const tier = typeof e.detail.tier === "string" ? e.detail.tier : null;
  const planName = plans.find((p) => p.tier === tier)?.name;
  const kind = e.payment?.kind ?? (typeof e.detail.kind === "string" ? e.detail.kind : null);
  const what = EVENT_LABEL[e.type] ?? e.type.replaceAll("_", " ");
  const amount =
    e.type === "payment_applied" || e.type === "refunded"
      ? (e.payment?.amountCents ?? (typeof e.detail.amountCents === "number" ? e.detail.amountCents : null))
      : typeof e.detail.amountCents === "number"
        ? e.detail.amountCents
        : null;
  return {
    id: e.id,
    at: e.at.toISOString(),
    description: [what, planName, kind && kind !== "new" && e.type === "payment_applied" ? `(${kind})` : null]
      .filter(Boolean)
      .join(" "),
    amountCents: amount,
    currency: "USD",
    // Only money that moved has a payment status: a credit row points at the payment it rode on,
    // but the credit itself was used or added, never "Paid" (issue 18).
    status:
      e.type === "refunded"
        ? "Refunded"
        : (CREDIT_STATUS[e.type] ??
          (e.payment && e.type === "payment_applied" ? (PAYMENT_STATUS[e.payment.status] ?? e.payment.status) : "—")),
  };
}

/** The dashboard's billing section. */
export async function overview(context: AppLoadContext, viewer: Viewer): Promise<BillingOverview> {
  const [summary, rows] = await Promise.all([
    getBillingSummary(context.services, viewer.user.id),
    listPlans(context.services.db),
  ]);
  const plans = rows.map(planView);
  const sub = summary.subscription;
  const live = sub && (sub.status === "active" || sub.status === "past_due") ? sub : null;
  const grant = summary.grants.at(-1);
  // The plan's own terms, for the section's words (grace after a failed renewal, the refund window).
  const terms = rows.find((p) => p.tier === (live ?? grant)?.tier);
  const planName = (tier: PaidTier) => plans.find((p) => p.tier === tier)?.name ?? tier;
  const expert = plans.find((p) => p.tier === "expert");
  const refundable = summary.history
    .filter((e) => e.type === "payment_applied" && e.payment && e.payment.status !== "refunded")
    .filter((e) => !live?.firstPaymentAt || e.at >= live.firstPaymentAt)
    .reduce((sum, e) => sum + (e.payment?.amountCents ?? 0), 0);
  return {
    subscription: live
      ? {
          tier: live.tier,
          planName: planName(live.tier),
          status: live.status,
          currentPeriodEnd: live.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: live.cancelAtPeriodEnd,
          granted: false,
          provider: PROVIDER_IDS.find((p) => p === live.provider) ?? null,
        }
      : grant && summary.source === "grant"
        ? {
            tier: grant.tier,
            planName: planName(grant.tier),
            status: "active",
            currentPeriodEnd: grant.endsAt.toISOString(),
            cancelAtPeriodEnd: false,
            granted: true,
            provider: null,
          }
        : null,
    assigned:
      summary.source === "override" && summary.tier !== "free"
        ? { tier: summary.tier, planName: planName(summary.tier) }
        : null,
    terms: terms
      ? { graceDays: terms.graceDays, refundWindowDays: terms.refundWindowDays, periodDays: terms.periodDays }
      : null,
    refundableUntil: summary.refundableUntil?.toISOString() ?? null,
    refundAmountCents: summary.refundableUntil && refundable > 0 ? refundable : null,
    upgrade:
      summary.upgrade && expert
        ? {
            plan: expert,
            kind: "upgrade",
            credits:
              summary.upgrade.creditCents > 0
                ? [{ label: "Unused days of your Standard plan", amountCents: summary.upgrade.creditCents }]
                : [],
            payableCents: summary.upgrade.amountCents,
            keepsCancellation: summary.subscription?.cancelAtPeriodEnd ?? false,
          }
        : null,
    credits:
      summary.tier === "expert" || summary.credit.balanceCents > 0 || summary.credit.entries.length
        ? {
            balanceCents: summary.credit.balanceCents,
            entries: summary.credit.entries.map((c, i) => ({
              id: `${c.at.toISOString()}-${i}`,
              at: c.at.toISOString(),
              description:
                c.reason === "monthly_tool_credit"
                  ? "Monthly tool credit"
                  : c.reason === "spent"
                    ? "Taken off a payment"
                    : c.reason.replaceAll("_", " "),
              amountCents: c.amountCents,
            })),
          }
        : null,
    history: summary.history.filter((e) => !HIDDEN_EVENTS.has(e.type)).map((e) => historyRow(e, plans)),
  };
}

export const BILLING_INTENTS = ["billing-cancel", "billing-resume", "billing-refund"] as const;

/** The dashboard's billing buttons: cancel at period end, resume, refund. Refusals are AppErrors (formAction). */
export async function billingIntent(
  context: AppLoadContext,
  viewer: Viewer,
  intent: (typeof BILLING_INTENTS)[number],
): Promise<string> {
  const actor = billingActor(viewer, context.requestId);
  switch (intent) {
    case "billing-cancel": {
      const sub = await cancelAtPeriodEnd(context.services, actor, {});
      return `Your plan stays on until ${sub.currentPeriodEnd.toISOString().slice(0, 10)}; it will not renew.`;
    }
    case "billing-resume":
      await resumeSubscription(context.services, actor, {});
      return "Your subscription will renew as before.";
    case "billing-refund": {
      const refunded = await requestRefund(context.services, actor, {});
      return `Refunded $${(refunded.refundedCents / 100).toFixed(2)}. You are on the Free plan now.`;
    }
  }
}
