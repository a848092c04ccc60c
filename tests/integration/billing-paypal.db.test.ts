// engine: both — money: parallel captures through the PayPal fake settle once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurePaymentProviders } from "../../server/modules/billing/index.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { count, tierOf } from "../helpers/billing.ts";
import { fetch } from "../helpers/http.ts";
import { type Exchange, fixture, fixtureText, type ReplayServer, startReplayServer } from "../helpers/replay-server.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Billing with PayPal (no network): a local replay server answers PayPal's documented, recorded
 * exchanges. Checkout → verify re-reads the order from "PayPal" → one payment; PayPal's webhook for
 * the same capture (verified through PayPal's verify-webhook-signature) changes nothing more.
 */
const PAYPAL_ORDER = "5O190127TN364715T";
const RECORDED_OURS = "ord_7Qm2x9Lk4Rt8";
let server: TestServer;
let paypal: ReplayServer;
let exchanges: Exchange[];
let member: Member;
let orderId: string;

/** A recorded exchange, with the order id PayPal echoes set to ours (it echoes what we sent). */
const withOurs = (name: string, ours: string): Exchange =>
  JSON.parse(JSON.stringify(fixture("paypal", name)).replaceAll(RECORDED_OURS, ours)) as Exchange;
const signatureHeaders = {
  "paypal-transmission-id": "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
  "paypal-transmission-time": "2026-11-24T06:31:06Z",
  "paypal-transmission-sig": "bG1JOTVKeDNZOW5oUjVTSldsSFZJV3BnNEFnRms3bjliQ0hTUnhicmQ4QTl6cmhkdTJy",
  "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-5edc0ebc",
  "paypal-auth-algo": "SHA256withRSA",
};

beforeAll(async () => {
  exchanges = [fixture("paypal", "oauth-token"), fixture("paypal", "create-order")];
  paypal = await startReplayServer(exchanges);
  server = await startTestServer({
    env: {
      TRUST_PROXY: "1",
      PAYPAL_CLIENT_ID: "client-id-123",
      PAYPAL_CLIENT_SECRET: "client-secret-456",
      PAYPAL_WEBHOOK_ID: "WH-ID-0042",
    },
  });
  configurePaymentProviders(server.services, { baseUrls: { paypal: paypal.url } });
  member = await createMember(server);
});
afterAll(async () => {
  await server?.close();
  await paypal?.close();
});

describe("PayPal through billing (recorded exchanges)", () => {
  it("create-order: PayPal is the provider, the price is the plan's, the buyer goes to PayPal", async () => {
    const res = await member.client.json("/api/payments/create-order", "POST", { tier: "standard" });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ provider: "paypal", amount: 2.99, currency: "USD", test_mode: true });
    expect(body.url).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${PAYPAL_ORDER}`);
    orderId = String(body.order_id);
    const [sent] = paypal.to("POST", "/v2/checkout/orders");
    expect(JSON.stringify(sent?.json)).toContain('"value":"2.99"');
    expect(JSON.stringify(sent?.json)).toContain(orderId);
    // The test provider is off when a real one is configured.
    const test = await member.client.json("/api/payments/create-order", "POST", { tier: "expert", provider: "test" });
    expect(test.status).toBe(400);
  });

  it("verify re-reads the order from PayPal and applies it; the webhook after it changes nothing", async () => {
    exchanges.push(withOurs("get-order-completed", orderId), fixture("paypal", "verify-webhook-success"));
    const verify = await member.client.json("/api/payments/verify", "POST", { order_id: orderId });
    expect(await verify.json()).toMatchObject({ success: true, status: "applied", tier: "standard" });
    expect(paypal.to("GET", `/v2/checkout/orders/${PAYPAL_ORDER}`).length).toBeGreaterThan(0);

    const rawBody = fixtureText("paypal", "webhook-capture-completed").replaceAll(RECORDED_OURS, orderId);
    const post = () =>
      fetch(`${server.url}/api/webhooks/paypal`, {
        method: "POST",
        headers: { "content-type": "application/json", ...signatureHeaders },
        body: rawBody,
      });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await count(server, "payments", member.id)).toBe(1);
    expect(await count(server, "subscriptions", member.id)).toBe(1);
    expect(await tierOf(server, member.id)).toBe("standard");
  });

  it("a PayPal webhook without its signature headers is a 400, and nothing is read", async () => {
    const before = paypal.requests.length;
    const res = await fetch(`${server.url}/api/webhooks/paypal`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: fixtureText("paypal", "webhook-capture-completed"),
    });
    expect(res.status).toBe(400);
    expect(paypal.requests.length).toBe(before);
    expect((await fetch(`${server.url}/api/webhooks/cashfree`, { method: "POST", body: "{}" })).status).toBe(404);
  });
});
