import type * as PayPalSdk from "@paypal/paypal-server-sdk";
import { centsToDecimal, header, rebasingAxiosAdapter, toMoney } from "./shared.ts";
import {
  type ChargeSavedInput,
  type CreatedOrder,
  type CreateOrderInput,
  type OrderState,
  type OrderStatus,
  type PaymentProvider,
  type PayoutItem,
  type PayoutProvider,
  type PayoutResult,
  ProviderError,
  type RefundInput,
  type RefundResult,
  type WebhookEvent,
  type WebhookEventType,
  WebhookVerificationError,
} from "./types.ts";

/**
 * PayPal: Orders v2 and refunds through @paypal/paypal-server-sdk; webhook signature verification
 * and payouts over fetch with the SDK's OAuth token (the SDK has neither). The SDK is loaded on
 * first use, so an instance without PayPal credentials never loads it.
 */
export type PayPalConfig = {
  clientId: string;
  clientSecret: string;
  environment: "sandbox" | "live";
  /** the id of the webhook registered in the PayPal app; without it every webhook is refused (401) */
  webhookId?: string;
  /** tests: a local replay server instead of api-m(.sandbox).paypal.com */
  baseUrl?: string;
  timeoutMs?: number;
};

export type PayPalProvider = PaymentProvider & PayoutProvider;

const HOSTS = { sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" } as const;

/** The headers PayPal signs a webhook with; all five are needed to verify it. */
const SIGNATURE_HEADERS = [
  "paypal-transmission-id",
  "paypal-transmission-time",
  "paypal-transmission-sig",
  "paypal-cert-url",
  "paypal-auth-algo",
] as const;

type Sdk = typeof PayPalSdk;
type SdkOrder = PayPalSdk.Order;
type Token = { accessToken: string; expiresAt: number };

export function createPayPalProvider(config: PayPalConfig): PayPalProvider {
  const baseUrl = (config.baseUrl ?? HOSTS[config.environment]).replace(/\/$/, "");
  const timeout = config.timeoutMs ?? 15_000;
  let loaded: Promise<{ sdk: Sdk; base: PayPalSdk.Client }> | null = null;
  let token: Token | null = null;

  const load = () => {
    loaded ??= import("@paypal/paypal-server-sdk").then((sdk) => {
      const base = new sdk.Client({
        environment: config.environment === "live" ? sdk.Environment.Production : sdk.Environment.Sandbox,
        timeout,
        clientCredentialsAuthCredentials: { oAuthClientId: config.clientId, oAuthClientSecret: config.clientSecret },
        ...(config.baseUrl ? { unstable_httpClientOptions: { adapter: rebasingAxiosAdapter(baseUrl) } } : {}),
      });
      return { sdk, base };
    });
    return loaded;
  };

  /** One cached token for the SDK's calls and ours (webhook verification, payouts). */
  async function accessToken(): Promise<Token> {
    if (token && token.expiresAt - 60_000 > Date.now()) return token;
    const { base } = await load();
    const fetched = await base.clientCredentialsAuthManager.fetchToken().catch((error: unknown) => {
      throw asProviderError(error, "PayPal refused the API credentials");
    });
    token = { accessToken: fetched.accessToken, expiresAt: Date.now() + Number(fetched.expiresIn ?? 300n) * 1000 };
    return token;
  }

  /**
   * A client per operation, handed our token: the SDK keeps a failed token fetch as a rejected
   * promise for the client's lifetime, so a long-lived client would never recover from one outage.
   */
  async function client() {
    const { sdk, base } = await load();
    const current = await accessToken();
    const oAuthToken = {
      accessToken: current.accessToken,
      tokenType: "Bearer",
      expiry: BigInt(Math.floor(current.expiresAt / 1000)),
    };
    const configured = base.withConfiguration({
      clientCredentialsAuthCredentials: {
        oAuthClientId: config.clientId,
        oAuthClientSecret: config.clientSecret,
        oAuthToken,
      },
    });
    return { sdk, client: configured };
  }

  async function orders() {
    const { sdk, client: c } = await client();
    return { sdk, controller: new sdk.OrdersController(c) };
  }

  /** Our own calls (the SDK has no webhook verification or payouts), with the SDK's token. */
  async function rest(method: "POST", path: string, body: string, requestId?: string): Promise<unknown> {
    const { accessToken: bearer } = await accessToken();
    const headers: Record<string, string> = {
      authorization: `Bearer ${bearer}`,
      "content-type": "application/json",
      accept: "application/json",
    };
    if (requestId) headers["paypal-request-id"] = requestId;
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeout) });
    } catch (error) {
      throw new ProviderError("paypal", "PayPal could not be reached", { cause: String(error) });
    }
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      throw new ProviderError("paypal", paypalMessage(json) ?? `PayPal answered ${response.status}`, {
        status: response.status,
        body: json ?? text.slice(0, 500),
      });
    }
    return json;
  }

  const provider: PayPalProvider = {
    id: "paypal",
    testMode: config.environment === "sandbox",

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      const { sdk, controller } = await orders();
      const result = await call(() =>
        controller.createOrder({
          paypalRequestId: input.idempotencyKey,
          prefer: "return=representation",
          body: {
            intent: sdk.CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: input.orderId,
                invoiceId: input.orderId,
                customId: input.customer.id,
                description: input.description.slice(0, 127),
                amount: { currencyCode: input.amount.currency, value: centsToDecimal(input.amount.amountCents) },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  brandName: "Toolscape",
                  returnUrl: input.returnUrl,
                  cancelUrl: input.cancelUrl,
                  userAction: sdk.PaypalExperienceUserAction.PayNow,
                  shippingPreference: sdk.PaypalWalletContextShippingPreference.NoShipping,
                },
                ...(input.savePaymentMethod
                  ? {
                      attributes: {
                        vault: {
                          storeInVault: sdk.StoreInVaultInstruction.OnSuccess,
                          usageType: sdk.PaypalPaymentTokenUsageType.Merchant,
                        },
                      },
                    }
                  : {}),
              },
            },
          },
        }),
      );
      const order = result.result;
      if (!order.id) throw new ProviderError("paypal", "PayPal created an order without an id", order);
      const approve = order.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
      if (!approve) throw new ProviderError("paypal", "PayPal gave no approval link for the order", order);
      return { providerOrderId: order.id, approvalUrl: approve.href };
    },

    async getOrder(providerOrderId) {
      const { controller } = await orders();
      const result = await call(() => controller.getOrder({ id: providerOrderId }));
      return orderState(result.result);
    },

    async capture(providerOrderId, idempotencyKey) {
      const { controller } = await orders();
      try {
        const result = await controller.captureOrder({
          id: providerOrderId,
          paypalRequestId: idempotencyKey,
          prefer: "return=representation",
        });
        return orderState(result.result);
      } catch (error) {
        const issue = paypalIssue(error);
        // Captured already (our retry, another instance, the webhook path): the order says so.
        if (issue === "ORDER_ALREADY_CAPTURED") return provider.getOrder(providerOrderId);
        // The buyer's funding failed: PayPal asks to send them back to approve again.
        if (issue === "INSTRUMENT_DECLINED")
          return { ...(await provider.getOrder(providerOrderId)), status: "declined" };
        throw asProviderError(error, "PayPal could not capture the payment");
      }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { sdk, client: c } = await client();
      const payments = new sdk.PaymentsController(c);
      const result = await call(() =>
        payments.refundCapturedPayment({
          captureId: input.providerPaymentId,
          paypalRequestId: input.idempotencyKey,
          prefer: "return=representation",
          body: {
            amount: { currencyCode: input.amount.currency, value: centsToDecimal(input.amount.amountCents) },
            noteToPayer: input.reason.slice(0, 255),
          },
        }),
      );
      const refund = result.result;
      if (!refund.id) throw new ProviderError("paypal", "PayPal answered a refund without an id", refund);
      const status = refund.status === "COMPLETED" ? "completed" : refund.status === "PENDING" ? "pending" : "failed";
      return { providerRefundId: refund.id, status };
    },

    /**
     * Orders v2 has no cancel for an order with intent CAPTURE: an uncaptured order moves no money
     * and expires on its own (PayPal keeps an approved order for three hours, a created one for
     * thirty days). Voiding it is therefore billing's refusal to capture it; a capture that still
     * happened (another instance raced the void) is refunded by billing (ADR 0024).
     */
    async cancelOrder(): Promise<void> {},

    async chargeSaved(input: ChargeSavedInput): Promise<OrderState | null> {
      const { sdk, controller } = await orders();
      // A vaulted PayPal wallet with intent CAPTURE is charged in the create call (no buyer approval).
      const result = await call(() =>
        controller.createOrder({
          paypalRequestId: input.idempotencyKey,
          prefer: "return=representation",
          body: {
            intent: sdk.CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: input.orderId,
                invoiceId: input.orderId,
                description: input.description.slice(0, 127),
                amount: { currencyCode: input.amount.currency, value: centsToDecimal(input.amount.amountCents) },
              },
            ],
            paymentSource: { paypal: { vaultId: input.paymentMethodToken } },
          },
        }),
      );
      const state = orderState(result.result);
      if (state.status === "approved")
        return provider.capture(state.providerOrderId, `${input.idempotencyKey}:capture`);
      return state;
    },

    async verifyWebhook({ headers, rawBody }): Promise<WebhookEvent> {
      const signed: Record<string, string> = {};
      for (const name of SIGNATURE_HEADERS) {
        const value = header(headers, name);
        if (!value) throw new WebhookVerificationError(`Missing ${name} header`, 400);
        signed[name] = value;
      }
      const event = parseJson(rawBody);
      if (!isRecord(event) || typeof event.id !== "string" || typeof event.event_type !== "string") {
        throw new WebhookVerificationError("The webhook body is not a PayPal event", 400);
      }
      if (!config.webhookId) throw new WebhookVerificationError("PAYPAL_WEBHOOK_ID is not set: cannot verify", 401);
      // The event goes back byte for byte: re-serialising it can change the bytes PayPal signed.
      const body = `{"auth_algo":${JSON.stringify(signed["paypal-auth-algo"])},"cert_url":${JSON.stringify(
        signed["paypal-cert-url"],
      )},"transmission_id":${JSON.stringify(signed["paypal-transmission-id"])},"transmission_sig":${JSON.stringify(
        signed["paypal-transmission-sig"],
      )},"transmission_time":${JSON.stringify(signed["paypal-transmission-time"])},"webhook_id":${JSON.stringify(
        config.webhookId,
      )},"webhook_event":${rawBody}}`;
      const answer = await rest("POST", "/v1/notifications/verify-webhook-signature", body);
      if (!isRecord(answer) || answer.verification_status !== "SUCCESS") {
        throw new WebhookVerificationError("PayPal did not confirm the webhook signature", 401);
      }
      return webhookEvent(event);
    },

    async payout({ batchId, items, subject }): Promise<PayoutResult> {
      const body = JSON.stringify({
        sender_batch_header: { sender_batch_id: batchId, email_subject: subject },
        items: items.map((item: PayoutItem) => ({
          recipient_type: "EMAIL",
          receiver: item.email,
          note: item.note,
          sender_item_id: item.itemId,
          amount: { value: centsToDecimal(item.amount.amountCents), currency: item.amount.currency },
        })),
      });
      const answer = await rest("POST", "/v1/payments/payouts", body, batchId);
      const batch = isRecord(answer) && isRecord(answer.batch_header) ? answer.batch_header : null;
      if (!batch || typeof batch.payout_batch_id !== "string") {
        throw new ProviderError("paypal", "PayPal answered a payout without a batch id", answer);
      }
      const status = String(batch.batch_status ?? "PENDING").toUpperCase();
      return {
        batchId: batch.payout_batch_id,
        status:
          status === "SUCCESS"
            ? "success"
            : status === "PROCESSING"
              ? "processing"
              : status === "DENIED" || status === "CANCELED"
                ? "denied"
                : "pending",
      };
    },
  };
  return provider;
}

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
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asProviderError(error, "PayPal refused the request");
  }
}

function asProviderError(error: unknown, fallback: string): ProviderError {
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
function paypalIssue(error: unknown): string | null {
  const e = error as { result?: unknown; body?: unknown };
  const result = isRecord(e?.result) ? e.result : parseJson(typeof e?.body === "string" ? e.body : "");
  if (!isRecord(result) || !Array.isArray(result.details)) return null;
  const first = result.details[0];
  return isRecord(first) && typeof first.issue === "string" ? first.issue : null;
}

function paypalMessage(json: unknown): string | null {
  if (!isRecord(json)) return null;
  const issue = Array.isArray(json.details) && isRecord(json.details[0]) ? json.details[0] : null;
  const description = issue && typeof issue.description === "string" ? issue.description : null;
  const message = typeof json.message === "string" ? json.message : null;
  return description ?? message ?? (typeof json.error_description === "string" ? json.error_description : null);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
