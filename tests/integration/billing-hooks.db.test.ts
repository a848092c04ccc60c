// engine: both — money: provider hooks delivered twice settle once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyCapturedOrder,
  type BillingHooks,
  type PaymentAppliedEvent,
  type PaymentRefundedEvent,
  paymentProviders,
} from "../../server/modules/billing/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { createMember } from "../helpers/accounts.ts";
import { buy, captureAtProvider, count, startCheckout, tierOf } from "../helpers/billing.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Other modules' hooks run inside billing's transaction: they commit with the payment or not at all. */
const clock = createTestClock("2026-06-01T00:00:00Z");
let server: TestServer;
const applied: PaymentAppliedEvent[] = [];
const refunded: PaymentRefundedEvent[] = [];
let failNext = false;
const hooks: BillingHooks = {
  async paymentApplied(tx, event) {
    // The payment row is visible to the hook: same transaction.
    const [row] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM payments WHERE id = ${event.paymentId}`);
    expect(row?.id).toBe(event.paymentId);
    if (failNext) {
      failNext = false;
      throw new Error("hook failed");
    }
    applied.push(event);
  },
  async paymentRefunded(_tx, event) {
    refunded.push(event);
  },
};
beforeAll(async () => {
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1" } });
  server.services.billingHooks.push(hooks);
});
afterAll(async () => {
  await server?.close();
});

describe("billing hooks", () => {
  it("paymentApplied once per payment, with the plan, kind and the money-back start", async () => {
    const member = await createMember(server);
    await buy(server, member, "expert");
    const mine = applied.filter((e) => e.userId === member.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      tier: "expert",
      kind: "new",
      amount: { amountCents: 2999, currency: "USD" },
      provider: "test",
    });
    expect(mine[0]?.firstPaymentAt.toISOString()).toBe("2026-06-01T00:00:00.000Z");
    const res = await member.client.json("/api/subscriptions/refund", "POST", {});
    expect(res.status).toBe(200);
    expect(refunded.filter((e) => e.userId === member.id).map((e) => e.amount.amountCents)).toEqual([2999]);
  });

  it("a failing hook rolls the payment back; the next delivery applies it once", async () => {
    const member = await createMember(server);
    const checkout = await startCheckout(server, member, "standard");
    await captureAtProvider(server, checkout.providerOrderId, member.id);
    const provider = paymentProviders(server.services).providers.test;
    const state = await provider?.getOrder(checkout.providerOrderId);
    failNext = true;
    await expect(applyCapturedOrder(server.services, checkout.orderId, state as never)).rejects.toThrow("hook failed");
    expect(await count(server, "payments", member.id)).toBe(0);
    expect(await tierOf(server, member.id)).toBe("free");
    const verify = await member.client.json("/api/payments/verify", "POST", { order_id: checkout.orderId });
    expect(await verify.json()).toMatchObject({ success: true, status: "applied", tier: "standard" });
    expect(await count(server, "payments", member.id)).toBe(1);
    expect(applied.filter((e) => e.userId === member.id)).toHaveLength(1);
  });
});
