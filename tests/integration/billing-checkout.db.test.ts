// engine: both — money: parallel and repeated checkouts settle exactly once.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testProviderDecision } from "../../server/modules/billing/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember } from "../helpers/accounts.ts";
import {
  approve,
  buy,
  captureAtProvider,
  count,
  postWebhook,
  signedWebhook,
  startCheckout,
  tierOf,
} from "../helpers/billing.ts";
import { createRecordingLogger } from "../helpers/logger.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Checkout with the test provider over real HTTP: pricing, orders, verify, webhooks, exactly once. */
const clock = createTestClock("2026-03-01T12:00:00Z");
const logger = createRecordingLogger();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1" }, logger });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;

describe("pricing and orders", () => {
  it("prices from the plans table, never the browser", async () => {
    const visitor = new Client(server);
    const res = await visitor.json("/api/payments/pricing-for-checkout", "POST", { tier: "expert", currency: "USD" });
    expect(await res.json()).toMatchObject({
      success: true,
      tier: "expert",
      amount: 29.99,
      currency: "USD",
      credit_applied: 0,
    });
    expect((await visitor.json("/api/payments/pricing-for-checkout", "POST", { tier: "gold" })).status).toBe(400);
    const member = await createMember(server);
    const wrong = await member.client.json("/api/payments/create-order", "POST", {
      tier: "standard",
      amount: 0.01,
      currency: "USD",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "Amount does not match the plan" });
    const right = await member.client.json("/api/payments/create-order", "POST", {
      tier: "standard",
      amount: "2.99",
      currency: "USD",
    });
    expect(right.status).toBe(201);
    expect(await right.json()).toMatchObject({
      success: true,
      amount: 2.99,
      currency: "USD",
      provider: "test",
      test_mode: true,
    });
  });

  it("needs a signed-in member paying for themselves", async () => {
    const visitor = new Client(server);
    expect((await visitor.json("/api/payments/create-order", "POST", { tier: "standard" })).status).toBe(401);
    const member = await createMember(server);
    const other = await member.client.json("/api/payments/create-order", "POST", {
      tier: "standard",
      user_email: "someone@else.com",
    });
    expect(other.status).toBe(403);
  });

  it("returns the same order for the same Idempotency-Key, and the pending order for a repeat", async () => {
    const member = await createMember(server);
    const a = await startCheckout(server, member, "standard", { "idempotency-key": "key-aaaaaaaa" });
    const b = await startCheckout(server, member, "standard", { "idempotency-key": "key-aaaaaaaa" });
    expect(b.orderId).toBe(a.orderId);
    expect(b.status).toBe(200);
    const c = await startCheckout(server, member, "standard");
    expect(c.orderId).toBe(a.orderId);
    const expert = await startCheckout(server, member, "expert");
    expect(expert.orderId).not.toBe(a.orderId);
    const reused = await member.client.json(
      "/api/payments/create-order",
      "POST",
      { tier: "expert" },
      { headers: { "idempotency-key": "key-aaaaaaaa" } },
    );
    expect(reused.status).toBe(409);
  });

  it("five simultaneous submits of one checkout get one order and one test-provider order", async () => {
    const member = await createMember(server);
    const all = await Promise.all(
      Array.from({ length: 5 }, () => startCheckout(server, member, "standard", { "idempotency-key": "key-together" })),
    );
    expect(new Set(all.map((c) => c.orderId)).size).toBe(1);
    expect(new Set(all.map((c) => c.providerOrderId)).size).toBe(1);
    const rows = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM test_provider_orders WHERE reference = ${all[0]?.orderId ?? ""}`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe("approve, decline, cancel", () => {
  it("approve → the tier changes once; verify agrees", async () => {
    const member = await createMember(server);
    const checkout = await startCheckout(server, member, "standard");
    expect(await tierOf(server, member.id)).toBe("free");
    const decided = await approve(server, member, checkout.providerOrderId);
    expect(decided.redirectTo).toContain(`/payment/success?order_id=${checkout.orderId}`);
    expect(await tierOf(server, member.id)).toBe("standard");
    const verify = await member.client.json("/api/payments/verify", "POST", { order_id: checkout.orderId });
    expect(await verify.json()).toMatchObject({ success: true, status: "already_applied", tier: "standard" });
    // A second click on Approve changes nothing.
    await approve(server, member, checkout.providerOrderId);
    expect(await count(server, "payments", member.id)).toBe(1);
    const sub = (await (await member.client.fetch(`/api/subscriptions/user/${member.id}`)).json()) as Json;
    expect(sub.subscription).toMatchObject({
      tier: "standard",
      status: "active",
      provider: "test",
      cancel_at_period_end: false,
    });
    expect((sub.subscription as Json).nextBilling).toBe("2026-03-31T12:00:00.000Z");
  });

  it("decline and cancel leave the tier Free with the spec's messages", async () => {
    const member = await createMember(server);
    const one = await startCheckout(server, member, "standard");
    const d = await testProviderDecision(server.services, one.providerOrderId, "decline", member.id);
    expect(d.redirectTo).toContain("/payment/cancel?order_id=");
    expect(d.redirectTo).toContain("reason=declined");
    const v = (await (
      await member.client.json("/api/payments/verify", "POST", { order_id: one.orderId })
    ).json()) as Json;
    expect(v).toMatchObject({ success: false, status: "declined", error: "Payment was declined", tier: "free" });
    const two = await startCheckout(server, member, "standard");
    expect(two.orderId).not.toBe(one.orderId);
    const c = await testProviderDecision(server.services, two.providerOrderId, "cancel", member.id);
    expect(c.redirectTo).toContain("reason=cancelled");
    expect(await tierOf(server, member.id)).toBe("free");
    // Someone else cannot decide a member's order.
    const three = await startCheckout(server, member, "standard");
    const stranger = await createMember(server);
    await expect(testProviderDecision(server.services, three.providerOrderId, "approve", stranger.id)).rejects.toThrow(
      "Order not found",
    );
  });
});

describe("webhooks: exactly once", () => {
  it("the same webhook twice and five at once → one payment, one subscription", async () => {
    const member = await createMember(server);
    const checkout = await startCheckout(server, member, "expert");
    const paid = await captureAtProvider(server, checkout.providerOrderId, member.id);
    const hook = signedWebhook(server, {
      id: "EVT-same-1",
      providerOrderId: checkout.providerOrderId,
      paymentId: paid.payment_id,
      reference: checkout.orderId,
      amountCents: 2999,
    });
    const first = await postWebhook(server, hook);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: "applied", duplicate: false });
    const again = await Promise.all(Array.from({ length: 5 }, () => postWebhook(server, hook)));
    expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await count(server, "payments", member.id)).toBe(1);
    expect(await count(server, "subscriptions", member.id)).toBe(1);
    expect(await tierOf(server, member.id)).toBe("expert");
  });

  it("five different deliveries at once, racing verify → one payment", async () => {
    const member = await createMember(server);
    const checkout = await startCheckout(server, member, "standard");
    const paid = await captureAtProvider(server, checkout.providerOrderId, member.id);
    const hooks = Array.from({ length: 5 }, (_, i) =>
      signedWebhook(server, {
        id: `EVT-race-${i}`,
        providerOrderId: checkout.providerOrderId,
        paymentId: paid.payment_id,
        reference: checkout.orderId,
        amountCents: 299,
      }),
    );
    const results = await Promise.all([
      ...hooks.map((h) => postWebhook(server, h)),
      member.client.json("/api/payments/verify", "POST", { order_id: checkout.orderId }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await count(server, "payments", member.id)).toBe(1);
    expect(await count(server, "subscriptions", member.id)).toBe(1);
    expect(await count(server, "billing_events", member.id, sql`type = 'payment_applied'`)).toBe(1);
  });

  it("a replay days later changes nothing", async () => {
    const member = await createMember(server);
    const checkout = await startCheckout(server, member, "standard");
    const paid = await captureAtProvider(server, checkout.providerOrderId, member.id);
    const hook = signedWebhook(server, {
      id: "EVT-replay",
      providerOrderId: checkout.providerOrderId,
      paymentId: paid.payment_id,
      reference: checkout.orderId,
      amountCents: 299,
    });
    await postWebhook(server, hook);
    const [before] = await queryRows<{ current_period_end: Date }>(
      server.services.db,
      sql`SELECT current_period_end FROM subscriptions WHERE user_id = ${member.id}`,
    );
    clock.advance(5 * 86_400_000);
    const replay = await postWebhook(server, hook);
    expect(await replay.json()).toMatchObject({ duplicate: true, outcome: "already_applied" });
    const [after] = await queryRows<{ current_period_end: Date }>(
      server.services.db,
      sql`SELECT current_period_end FROM subscriptions WHERE user_id = ${member.id}`,
    );
    expect(new Date(after?.current_period_end ?? 0).getTime()).toBe(
      new Date(before?.current_period_end ?? 1).getTime(),
    );
    expect(await count(server, "payments", member.id)).toBe(1);
    clock.advance(-5 * 86_400_000);
  });

  it("a forged signature → 401, unsigned → 400, unknown provider → 404; nothing changes", async () => {
    const member = await createMember(server);
    const checkout = await startCheckout(server, member, "expert");
    const paid = await captureAtProvider(server, checkout.providerOrderId, member.id);
    const hook = signedWebhook(server, {
      id: "EVT-forged",
      providerOrderId: checkout.providerOrderId,
      paymentId: paid.payment_id,
      reference: checkout.orderId,
      amountCents: 2999,
    });
    expect((await postWebhook(server, { rawBody: hook.rawBody, signature: "0".repeat(64) })).status).toBe(401);
    expect(
      (await postWebhook(server, { rawBody: hook.rawBody.replace("2999", "2998"), signature: hook.signature })).status,
    ).toBe(401);
    expect((await postWebhook(server, { rawBody: hook.rawBody, signature: null })).status).toBe(400);
    expect((await postWebhook(server, hook, "stripe")).status).toBe(404);
    expect(await count(server, "payments", member.id)).toBe(0);
    expect(await tierOf(server, member.id)).toBe("free");
    const [events] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM webhook_events WHERE event_id = 'EVT-forged'`,
    );
    expect(events?.n).toBe(0);
  });

  it("an amount that does not match the plan is refused and logged", async () => {
    const member = await createMember(server);
    const checkout = await startCheckout(server, member, "expert");
    await captureAtProvider(server, checkout.providerOrderId, member.id);
    // The provider's store says 1 cent was paid: billing re-reads it and refuses.
    await server.services.db.execute(
      sql`UPDATE test_provider_orders SET amount_cents = 1 WHERE id = ${checkout.providerOrderId}`,
    );
    const verify = (await (
      await member.client.json("/api/payments/verify", "POST", { order_id: checkout.orderId })
    ).json()) as Json;
    expect(verify).toMatchObject({ success: false, status: "refused", error: "Amount does not match the plan" });
    expect(await count(server, "payments", member.id)).toBe(0);
    expect(await count(server, "billing_events", member.id, sql`type = 'amount_mismatch'`)).toBe(1);
    expect(await tierOf(server, member.id)).toBe("free");
    expect(logger.entries.some((e) => e.level === "warn" && e.msg.includes("payment refused"))).toBe(true);
  });

  it("a refund made at the provider (its webhook) ends the plan once", async () => {
    const member = await createMember(server);
    await buy(server, member, "standard");
    const [payment] = await queryRows<{ provider_payment_id: string }>(
      server.services.db,
      sql`SELECT provider_payment_id FROM payments WHERE user_id = ${member.id}`,
    );
    const hook = signedWebhook(server, {
      id: "EVT-refund-at-provider",
      type: "payment.refunded",
      providerOrderId: "TEST-unknown",
      paymentId: payment?.provider_payment_id ?? null,
      reference: null,
      amountCents: 299,
    });
    const [a, b] = await Promise.all([postWebhook(server, hook), postWebhook(server, hook)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await tierOf(server, member.id)).toBe("free");
    expect(await count(server, "billing_events", member.id, sql`type = 'refunded'`)).toBe(1);
  });

  it("verify is for the order's owner only", async () => {
    const member = await createMember(server);
    const checkout = await buy(server, member, "standard");
    const other = await createMember(server);
    expect((await other.client.json("/api/payments/verify", "POST", { order_id: checkout.orderId })).status).toBe(404);
    expect((await new Client(server).json("/api/payments/verify", "POST", { order_id: checkout.orderId })).status).toBe(
      401,
    );
  });
});

describe("the return address without PUBLIC_URL (issue 31)", () => {
  /** A JSON POST with exactly this Host header (Node's fetch always sends the URL's own host). */
  function postWithHost(host: string, path: string, body: unknown, cookie: string) {
    const url = new URL(`${server.url}${path}`);
    const raw = JSON.stringify(body);
    return new Promise<{ status: number; json: Json }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: "POST",
          headers: {
            host,
            origin: `http://${host}`,
            cookie,
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(raw)),
            "x-forwarded-for": "10.9.8.7",
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || "{}") }),
          );
        },
      );
      req.on("error", reject);
      req.end(raw);
    });
  }
  async function returnUrlOf(orderId: string) {
    const [row] = await queryRows<{ return_url: string }>(
      server.services.db,
      sql`SELECT return_url FROM test_provider_orders WHERE reference = ${orderId}`,
    );
    return row?.return_url ?? "";
  }

  it("a payment started on a loopback host returns to that host; any other Host gets the configured origin", async () => {
    const port = new URL(server.url).port;
    const member = await createMember(server);
    const local = await postWithHost(
      `localhost:${port}`,
      "/api/payments/create-order",
      { tier: "standard" },
      member.client.cookieHeader,
    );
    expect(local.status, JSON.stringify(local.json)).toBe(201);
    expect(await returnUrlOf(String(local.json.order_id))).toMatch(
      new RegExp(`^http://localhost:${port}/payment/success`),
    );

    const other = await createMember(server);
    const evil = await postWithHost(
      `evil.example:${port}`,
      "/api/payments/create-order",
      { tier: "standard" },
      other.client.cookieHeader,
    );
    if (evil.status === 201) {
      expect(await returnUrlOf(String(evil.json.order_id))).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/`));
    } else {
      expect(evil.status).toBeGreaterThanOrEqual(400);
    }
  });
});
