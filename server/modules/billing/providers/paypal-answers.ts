import type * as PayPalSdk from "@paypal/paypal-server-sdk";
import { toMoney } from "./shared.ts";
import { type OrderState, type OrderStatus, ProviderError, type WebhookEvent, type WebhookEventType } from "./types.ts";

/** PayPal's answers as billing reads them (paypal.ts makes the calls): orders, webhook events and errors. */
type SdkOrder = PayPalSdk.Order;

/** An order as billing sees it: a COMPLETED order is captured only if its capture completed. */
export function orderState(order: SdkOrder): OrderState {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const vault = order.paymentSource?.paypal?.attributes?.vault;
  let status: OrderStatus;
  switch (order.status) {
    case "APPROVED":
      status = "approved";
      break;
    case "VOIDED":
      status = "cancelled";
      break;
    case "COMPLETED":
      status = captureStatus(capture?.status);
      break;
    default:
      status = "created";
  }
  const captured = status === "captured" || status === "pending";
  return {
    providerOrderId: order.id ?? "",
    status,
    providerPaymentId: captured ? (capture?.id ?? null) : null,
    amount: captured
      ? toMoney(capture?.amount?.value, capture?.amount?.currencyCode)
      : toMoney(unit?.amount?.value, unit?.amount?.currencyCode),
    reference: unit?.invoiceId ?? unit?.referenceId ?? null,
    paymentMethodToken: vault?.status === "VAULTED" ? (vault.id ?? null) : null,
  };
}

function captureStatus(status: string | undefined): OrderStatus {
  switch (status) {
    case "COMPLETED":
    // refunded later: the payment still happened (refunds arrive as their own event)
    case "REFUNDED":
    case "PARTIALLY_REFUNDED":
      return "captured";
    case "PENDING":
      return "pending";
    case "DECLINED":
      return "declined";
    default:
      return "failed";
  }
}

const EVENT_TYPES: Record<string, WebhookEventType> = {
  "PAYMENT.CAPTURE.COMPLETED": "payment.captured",
  "PAYMENT.CAPTURE.DENIED": "payment.failed",
  "PAYMENT.CAPTURE.REFUNDED": "payment.refunded",
  // money taken back without our asking (a chargeback): for the member it is a refund
  "PAYMENT.CAPTURE.REVERSED": "payment.refunded",
};

/**
 * A verified event, mapped. CHECKOUT.ORDER.APPROVED stays 'other' with its order id: billing may
 * capture it (the buyer approved, then closed the tab before our return page ran).
 */
export function webhookEvent(event: Record<string, unknown>): WebhookEvent {
  const providerType = String(event.event_type);
  const type = Object.hasOwn(EVENT_TYPES, providerType) ? (EVENT_TYPES[providerType] as WebhookEventType) : "other";
  const resource = isRecord(event.resource) ? event.resource : {};
  const amount = isRecord(resource.amount) ? resource.amount : null;
  const base: WebhookEvent = {
    id: String(event.id),
    type,
    providerType,
    providerOrderId: null,
    providerPaymentId: null,
    reference: null,
    amount: null,
  };
  if (providerType.startsWith("PAYMENT.CAPTURE.")) {
    const related = isRecord(resource.supplementary_data) ? resource.supplementary_data.related_ids : null;
    // A refund's resource is the refund; the capture it belongs to is its "up" link.
    const captureId = type === "payment.refunded" ? upLinkId(resource.links, "captures") : str(resource.id);
    return {
      ...base,
      // a capture's "up" link is its order (an authorization's, for intent AUTHORIZE, which we never use)
      providerOrderId:
        (isRecord(related) ? str(related.order_id) : null) ??
        (captureId === str(resource.id) ? upLinkId(resource.links, "orders") : null),
      providerPaymentId: captureId,
      reference: str(resource.invoice_id),
      amount: amount ? toMoney(str(amount.value), str(amount.currency_code)) : null,
    };
  }
  if (providerType.startsWith("CHECKOUT.ORDER.")) {
    const units = Array.isArray(resource.purchase_units) ? resource.purchase_units : [];
    const unit = isRecord(units[0]) ? units[0] : {};
    const unitAmount = isRecord(unit.amount) ? unit.amount : null;
    return {
      ...base,
      providerOrderId: str(resource.id),
      reference: str(unit.invoice_id) ?? str(unit.reference_id),
      amount: unitAmount ? toMoney(str(unitAmount.value), str(unitAmount.currency_code)) : null,
    };
  }
  return base;
}

function upLinkId(links: unknown, kind: string): string | null {
  if (!Array.isArray(links)) return null;
  for (const link of links) {
    if (isRecord(link) && link.rel === "up" && typeof link.href === "string") {
      const match = new RegExp(`/${kind}/([^/?#]+)`).exec(link.href);
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
  }
  return null;
}

/** Runs an SDK call; its ApiError becomes a ProviderError with PayPal's message and debug id. */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asProviderError(error, "PayPal refused the request");
  }
}

export function asProviderError(error: unknown, fallback: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = error as { statusCode?: number; result?: unknown; body?: unknown; message?: string };
  const result = isRecord(e?.result) ? e.result : parseJson(typeof e?.body === "string" ? e.body : "");
  const message = paypalMessage(result) ?? fallback;
  return new ProviderError("paypal", message, {
    status: e?.statusCode,
    issue: paypalIssue(error),
    debugId: isRecord(result) ? result.debug_id : undefined,
    cause: e?.message,
  });
}

/** PayPal's error issue code (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED…) from an SDK error. */
export function paypalIssue(error: unknown): string | null {
  const e = error as { result?: unknown; body?: unknown };
  const result = isRecord(e?.result) ? e.result : parseJson(typeof e?.body === "string" ? e.body : "");
  if (!isRecord(result) || !Array.isArray(result.details)) return null;
  const first = result.details[0];
  return isRecord(first) && typeof first.issue === "string" ? first.issue : null;
}

export function paypalMessage(json: unknown): string | null {
  if (!isRecord(json)) return null;
  const issue = Array.isArray(json.details) && isRecord(json.details[0]) ? json.details[0] : null;
  const description = issue && typeof issue.description === "string" ? issue.description : null;
  const message = typeof json.message === "string" ? json.message : null;
  return description ?? message ?? (typeof json.error_description === "string" ? json.error_description : null);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
