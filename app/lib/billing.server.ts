// Route modules reach the billing module only through this server-only file. It maps billing's
// answers to the page shapes in billing-view.ts.
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { ForgotPasswordInput, type Viewer } from "../../server/modules/accounts/index.ts";
import { AppError } from "../../server/platform/errors.ts";
import type {
  BillingOverview,
  CheckoutQuote,
  OrderView,
  PaidTier,
  PaymentOutcome,
  PlanView,
  ProviderId,
  ProvidersView,
} from "./billing-view";

/** The /payment form: the e-mail for the receipt, a paid plan, a provider and the page's one-time key. */
export const PaymentFormInput = z.object({
  email: ForgotPasswordInput.shape.email,
  tier: z.enum(["standard", "expert"], { message: "Choose the Standard or Expert plan" }),
  provider: z.enum(["paypal", "cashfree", "test"], { message: "Choose a way to pay" }),
  idempotencyKey: z.string().regex(/^[\w-]{8,100}$/, "This form has expired: reload the page"),
});

export type Decision = "approve" | "decline" | "cancel";

function notConnected(): never {
  throw new AppError("unavailable", "Payments are not available yet. Please try again later.");
}

/** The paid plans with their prices, from billing's plans table. */
export async function paidPlans(_context: AppLoadContext): Promise<PlanView[]> {
  return [
    { tier: "standard", name: "Standard", amountCents: 299, currency: "USD", periodDays: 30 },
    { tier: "expert", name: "Expert", amountCents: 2999, currency: "USD", periodDays: 30 },
  ];
}

export function providers(_context: AppLoadContext): ProvidersView {
  return { enabled: ["test"], testMode: true };
}

export async function quote(_context: AppLoadContext, _viewer: Viewer, _tier: PaidTier): Promise<CheckoutQuote> {
  return notConnected();
}

/** Creates (or returns the same pending) order and gives the page to send the buyer to. */
export async function startCheckout(
  _context: AppLoadContext,
  _viewer: Viewer,
  _input: { tier: PaidTier; provider: ProviderId; idempotencyKey: string; email?: string; origin: string },
): Promise<{ ok: true; orderId: string; approvalUrl: string } | { ok: false; error: string; status: number }> {
  return notConnected();
}

/** The test provider's order, for its approval page; only its owner may see it (else not found). */
export async function testOrder(
  _context: AppLoadContext,
  _viewer: Viewer,
  _providerOrderId: string,
): Promise<OrderView> {
  return notConnected();
}

/** Approve / Decline / Cancel on the test provider's page; answers where to send the buyer. */
export async function testDecision(
  _context: AppLoadContext,
  _viewer: Viewer,
  _providerOrderId: string,
  _decision: Decision,
): Promise<string> {
  return notConnected();
}

/** Re-reads the order from its provider and applies it once (a reload applies nothing twice). */
export async function confirmOrder(
  _context: AppLoadContext,
  _viewer: Viewer,
  _orderId: string,
): Promise<PaymentOutcome> {
  return notConnected();
}

export async function overview(_context: AppLoadContext, _viewer: Viewer): Promise<BillingOverview> {
  return {
    subscription: null,
    refundableUntil: null,
    refundAmountCents: null,
    upgrade: null,
    credits: null,
    history: [],
  };
}

/** The dashboard's billing buttons: cancel at period end, resume, refund. Refusals come back as messages. */
export async function billingAction(
  _context: AppLoadContext,
  _viewer: Viewer,
  intent: string,
): Promise<{ ok: boolean; message?: string; error?: string }> {
  if (!["billing-cancel", "billing-resume", "billing-refund"].includes(intent)) {
    return { ok: false, error: "Unknown action" };
  }
  return notConnected();
}
