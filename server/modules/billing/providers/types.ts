/**
 * The one payment-provider interface (issue 9). Implementations: PayPal (@paypal/paypal-server-sdk),
 * Cashfree (cashfree-pg) and the built-in test provider (the default with no credentials). Billing
 * never trusts the browser: amounts come from the plans table and every confirmation is re-read
 * from the provider (getOrder) before a tier changes.
 */
export type ProviderId = "paypal" | "cashfree" | "test";
export const PROVIDER_IDS = ["paypal", "cashfree", "test"] as const;

/** Money in minor units (cents): never floats. */
export type Money = { amountCents: number; currency: "USD" };

export type CreateOrderInput = {
  /** our order id (also the provider's reference / invoice id) */
  orderId: string;
  description: string;
  amount: Money;
  customer: { id: string; email: string; name: string };
  /** where the buyer lands after approving (the provider appends its own ids) */
  returnUrl: string;
  cancelUrl: string;
  /** the same key returns the same provider order (PayPal-Request-Id, x-idempotency-key) */
  idempotencyKey: string;
  /** ask the provider to keep the payment method for renewals, where it can */
  savePaymentMethod?: boolean;
};

export type CreatedOrder = {
  providerOrderId: string;
  /** the hosted page to send the buyer to (PayPal approve link, test provider's page); null when the
   * provider's checkout is opened with a session id instead (Cashfree) */
  approvalUrl: string | null;
  /** Cashfree's payment_session_id for its hosted checkout */
  sessionId?: string;
};

export type OrderStatus = "created" | "approved" | "captured" | "declined" | "cancelled" | "failed" | "pending";

/** What the provider says about an order, re-read from the provider (never from the browser). */
export type OrderState = {
  providerOrderId: string;
  status: OrderStatus;
  /** the captured payment's id: billing's exactly-once key together with the provider id */
  providerPaymentId: string | null;
  /** what the provider says was paid (compared with the plan's price before anything changes) */
  amount: Money | null;
  /** our order id as the provider echoes it (reference / invoice id) */
  reference: string | null;
  /** a stored payment method for renewals (PayPal vault id, Cashfree subscription/token), if any */
  paymentMethodToken?: string | null;
};

export type RefundInput = {
  providerPaymentId: string;
  /** the provider's order id: Cashfree refunds by order, not by payment (PayPal ignores it) */
  providerOrderId?: string;
  amount: Money;
  idempotencyKey: string;
  reason: string;
};
export type RefundResult = { providerRefundId: string; status: "completed" | "pending" | "failed" };

export type ChargeSavedInput = {
  orderId: string;
  paymentMethodToken: string;
  amount: Money;
  description: string;
  idempotencyKey: string;
};

export type WebhookEventType = "payment.captured" | "payment.failed" | "payment.refunded" | "other";

export type WebhookEvent = {
  /** the provider's event id (replays are recognised by it) */
  id: string;
  type: WebhookEventType;
  /** the provider's own event name (PAYMENT.CAPTURE.COMPLETED, PAYMENT_SUCCESS_WEBHOOK…) */
  providerType: string;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  reference: string | null;
  amount: Money | null;
};

/** Thrown by verifyWebhook: the API answers 400 (malformed) or 401 (signature) and changes nothing. */
export class WebhookVerificationError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401,
  ) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** A provider's API refused or failed: billing answers 502 with a message the page can show. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderId,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/**
 * True only when the provider answered and said no (a 4xx that is not "try again"): nothing was
 * charged or paid. Anything else — a timeout, a lost connection, a 5xx, a 409 or 429 — is an unclear
 * answer: the money may have moved, so callers reconcile by their own ids instead of assuming it failed.
 */
export function providerRefused(error: unknown): boolean {
  // By name, not instanceof: the built server and an injected provider may hold two copies of the class.
  if (!(error instanceof Error) || error.name !== "ProviderError") return false;
  const details = (error as ProviderError).details as { status?: unknown } | undefined;
  const status = typeof details?.status === "number" ? details.status : null;
  return status !== null && status >= 400 && status < 500 && ![408, 409, 425, 429].includes(status);
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /** 'Test mode' on every page of the flow when true */
  readonly testMode: boolean;
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** re-reads the order from the provider */
  getOrder(providerOrderId: string): Promise<OrderState>;
  /** captures an approved order (PayPal); providers that capture on approval return getOrder's state */
  capture(providerOrderId: string, idempotencyKey: string): Promise<OrderState>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Voids an order nobody should pay any more (a newer checkout replaced it, or the account changed
   * since it was priced): the provider is told where it can be (test provider, Cashfree's
   * TERMINATED); PayPal has no cancel for an uncaptured order, so there billing's refusal to
   * capture is the void. A capture that still happens is refunded by billing (ADR 0024).
   */
  cancelOrder(providerOrderId: string): Promise<void>;
  /** charges a stored payment method for a renewal; null when this provider keeps none */
  chargeSaved?(input: ChargeSavedInput): Promise<OrderState | null>;
  /** checks the signature over the raw body first; throws WebhookVerificationError */
  verifyWebhook(input: { headers: Headers; rawBody: string }): Promise<WebhookEvent>;
}

export type PayoutItem = { itemId: string; email: string; amount: Money; note: string };
export type PayoutResult = { batchId: string; status: "pending" | "processing" | "success" | "denied" };

/** Affiliate payouts (PayPal's payouts API); the test implementation records them locally. */
export interface PayoutProvider {
  readonly id: ProviderId;
  /**
   * Sends a batch under our sender batch id. The same id must never pay twice: PayPal answers a
   * repeated PayPal-Request-Id with the first batch, and refuses a repeated sender_batch_id.
   */
  payout(input: { batchId: string; items: PayoutItem[]; subject: string }): Promise<PayoutResult>;
}
