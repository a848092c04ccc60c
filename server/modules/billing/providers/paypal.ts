import type * as PayPalSdk from "@paypal/paypal-server-sdk";
import {
  asProviderError,
  call,
  isRecord,
  orderState,
  parseJson,
  paypalIssue,
  paypalMessage,
  webhookEvent,
} from "./paypal-answers.ts";
import { centsToDecimal, header, rebasingAxiosAdapter } from "./shared.ts";
import {
  type ChargeSavedInput,
  type CreatedOrder,
  type CreateOrderInput,
  type OrderState,
  type PaymentProvider,
  type PayoutItem,
  type PayoutProvider,
  type PayoutResult,
  ProviderError,
  type RefundInput,
  type RefundResult,
  type WebhookEvent,
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
