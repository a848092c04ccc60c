import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type * as CashfreeSdk from "cashfree-pg";
import { systemClock } from "../../../platform/clock.ts";
import { centsToDecimal, header, toMoney } from "./shared.ts";
import {
  type CreatedOrder,
  type CreateOrderInput,
  type OrderState,
  type OrderStatus,
  type PaymentProvider,
  ProviderError,
  type RefundInput,
  type RefundResult,
  type WebhookEvent,
  WebhookVerificationError,
} from "./types.ts";

/**
 * Cashfree Payment Gateway through cashfree-pg. Cashfree keys everything by the merchant's order id,
 * so our order id is the provider order id. Payments are captured when the buyer pays; there is no
 * capture step. The SDK is loaded on first use (it brings @sentry/node along).
 */
export type CashfreeConfig = {
  appId: string;
  secretKey: string;
  environment: "sandbox" | "production";
  /** tests: a local replay server instead of (sandbox|api).cashfree.com; the SDK's paths follow it */
  baseUrl?: string;
  /** webhooks older (or newer) than this are refused, against replays of a captured request */
  webhookToleranceMs?: number;
  /** services.clock.now, so tests can move time (the system clock when not given) */
  now?: () => Date;
  /** Cashfree requires a customer phone; members give none, so orders carry this placeholder */
  customerPhone?: string;
};

const HOSTS = { sandbox: "https://sandbox.cashfree.com/pg", production: "https://api.cashfree.com/pg" } as const;
const DEFAULT_TOLERANCE_MS = 5 * 60_000;
/** Cashfree's order_id: letters, digits, - and _, 3 to 45 characters. */
const ORDER_ID = /^[A-Za-z0-9_-]{3,45}$/;

type Sdk = typeof CashfreeSdk;
type CashfreeClient = InstanceType<Sdk["Cashfree"]>;

export function createCashfreeProvider(config: CashfreeConfig): PaymentProvider {
  const now = config.now ?? systemClock.now;
  const tolerance = config.webhookToleranceMs ?? DEFAULT_TOLERANCE_MS;
  let loaded: Promise<CashfreeClient> | null = null;

  const client = () => {
    loaded ??= import("cashfree-pg").then((sdk) => {
      const environment =
        config.environment === "production" ? sdk.CFEnvironment.PRODUCTION : sdk.CFEnvironment.SANDBOX;
      // Error analytics off: by default the SDK starts Sentry process-wide (100 % tracing) and
      // sends its errors, with our request data, to Cashfree's Sentry project.
      const cf = new sdk.Cashfree(environment, config.appId, config.secretKey, undefined, undefined, undefined, false);
      if (config.baseUrl) cf.basePath = `${config.baseUrl.replace(/\/$/, "")}/pg`;
      else cf.basePath = HOSTS[config.environment];
      return cf;
    });
    return loaded;
  };

  async function fetchOrder(orderId: string) {
    const cf = await client();
    return (await call(() => cf.PGFetchOrder(orderId))).data;
  }

  const provider: PaymentProvider = {
    id: "cashfree",
    testMode: config.environment === "sandbox",

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      if (!ORDER_ID.test(input.orderId)) {
        throw new ProviderError(
          "cashfree",
          `Order id ${JSON.stringify(input.orderId)} does not fit Cashfree's order_id`,
        );
      }
      const cf = await client();
      const request: CashfreeSdk.CreateOrderRequest = {
        order_id: input.orderId,
        order_amount: Number(centsToDecimal(input.amount.amountCents)),
        order_currency: input.amount.currency,
        order_note: input.description.slice(0, 200),
        customer_details: {
          customer_id: safeId(input.customer.id, 50),
          customer_email: input.customer.email,
          customer_name: input.customer.name.slice(0, 100) || undefined,
          customer_phone: config.customerPhone ?? "9999999999",
        },
        // Cashfree fills {order_id} in; it has no separate cancel URL (a cancelled payment returns here too)
        order_meta: { return_url: withOrderIdPlaceholder(input.returnUrl) },
      };
      let order: CashfreeSdk.OrderEntity;
      try {
        order = (await cf.PGCreateOrder(request, undefined, input.idempotencyKey)).data;
      } catch (error) {
        // The order exists already (a retry after a lost answer): its session is still the one to open.
        if (statusOf(error) !== 409) throw asProviderError(error, "Cashfree refused the order");
        order = await fetchOrder(input.orderId);
      }
      if (!order.payment_session_id) throw new ProviderError("cashfree", "Cashfree gave no payment session", order);
      return {
        providerOrderId: order.order_id ?? input.orderId,
        approvalUrl: null,
        sessionId: order.payment_session_id,
      };
    },

    async getOrder(providerOrderId: string): Promise<OrderState> {
      const order = await fetchOrder(providerOrderId);
      const cf = await client();
      const payments =
        order.order_status === "PAID" || order.order_status === "ACTIVE"
          ? (await call(() => cf.PGOrderFetchPayments(providerOrderId))).data
          : [];
      return orderState(order, payments);
    },

    // Cashfree captures when the buyer pays: "capture" is a fresh read.
    capture(providerOrderId: string): Promise<OrderState> {
      return provider.getOrder(providerOrderId);
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      if (!input.providerOrderId) {
        throw new ProviderError("cashfree", "A Cashfree refund needs the provider order id");
      }
      const cf = await client();
      const refundId = safeId(input.idempotencyKey, 40);
      const body: CashfreeSdk.OrderCreateRefundRequest = {
        refund_amount: Number(centsToDecimal(input.amount.amountCents)),
        refund_id: refundId,
        refund_note: input.reason.slice(0, 100),
      };
      let refund: CashfreeSdk.RefundEntity;
      try {
        refund = (await cf.PGOrderCreateRefund(input.providerOrderId, body, undefined, input.idempotencyKey)).data;
      } catch (error) {
        // The same refund id was accepted before: read it back instead of failing the retry.
        if (statusOf(error) !== 409) throw asProviderError(error, "Cashfree refused the refund");
        refund = (await call(() => cf.PGOrderFetchRefund(input.providerOrderId as string, refundId))).data;
      }
      const status = refund.refund_status;
      return {
        providerRefundId: String(refund.cf_refund_id ?? refund.refund_id ?? refundId),
        status: status === "SUCCESS" ? "completed" : status === "PENDING" || status === "ONHOLD" ? "pending" : "failed",
      };
    },

    /**
     * Terminates an order still waiting for payment (PATCH /orders/{id}, order_status TERMINATED).
     * An order Cashfree already marked PAID (or terminated) answers 4xx: nothing more to stop here,
     * billing refunds a payment that arrives for a voided order.
     */
    async cancelOrder(providerOrderId: string): Promise<void> {
      const cf = await client();
      try {
        await cf.PGTerminateOrder(providerOrderId, { order_status: "TERMINATED" });
      } catch (error) {
        const status = statusOf(error);
        if (status === 400 || status === 404 || status === 409 || status === 422) return;
        throw asProviderError(error, "Cashfree refused to terminate the order");
      }
    },

    /**
     * Cashfree's recurring payments are its Subscriptions product (a plan plus a mandate the buyer
     * authorises), not a saved card charged on demand: renewals through Cashfree are a new checkout.
     */
    async chargeSaved() {
      return null;
    },

    async verifyWebhook({ headers, rawBody }): Promise<WebhookEvent> {
      const signature = header(headers, "x-webhook-signature");
      const timestamp = header(headers, "x-webhook-timestamp");
      if (!signature || !timestamp) {
        throw new WebhookVerificationError("Missing x-webhook-signature or x-webhook-timestamp header", 400);
      }
      if (!/^\d{1,16}$/.test(timestamp)) throw new WebhookVerificationError("Bad x-webhook-timestamp header", 400);
      const expected = createHmac("sha256", config.secretKey)
        .update(timestamp + rawBody)
        .digest();
      const given = Buffer.from(signature, "base64");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new WebhookVerificationError("The webhook signature does not match", 401);
      }
      // Cashfree sends milliseconds; accept seconds too rather than refuse a format change outright.
      const raw = Number(timestamp);
      const sentAt = raw < 1e12 ? raw * 1000 : raw;
      if (Math.abs(now().getTime() - sentAt) > tolerance) {
        throw new WebhookVerificationError("The webhook is too old (or from the future)", 401);
      }
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookVerificationError("The webhook body is not JSON", 400);
      }
      if (!isRecord(event) || typeof event.type !== "string") {
        throw new WebhookVerificationError("The webhook body is not a Cashfree event", 400);
      }
      return webhookEvent(event, rawBody);
    },
  };
  return provider;
}

/** The order, with its payments: a SUCCESS payment makes it captured, whatever else was tried. */
export function orderState(order: CashfreeSdk.OrderEntity, payments: CashfreeSdk.PaymentEntity[]): OrderState {
  const success = payments.find((p) => p.payment_status === "SUCCESS");
  const latest = [...payments].sort((a, b) => time(b.payment_time) - time(a.payment_time))[0];
  let status: OrderStatus;
  if (success) status = "captured";
  else if (order.order_status === "EXPIRED" || order.order_status?.startsWith("TERMINAT")) status = "cancelled";
  else if (payments.some((p) => p.payment_status === "PENDING")) status = "pending";
  else if (latest?.payment_status === "FAILED") status = "declined";
  else if (latest?.payment_status === "USER_DROPPED" || latest?.payment_status === "CANCELLED") status = "cancelled";
  else if (order.order_status === "PAID")
    status = "pending"; // paid but the payment is not listed yet
  else status = "created";
  return {
    providerOrderId: order.order_id ?? "",
    status,
    providerPaymentId: success?.cf_payment_id !== undefined ? String(success.cf_payment_id) : null,
    amount: success
      ? toMoney(success.payment_amount, success.payment_currency)
      : toMoney(order.order_amount, order.order_currency),
    reference: order.order_id ?? null,
    paymentMethodToken: null,
  };
}

/**
 * A verified event, mapped. Cashfree's events carry no event id; the id is built from what makes
 * the event itself (type, payment, refund and its status), so a redelivery has the same id.
 */
export function webhookEvent(event: Record<string, unknown>, rawBody: string): WebhookEvent {
  const providerType = String(event.type);
  const data = isRecord(event.data) ? event.data : {};
  const order = isRecord(data.order) ? data.order : {};
  const payment = isRecord(data.payment) ? data.payment : {};
  const refund = isRecord(data.refund) ? data.refund : {};
  if (providerType === "PAYMENT_SUCCESS_WEBHOOK" || providerType === "PAYMENT_FAILED_WEBHOOK") {
    const paymentId = idOf(payment.cf_payment_id);
    const success = providerType === "PAYMENT_SUCCESS_WEBHOOK" && payment.payment_status === "SUCCESS";
    return {
      id: `${providerType}:${paymentId ?? digest(rawBody)}`,
      type: success ? "payment.captured" : "payment.failed",
      providerType,
      providerOrderId: str(order.order_id),
      providerPaymentId: paymentId,
      reference: str(order.order_id),
      amount: toMoney(num(payment.payment_amount), str(payment.payment_currency)),
    };
  }
  if (providerType === "REFUND_STATUS_WEBHOOK") {
    const refundId = idOf(refund.cf_refund_id) ?? str(refund.refund_id);
    const status = str(refund.refund_status);
    return {
      id: `${providerType}:${refundId ?? digest(rawBody)}:${status ?? ""}`,
      type: status === "SUCCESS" ? "payment.refunded" : "other",
      providerType,
      providerOrderId: str(refund.order_id),
      providerPaymentId: idOf(refund.cf_payment_id),
      reference: str(refund.order_id),
      amount: toMoney(num(refund.refund_amount), str(refund.refund_currency)),
    };
  }
  return {
    id: `${providerType}:${digest(rawBody)}`,
    type: "other",
    providerType,
    providerOrderId: str(order.order_id),
    providerPaymentId: idOf(payment.cf_payment_id),
    reference: str(order.order_id),
    amount: null,
  };
}

/** return_url with Cashfree's {order_id} placeholder, unless the caller put it in already. */
function withOrderIdPlaceholder(url: string): string {
  if (url.includes("{order_id}")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}cf_order_id={order_id}`;
}

/** Cashfree ids allow letters, digits, - and _ only, and are short: anything else is hashed (stably). */
function safeId(value: string, max: number): string {
  if (/^[A-Za-z0-9_-]+$/.test(value) && value.length <= max) return value;
  return createHash("sha256").update(value).digest("hex").slice(0, max);
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asProviderError(error, "Cashfree refused the request");
  }
}

function statusOf(error: unknown): number | null {
  const e = error as { response?: { status?: number } };
  return typeof e?.response?.status === "number" ? e.response.status : null;
}

function asProviderError(error: unknown, fallback: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = error as { response?: { status?: number; data?: unknown }; message?: string };
  const data = e?.response?.data;
  const message = isRecord(data) && typeof data.message === "string" ? data.message : fallback;
  return new ProviderError("cashfree", message, {
    status: e?.response?.status,
    code: isRecord(data) ? data.code : undefined,
    cause: e?.message,
  });
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

function time(value: string | undefined): number {
  const t = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(t) ? 0 : t;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Cashfree sends numeric ids as numbers in webhooks and as strings in the API. */
function idOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return str(value);
}

function num(value: unknown): number | string | null {
  return typeof value === "number" || typeof value === "string" ? value : null;
}
