import { afterEach, describe, expect, it } from "vitest";
import {
  type Exchange,
  fixture,
  fixtureText,
  type ReplayServer,
  startReplayServer,
} from "../../../../tests/helpers/replay-server.ts";
import { createPayPalProvider } from "./paypal.ts";
import { ProviderError, WebhookVerificationError } from "./types.ts";

const ORDER = "5O190127TN364715T";
const CAPTURE = "3C679366HH908993F";
const OURS = "ord_7Qm2x9Lk4Rt8";

let server: ReplayServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function paypal(names: string[], extra: Exchange[] = [], webhookId: string | null = "WH-ID-0042") {
  server = await startReplayServer([...names.map((n) => fixture("paypal", n)), ...extra]);
  const provider = createPayPalProvider({
    clientId: "client-id-123",
    clientSecret: "client-secret-456",
    environment: "sandbox",
    webhookId: webhookId ?? undefined,
    baseUrl: server.url,
  });
  return { provider, server };
}

const order = {
  orderId: OURS,
  description: "Toolscape Standard, 30 days",
  amount: { amountCents: 299, currency: "USD" as const },
  customer: { id: "usr_k2J8pQ", email: "ada@example.com", name: "Ada Lovelace" },
  returnUrl: "http://127.0.0.1/payment/return?order=ord_7Qm2x9Lk4Rt8",
  cancelUrl: "http://127.0.0.1/payment/cancel?order=ord_7Qm2x9Lk4Rt8",
  idempotencyKey: "idem-create-1",
};

const signatureHeaders = () =>
  new Headers({
    "paypal-transmission-id": "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
    "paypal-transmission-time": "2026-11-24T06:31:06Z",
    "paypal-transmission-sig":
      "lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==",
    "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-5edc0ebc",
    "paypal-auth-algo": "SHA256withRSA",
  });

describe("PayPal adapter (recorded Orders v2 exchanges)", () => {
  it("creates a CAPTURE order with our id, the amount as a string and the idempotency key", async () => {
    const { provider, server } = await paypal(["oauth-token", "create-order"]);
    const created = await provider.createOrder({ ...order, savePaymentMethod: true });
    expect(created).toEqual({
      providerOrderId: ORDER,
      approvalUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER}`,
    });

    const [token] = server.to("POST", "/v1/oauth2/token");
    expect(token?.headers.authorization).toBe(
      `Basic ${Buffer.from("client-id-123:client-secret-456").toString("base64")}`,
    );
    expect(token?.body).toContain("grant_type=client_credentials");

    const [create] = server.to("POST", "/v2/checkout/orders");
    expect(create?.headers.authorization).toMatch(/^Bearer A21AAF/);
    expect(create?.headers["paypal-request-id"]).toBe("idem-create-1");
    expect(create?.json).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ reference_id: OURS, invoice_id: OURS, amount: { currency_code: "USD", value: "2.99" } }],
      payment_source: {
        paypal: {
          experience_context: { return_url: order.returnUrl, cancel_url: order.cancelUrl, user_action: "PAY_NOW" },
          attributes: { vault: { store_in_vault: "ON_SUCCESS", usage_type: "MERCHANT" } },
        },
      },
    });
  });

  it("asks for no vault unless told to, and reuses its OAuth token", async () => {
    const { provider, server } = await paypal(["oauth-token", "create-order", "get-order-approved"]);
    await provider.createOrder(order);
    await provider.getOrder(ORDER);
    expect(server.to("POST", "/v1/oauth2/token")).toHaveLength(1);
    const [create] = server.to("POST", "/v2/checkout/orders");
    const body = create?.json as { payment_source: { paypal: object } } | undefined;
    expect(body?.payment_source.paypal).not.toHaveProperty("attributes");
  });

  it("reads an approved order back: approved, nothing paid yet", async () => {
    const { provider } = await paypal(["oauth-token", "get-order-approved"]);
    expect(await provider.getOrder(ORDER)).toEqual({
      providerOrderId: ORDER,
      status: "approved",
      providerPaymentId: null,
      amount: { amountCents: 299, currency: "USD" },
      reference: OURS,
      paymentMethodToken: null,
    });
  });

  it("captures: the capture id is the payment id, with the captured amount and the vault token", async () => {
    const { provider, server } = await paypal(["oauth-token", "capture-order"]);
    expect(await provider.capture(ORDER, "idem-capture-1")).toEqual({
      providerOrderId: ORDER,
      status: "captured",
      providerPaymentId: CAPTURE,
      amount: { amountCents: 299, currency: "USD" },
      reference: OURS,
      paymentMethodToken: "nkq2y9g",
    });
    expect(server.to("POST", `/v2/checkout/orders/${ORDER}/capture`)[0]?.headers["paypal-request-id"]).toBe(
      "idem-capture-1",
    );
  });

  it("a second capture (ORDER_ALREADY_CAPTURED) answers the order as it stands", async () => {
    const { provider, server } = await paypal(["oauth-token", "capture-already-captured", "get-order-completed"]);
    const state = await provider.capture(ORDER, "idem-capture-2");
    expect(state).toMatchObject({ status: "captured", providerPaymentId: CAPTURE });
    expect(server.to("GET", `/v2/checkout/orders/${ORDER}`)).toHaveLength(1);
  });

  it("a declined instrument is 'declined', not an error", async () => {
    const { provider } = await paypal(["oauth-token", "capture-instrument-declined", "get-order-approved"]);
    expect(await provider.capture(ORDER, "idem-capture-3")).toMatchObject({
      status: "declined",
      providerPaymentId: null,
    });
  });

  it("reports what PayPal captured, so billing can refuse an amount or currency that is not the plan's", async () => {
    const recorded = fixture("paypal", "capture-order");
    const tamper = (value: string, currency: string): Exchange => {
      const copy = structuredClone(recorded) as Exchange & { response: { body: Record<string, unknown> } };
      const body = copy.response.body as {
        purchase_units: { payments: { captures: { amount: { value: string; currency_code: string } }[] } }[];
      };
      const capture = body.purchase_units[0]?.payments.captures[0];
      if (capture) capture.amount = { value, currency_code: currency };
      return copy;
    };
    const low = await paypal(["oauth-token"], [tamper("0.01", "USD")]);
    expect((await low.provider.capture(ORDER, "k1")).amount).toEqual({ amountCents: 1, currency: "USD" });
    await low.server.close();
    const euro = await paypal(["oauth-token"], [tamper("2.99", "EUR")]);
    expect(await euro.provider.capture(ORDER, "k2")).toMatchObject({ status: "captured", amount: null });
  });

  it("refunds a capture by id, with the amount as a string and the idempotency key", async () => {
    const { provider, server } = await paypal(["oauth-token", "refund"]);
    const result = await provider.refund({
      providerPaymentId: CAPTURE,
      amount: { amountCents: 299, currency: "USD" },
      idempotencyKey: "idem-refund-1",
      reason: "Money-back guarantee",
    });
    expect(result).toEqual({ providerRefundId: "1JU08902781691411", status: "completed" });
    const [refund] = server.to("POST", `/v2/payments/captures/${CAPTURE}/refund`);
    expect(refund?.headers["paypal-request-id"]).toBe("idem-refund-1");
    expect(refund?.json).toMatchObject({ amount: { value: "2.99", currency_code: "USD" } });
  });

  it("voids an order without a call: Orders v2 has no cancel, an uncaptured order moves no money", async () => {
    const { provider, server } = await paypal([]);
    await provider.cancelOrder("5O190127TN364715T");
    expect(server.requests).toHaveLength(0);
  });

  it("charges a vaulted wallet in one call", async () => {
    const { provider, server } = await paypal(["oauth-token", "charge-saved"]);
    const state = await provider.chargeSaved?.({
      orderId: "ord_Renew2x9Lk4R",
      paymentMethodToken: "nkq2y9g",
      amount: { amountCents: 299, currency: "USD" },
      description: "Toolscape Standard renewal",
      idempotencyKey: "idem-renew-1",
    });
    expect(state).toMatchObject({
      status: "captured",
      providerPaymentId: "8MC585209K746392H",
      reference: "ord_Renew2x9Lk4R",
    });
    const [create] = server.to("POST", "/v2/checkout/orders");
    expect(create?.headers["paypal-request-id"]).toBe("idem-renew-1");
    expect(create?.json).toMatchObject({ payment_source: { paypal: { vault_id: "nkq2y9g" } } });
  });

  it("turns PayPal's refusal into a ProviderError, and recovers once the token endpoint does", async () => {
    const refused: Exchange = {
      request: { method: "POST", path: "/v1/oauth2/token" },
      response: { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } },
    };
    server = await startReplayServer([
      refused,
      fixture("paypal", "oauth-token"),
      fixture("paypal", "get-order-approved"),
    ]);
    const provider = createPayPalProvider({
      clientId: "a",
      clientSecret: "b",
      environment: "sandbox",
      baseUrl: server.url,
    });
    await expect(provider.getOrder(ORDER)).rejects.toBeInstanceOf(ProviderError);
    expect(await provider.getOrder(ORDER)).toMatchObject({ status: "approved" });
  });
});

describe("PayPal webhooks (verify-webhook-signature)", () => {
  it("a verified capture event maps to payment.captured, and the event goes back to PayPal byte for byte", async () => {
    const { provider, server } = await paypal(["oauth-token", "verify-webhook-success"]);
    const rawBody = fixtureText("paypal", "webhook-capture-completed");
    const event = await provider.verifyWebhook({ headers: signatureHeaders(), rawBody });
    expect(event).toEqual({
      id: "WH-2CL46544TB770421K-5VB92446WP7345818",
      type: "payment.captured",
      providerType: "PAYMENT.CAPTURE.COMPLETED",
      providerOrderId: ORDER,
      providerPaymentId: CAPTURE,
      reference: OURS,
      amount: { amountCents: 299, currency: "USD" },
    });
    const [verify] = server.to("POST", "/v1/notifications/verify-webhook-signature");
    expect(verify?.headers.authorization).toMatch(/^Bearer /);
    expect(verify?.json).toMatchObject({
      auth_algo: "SHA256withRSA",
      transmission_id: "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
      transmission_time: "2026-11-24T06:31:06Z",
      cert_url: expect.stringContaining("/v1/notifications/certs/"),
      webhook_id: "WH-ID-0042",
    });
    expect(verify?.body.endsWith(`"webhook_event":${rawBody}}`)).toBe(true);
  });

  it("a refund event names the capture it refunds; an approved order names the order", async () => {
    const { provider } = await paypal(["oauth-token", "verify-webhook-success"]);
    const refunded = await provider.verifyWebhook({
      headers: signatureHeaders(),
      rawBody: fixtureText("paypal", "webhook-capture-refunded"),
    });
    expect(refunded).toMatchObject({ type: "payment.refunded", providerPaymentId: CAPTURE, reference: OURS });
    const reversedBody = fixtureText("paypal", "webhook-capture-refunded").replace(
      '"event_type":"PAYMENT.CAPTURE.REFUNDED"',
      '"event_type":"PAYMENT.CAPTURE.REVERSED"',
    );
    const reversed = await provider.verifyWebhook({ headers: signatureHeaders(), rawBody: reversedBody });
    expect(reversed).toMatchObject({
      type: "payment.refunded",
      providerType: "PAYMENT.CAPTURE.REVERSED",
      providerPaymentId: CAPTURE,
    });
    const approved = await provider.verifyWebhook({
      headers: signatureHeaders(),
      rawBody: fixtureText("paypal", "webhook-order-approved"),
    });
    expect(approved).toMatchObject({
      type: "other",
      providerType: "CHECKOUT.ORDER.APPROVED",
      providerOrderId: ORDER,
      providerPaymentId: null,
      reference: OURS,
      amount: { amountCents: 299, currency: "USD" },
    });
  });

  it("FAILURE from PayPal → 401", async () => {
    const { provider } = await paypal(["oauth-token", "verify-webhook-failure"]);
    const error = await provider
      .verifyWebhook({ headers: signatureHeaders(), rawBody: fixtureText("paypal", "webhook-capture-completed") })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).status).toBe(401);
  });

  it("missing signature headers or a body that is no event → 400, and PayPal is not asked", async () => {
    const { provider, server } = await paypal(["oauth-token", "verify-webhook-success"]);
    const headers = signatureHeaders();
    headers.delete("paypal-transmission-sig");
    const rawBody = fixtureText("paypal", "webhook-capture-completed");
    await expect(provider.verifyWebhook({ headers, rawBody })).rejects.toMatchObject({ status: 400 });
    await expect(provider.verifyWebhook({ headers: signatureHeaders(), rawBody: "not json" })).rejects.toMatchObject({
      status: 400,
    });
    expect(server.requests).toHaveLength(0);
  });

  it("without PAYPAL_WEBHOOK_ID nothing can be verified → 401", async () => {
    const { provider } = await paypal(["oauth-token", "verify-webhook-success"], [], null);
    await expect(
      provider.verifyWebhook({
        headers: signatureHeaders(),
        rawBody: fixtureText("paypal", "webhook-capture-completed"),
      }),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe("PayPal payouts", () => {
  it("sends one batch with our batch id, e-mail receivers and amounts as strings", async () => {
    const { provider, server } = await paypal(["oauth-token", "payouts"]);
    const result = await provider.payout({
      batchId: "payout_2026_11",
      subject: "Your Toolscape affiliate commission",
      items: [
        {
          itemId: "com_1",
          email: "aff1@example.com",
          amount: { amountCents: 1250, currency: "USD" },
          note: "November",
        },
        { itemId: "com_2", email: "aff2@example.com", amount: { amountCents: 90, currency: "USD" }, note: "November" },
      ],
    });
    expect(result).toEqual({ batchId: "5UXD2E8A7EBQJ", status: "pending" });
    const [payout] = server.to("POST", "/v1/payments/payouts");
    expect(payout?.headers["paypal-request-id"]).toBe("payout_2026_11");
    expect(payout?.json).toEqual({
      sender_batch_header: { sender_batch_id: "payout_2026_11", email_subject: "Your Toolscape affiliate commission" },
      items: [
        {
          recipient_type: "EMAIL",
          receiver: "aff1@example.com",
          note: "November",
          sender_item_id: "com_1",
          amount: { value: "12.50", currency: "USD" },
        },
        {
          recipient_type: "EMAIL",
          receiver: "aff2@example.com",
          note: "November",
          sender_item_id: "com_2",
          amount: { value: "0.90", currency: "USD" },
        },
      ],
    });
  });
});
