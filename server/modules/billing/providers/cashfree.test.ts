import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { fixture, fixtureText, type ReplayServer, startReplayServer } from "../../../../tests/helpers/replay-server.ts";
import { createTestClock } from "../../../platform/clock.ts";
import { createCashfreeProvider } from "./cashfree.ts";
import { ProviderError, WebhookVerificationError } from "./types.ts";

const OURS = "ord_7Qm2x9Lk4Rt8";
const PAYMENT = "5114910216863";
const SECRET = "cfsk_ma_test_0123456789abcdef";

let server: ReplayServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const clock = createTestClock("2026-11-24T06:35:00Z");

async function cashfree(names: string[]) {
  server = await startReplayServer(names.map((n) => fixture("cashfree", n)));
  const provider = createCashfreeProvider({
    appId: "TEST1012345678",
    secretKey: SECRET,
    environment: "sandbox",
    baseUrl: server.url,
    now: () => clock.now(),
  });
  return { provider, server };
}

const order = {
  orderId: OURS,
  description: "Toolscape Standard, 30 days",
  amount: { amountCents: 299, currency: "USD" as const },
  customer: { id: "usr_k2J8pQ", email: "ada@example.com", name: "Ada Lovelace" },
  returnUrl: `http://127.0.0.1/payment/success?order=${OURS}`,
  cancelUrl: `http://127.0.0.1/payment/cancel?order=${OURS}`,
  idempotencyKey: "idem-create-1",
};

/** Signs as Cashfree does: base64 HMAC-SHA256 of timestamp + raw body, with the secret key. */
function signed(rawBody: string, at: Date, secret = SECRET) {
  const timestamp = String(at.getTime());
  const signature = createHmac("sha256", secret)
    .update(timestamp + rawBody)
    .digest("base64");
  return new Headers({
    "content-type": "application/json",
    "x-webhook-signature": signature,
    "x-webhook-timestamp": timestamp,
    "x-webhook-version": "2023-08-01",
  });
}

describe("Cashfree adapter (recorded PG exchanges)", () => {
  it("creates an order under our id: a payment session, no approval URL; credentials and keys in headers", async () => {
    const { provider, server } = await cashfree(["create-order"]);
    expect(await provider.createOrder(order)).toEqual({
      providerOrderId: OURS,
      approvalUrl: null,
      sessionId: expect.stringMatching(/^session_/),
    });
    const [create] = server.to("POST", "/pg/orders");
    expect(create?.headers["x-client-id"]).toBe("TEST1012345678");
    expect(create?.headers["x-client-secret"]).toBe(SECRET);
    expect(create?.headers["x-api-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(create?.headers["x-idempotency-key"]).toBe("idem-create-1");
    expect(create?.json).toMatchObject({
      order_id: OURS,
      order_amount: 2.99,
      order_currency: "USD",
      customer_details: { customer_id: "usr_k2J8pQ", customer_email: "ada@example.com" },
      order_meta: { return_url: `http://127.0.0.1/payment/success?order=${OURS}&cf_order_id={order_id}` },
    });
    // the amount travels as a JSON number with two decimals at most, never a float artefact
    expect(create?.body).toContain('"order_amount":2.99');
  });

  it("refuses an order id Cashfree would not take, before asking", async () => {
    const { provider, server } = await cashfree(["create-order"]);
    await expect(provider.createOrder({ ...order, orderId: "ord 1/2" })).rejects.toBeInstanceOf(ProviderError);
    expect(server.requests).toHaveLength(0);
  });

  it("a repeated create (409, the order exists) answers the existing order's session", async () => {
    const { provider, server } = await cashfree(["create-order-conflict", "get-order-active"]);
    expect(await provider.createOrder(order)).toMatchObject({ providerOrderId: OURS, sessionId: expect.any(String) });
    expect(server.to("GET", `/pg/orders/${OURS}`)).toHaveLength(1);
  });

  it("a paid order with a SUCCESS payment is captured: cf_payment_id is the payment id", async () => {
    const { provider } = await cashfree(["get-order-paid", "get-payments-success"]);
    expect(await provider.getOrder(OURS)).toEqual({
      providerOrderId: OURS,
      status: "captured",
      providerPaymentId: PAYMENT,
      amount: { amountCents: 299, currency: "USD" },
      reference: OURS,
      paymentMethodToken: null,
    });
  });

  it("capture is a fresh read (Cashfree captures on payment)", async () => {
    const { provider, server } = await cashfree(["get-order-paid", "get-payments-success"]);
    expect(await provider.capture(OURS, "idem-capture")).toMatchObject({ status: "captured" });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /pg/orders/${OURS}`,
      `GET /pg/orders/${OURS}/payments`,
    ]);
  });

  it("an active order whose only payment failed is declined, with nothing paid", async () => {
    const { provider } = await cashfree(["get-order-active", "get-payments-failed"]);
    expect(await provider.getOrder(OURS)).toMatchObject({ status: "declined", providerPaymentId: null });
  });

  it("refunds by order with refund_id = the idempotency key; needs the order id", async () => {
    const { provider, server } = await cashfree(["refund"]);
    const input = {
      providerPaymentId: PAYMENT,
      providerOrderId: OURS,
      amount: { amountCents: 299, currency: "USD" as const },
      idempotencyKey: "refund_ord_7Qm2x9Lk4Rt8",
      reason: "Money-back guarantee",
    };
    expect(await provider.refund(input)).toEqual({ providerRefundId: "11325632", status: "pending" });
    const [refund] = server.to("POST", `/pg/orders/${OURS}/refunds`);
    expect(refund?.headers["x-idempotency-key"]).toBe("refund_ord_7Qm2x9Lk4Rt8");
    expect(refund?.json).toMatchObject({ refund_amount: 2.99, refund_id: "refund_ord_7Qm2x9Lk4Rt8" });
    await expect(provider.refund({ ...input, providerOrderId: undefined })).rejects.toBeInstanceOf(ProviderError);
  });

  it("voids an order by terminating it; an order already paid is left for billing to refund", async () => {
    const first = await cashfree(["terminate-order"]);
    await first.provider.cancelOrder(OURS);
    const [terminate] = first.server.to("PATCH", `/pg/orders/${OURS}`);
    expect(terminate?.json).toEqual({ order_status: "TERMINATED" });
    expect(terminate?.headers["x-client-id"]).toBe("TEST1012345678");
    await first.server.close();
    const paid = await cashfree(["terminate-order-paid"]);
    await expect(paid.provider.cancelOrder(OURS)).resolves.toBeUndefined();
    expect(paid.server.to("PATCH", `/pg/orders/${OURS}`)).toHaveLength(1);
  });

  it("keeps no payment method: chargeSaved answers null", async () => {
    const { provider, server } = await cashfree([]);
    expect(
      await provider.chargeSaved?.({
        orderId: "ord_r",
        paymentMethodToken: "x",
        amount: { amountCents: 299, currency: "USD" },
        description: "renewal",
        idempotencyKey: "k",
      }),
    ).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it("leaves the SDK's error analytics off: no Sentry client is started in our process", async () => {
    const { provider } = await cashfree(["get-order-paid", "get-payments-success"]);
    await provider.getOrder(OURS);
    // cashfree-pg's default would call Sentry.init (100 % tracing, events to Cashfree's project)
    const sentry = await import("@sentry/node");
    expect(sentry.getClient()).toBeUndefined();
  });

  it("an API error is a ProviderError with Cashfree's message", async () => {
    server = await startReplayServer([
      {
        request: { method: "GET", path: "/pg/orders/nope" },
        response: {
          status: 404,
          body: {
            message: "order not found for this merchant",
            code: "order_not_found",
            type: "invalid_request_error",
          },
        },
      },
    ]);
    const provider = createCashfreeProvider({
      appId: "a",
      secretKey: "b",
      environment: "sandbox",
      baseUrl: server.url,
    });
    await expect(provider.getOrder("nope")).rejects.toMatchObject({
      name: "ProviderError",
      message: "order not found for this merchant",
    });
  });
});

describe("Cashfree webhooks (HMAC-SHA256 of timestamp + raw body)", () => {
  const provider = createCashfreeProvider({
    appId: "TEST1012345678",
    secretKey: SECRET,
    environment: "sandbox",
    now: () => clock.now(),
  });

  it("a valid signature passes: PAYMENT_SUCCESS_WEBHOOK → payment.captured", async () => {
    const rawBody = fixtureText("cashfree", "webhook-payment-success");
    const event = await provider.verifyWebhook({ headers: signed(rawBody, clock.now()), rawBody });
    expect(event).toEqual({
      id: `PAYMENT_SUCCESS_WEBHOOK:${PAYMENT}`,
      type: "payment.captured",
      providerType: "PAYMENT_SUCCESS_WEBHOOK",
      providerOrderId: OURS,
      providerPaymentId: PAYMENT,
      reference: OURS,
      amount: { amountCents: 299, currency: "USD" },
    });
  });

  it("a redelivery (new timestamp, same event) has the same event id", async () => {
    const rawBody = fixtureText("cashfree", "webhook-payment-success");
    const first = await provider.verifyWebhook({ headers: signed(rawBody, clock.now()), rawBody });
    const again = await provider.verifyWebhook({
      headers: signed(rawBody, new Date(clock.now().getTime() - 60_000)),
      rawBody,
    });
    expect(again.id).toBe(first.id);
  });

  it("failed payments and refunds map too", async () => {
    const failedBody = fixtureText("cashfree", "webhook-payment-failed");
    expect(
      await provider.verifyWebhook({ headers: signed(failedBody, clock.now()), rawBody: failedBody }),
    ).toMatchObject({
      type: "payment.failed",
      providerPaymentId: "5114910216001",
      providerOrderId: OURS,
    });
    const refundBody = fixtureText("cashfree", "webhook-refund-success");
    expect(
      await provider.verifyWebhook({ headers: signed(refundBody, clock.now()), rawBody: refundBody }),
    ).toMatchObject({
      id: "REFUND_STATUS_WEBHOOK:11325632:SUCCESS",
      type: "payment.refunded",
      providerPaymentId: PAYMENT,
      providerOrderId: OURS,
      amount: { amountCents: 299, currency: "USD" },
    });
  });

  it("a tampered body → 401", async () => {
    const rawBody = fixtureText("cashfree", "webhook-payment-success");
    const headers = signed(rawBody, clock.now());
    const tampered = rawBody.replace('"payment_amount":2.99', '"payment_amount":29.99');
    expect(tampered).not.toBe(rawBody);
    const error = await provider.verifyWebhook({ headers, rawBody: tampered }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).status).toBe(401);
  });

  it("another secret's signature → 401", async () => {
    const rawBody = fixtureText("cashfree", "webhook-payment-success");
    await expect(
      provider.verifyWebhook({ headers: signed(rawBody, clock.now(), "someone-elses-secret"), rawBody }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("a stale timestamp (a replay past 5 minutes) → 401, even correctly signed", async () => {
    const rawBody = fixtureText("cashfree", "webhook-payment-success");
    const old = new Date(clock.now().getTime() - 6 * 60_000);
    await expect(provider.verifyWebhook({ headers: signed(rawBody, old), rawBody })).rejects.toMatchObject({
      status: 401,
    });
    const lenient = createCashfreeProvider({
      appId: "a",
      secretKey: SECRET,
      environment: "sandbox",
      now: () => clock.now(),
      webhookToleranceMs: 10 * 60_000,
    });
    await expect(lenient.verifyWebhook({ headers: signed(rawBody, old), rawBody })).resolves.toMatchObject({
      type: "payment.captured",
    });
  });

  it("missing or malformed headers → 400", async () => {
    const rawBody = fixtureText("cashfree", "webhook-payment-success");
    await expect(provider.verifyWebhook({ headers: new Headers(), rawBody })).rejects.toMatchObject({ status: 400 });
    const headers = signed(rawBody, clock.now());
    headers.set("x-webhook-timestamp", "yesterday");
    await expect(provider.verifyWebhook({ headers, rawBody })).rejects.toMatchObject({ status: 400 });
  });
});
