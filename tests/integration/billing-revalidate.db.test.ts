// engine: both — parallel verifies of one order settle once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundPaymentByOperator, testProviderDecision } from "../../server/modules/billing/index.ts";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { listOutbox } from "../../server/platform/mail.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
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
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * ADR 0024: an order is checked again when it is approved or captured, against the account as it is
 * then. Two tabs, a refund between pricing and paying, a capture the provider made anyway, and
 * parallel approvals all end with one plan and one net charge.
 */
const clock = createTestClock("2026-05-01T12:00:00Z");
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock, pages: true, env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;

async function money(userId: string) {
  const rows = await queryRows<{ status: string; cents: number; n: number }>(
    server.services.db,
    sql`SELECT status, coalesce(sum(amount_cents), 0)::int AS cents, count(*)::int AS n
          FROM payments WHERE user_id = ${userId} GROUP BY status`,
  );
  const of = (s: string) => rows.find((r) => r.status === s);
  return {
    captured: of("captured")?.cents ?? 0,
    capturedCount: of("captured")?.n ?? 0,
    refunded: of("refunded")?.cents ?? 0,
  };
}

async function livePlans(userId: string) {
  return queryRows<{ tier: string }>(
    server.services.db,
    sql`SELECT tier::text AS tier FROM subscriptions WHERE user_id = ${userId} AND status IN ('active', 'past_due')`,
  );
}

async function orderStatus(orderId: string) {
  const [row] = await queryRows<{ status: string }>(
    server.services.db,
    sql`SELECT status FROM payment_orders WHERE id = ${orderId}::uuid`,
  );
  return row?.status;
}

/** The buyer approves on the test provider's page: where they are sent, and the callback delivered. */
async function approveAt(member: Member, providerOrderId: string) {
  const decided = await testProviderDecision(server.services, providerOrderId, "approve", member.id);
  await server.services.jobs.runDue();
  return decided.redirectTo;
}

describe("two tabs while Free", () => {
  it("Expert opened, then Standard: approving Expert, then Standard → Standard only, charged once", async () => {
    const member = await createMember(server);
    const expert = await startCheckout(server, member, "expert");
    const standard = await startCheckout(server, member, "standard");
    // The newer checkout replaced the older one: voided here and at the provider.
    expect(await orderStatus(expert.orderId)).toBe("voided");

    const first = await approveAt(member, expert.providerOrderId);
    expect(first).toBe("/checkout/expert?stale=replaced");
    expect(await money(member.id)).toEqual({ captured: 0, capturedCount: 0, refunded: 0 });

    await approveAt(member, standard.providerOrderId);
    expect(await tierOf(server, member.id)).toBe("standard");
    expect(await livePlans(member.id)).toEqual([{ tier: "standard" }]);
    expect(await money(member.id)).toEqual({ captured: 299, capturedCount: 1, refunded: 0 });
  });

  it("Standard opened, then Expert: approving Standard, then Expert → Expert only, charged once", async () => {
    const member = await createMember(server);
    const standard = await startCheckout(server, member, "standard");
    const expert = await startCheckout(server, member, "expert");
    expect(await approveAt(member, standard.providerOrderId)).toBe("/checkout/standard?stale=replaced");
    await approveAt(member, expert.providerOrderId);
    expect(await tierOf(server, member.id)).toBe("expert");
    expect(await livePlans(member.id)).toEqual([{ tier: "expert" }]);
    expect(await money(member.id)).toEqual({ captured: 2999, capturedCount: 1, refunded: 0 });
  });

  it("a provider that captured the voided order anyway (Cashfree paid before the void) → refunded, recorded", async () => {
    const member = await createMember(server);
    const expert = await startCheckout(server, member, "expert");
    const standard = await startCheckout(server, member, "standard");
    await captureAtProvider(server, expert.providerOrderId, member.id);
    const verify = await member.client.json("/api/payments/verify", "POST", { order_id: expert.orderId });
    const body = (await verify.json()) as Json;
    expect(body).toMatchObject({ success: false, status: "voided", tier: "free" });
    expect(String(body.error)).toContain("refunded to you in full");
    await approve(server, member, standard.providerOrderId);
    expect(await tierOf(server, member.id)).toBe("standard");
    expect(await livePlans(member.id)).toEqual([{ tier: "standard" }]);
    // Net: one charge (Standard); Expert's capture went back through the provider.
    expect(await money(member.id)).toEqual({ captured: 299, capturedCount: 1, refunded: 2999 });
    const [refund] = await queryRows<{ status: string }>(
      server.services.db,
      sql`SELECT status FROM test_provider_orders WHERE id = ${expert.providerOrderId}`,
    );
    expect(refund?.status).toBe("refunded");
    expect(
      await count(server, "billing_events", member.id, sql`type = 'refunded' AND detail->>'how' = 'voided_order'`),
    ).toBe(1);
    // Asking again changes nothing more.
    await member.client.json("/api/payments/verify", "POST", { order_id: expert.orderId });
    expect(await money(member.id)).toEqual({ captured: 299, capturedCount: 1, refunded: 2999 });
  });

  it("the return page of a voided order sends the buyer to a fresh checkout that says why", async () => {
    const member = await createMember(server);
    const expert = await startCheckout(server, member, "expert");
    await startCheckout(server, member, "standard");
    await captureAtProvider(server, expert.providerOrderId, member.id);
    const back = await member.client.fetch(`/payment/success?order_id=${expert.orderId}`);
    expect(back.status).toBe(302);
    const location = String(back.headers.get("location"));
    expect(location).toBe("/checkout/expert?stale=replaced&refunded=1");
    const page = await (await member.client.fetch(location)).text();
    expect(page).toContain("replaced by a newer one");
    expect(page).toContain("refunded to you in full");
    expect(page).toContain('href="/checkout/expert"');
  });
});

describe("a refund between pricing and paying", () => {
  it("an upgrade priced with Standard's credit, approved after Standard was refunded → voided, nothing charged", async () => {
    const member = await createMember(server);
    await buy(server, member, "standard");
    clock.advance(DAY_MS / 3);
    const upgrade = await startCheckout(server, member, "expert");
    expect(upgrade.body).toMatchObject({ kind: "upgrade" });
    expect(Number(upgrade.body.amount)).toBeLessThan(29.99);
    const refund = await member.client.json("/api/subscriptions/refund", "POST", {});
    expect(refund.status).toBe(200);

    expect(await approveAt(member, upgrade.providerOrderId)).toBe("/checkout/expert?stale=changed");
    expect(await tierOf(server, member.id)).toBe("free");
    expect(await money(member.id)).toEqual({ captured: 0, capturedCount: 0, refunded: 299 });

    // The fresh checkout is priced as it is now: the full price, no credit.
    const fresh = await startCheckout(server, member, "expert");
    expect(fresh.body).toMatchObject({ kind: "new", amount: 29.99 });
    await approve(server, member, fresh.providerOrderId);
    expect(await livePlans(member.id)).toEqual([{ tier: "expert" }]);
    expect(await money(member.id)).toEqual({ captured: 2999, capturedCount: 1, refunded: 299 });
  });

  it("the same upgrade captured at the provider anyway → refunded, no Expert, no credit receipt", async () => {
    const member = await createMember(server);
    await buy(server, member, "standard");
    clock.advance(DAY_MS / 3);
    const upgrade = await startCheckout(server, member, "expert");
    await member.client.json("/api/subscriptions/refund", "POST", {});
    const paid = await captureAtProvider(server, upgrade.providerOrderId, member.id);
    const verify = (await (
      await member.client.json("/api/payments/verify", "POST", { order_id: upgrade.orderId })
    ).json()) as Json;
    expect(verify).toMatchObject({ status: "voided", tier: "free" });
    expect(String(verify.error)).toContain("account changed");
    expect(await livePlans(member.id)).toEqual([]);
    expect(await money(member.id)).toEqual({ captured: 0, capturedCount: 0, refunded: 299 + paid.amount_cents });
    expect(await count(server, "billing_events", member.id, sql`type = 'payment_applied'`)).toBe(1);
  });
});

describe("parallel approvals", () => {
  it("five parallel approvals of one order apply it once", async () => {
    const member = await createMember(server);
    const checkout = await startCheckout(server, member, "expert");
    await captureAtProvider(server, checkout.providerOrderId, member.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        member.client.json("/api/payments/verify", "POST", { order_id: checkout.orderId }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await money(member.id)).toEqual({ captured: 2999, capturedCount: 1, refunded: 0 });
    expect(await livePlans(member.id)).toEqual([{ tier: "expert" }]);
  });

  it("two orders captured at the provider and approved five times each, at once → one plan, one net charge", async () => {
    const member = await createMember(server);
    // Two orders both open (created by hand before the void rule: the re-check at capture must hold alone).
    const standard = await startCheckout(server, member, "standard");
    await server.services.db.execute(
      sql`UPDATE payment_orders SET status = 'created' WHERE user_id = ${member.id} AND status = 'voided'`,
    );
    const expert = await startCheckout(server, member, "expert");
    await server.services.db.execute(
      sql`UPDATE payment_orders SET status = 'created' WHERE user_id = ${member.id} AND status = 'voided'`,
    );
    await captureAtProvider(server, standard.providerOrderId, member.id);
    await server.services.db.execute(
      sql`UPDATE test_provider_orders SET status = 'created' WHERE id = ${expert.providerOrderId}`,
    );
    await captureAtProvider(server, expert.providerOrderId, member.id);
    const results = await Promise.all(
      [standard, expert, standard, expert, standard, expert, standard, expert, standard, expert].map((o) =>
        member.client.json("/api/payments/verify", "POST", { order_id: o.orderId }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const plans = await livePlans(member.id);
    expect(plans).toHaveLength(1);
    const m = await money(member.id);
    expect(m.capturedCount).toBe(1);
    expect(m.captured).toBe(plans[0]?.tier === "expert" ? 2999 : 299);
    expect(m.refunded).toBe(plans[0]?.tier === "expert" ? 299 : 2999);
  });
});

describe("the money-back refund, once per member in any 12 months", () => {
  it("a second refund within a year is refused with the date; a year later it is possible again", async () => {
    const member = await createMember(server);
    await buy(server, member, "standard");
    expect((await member.client.json("/api/subscriptions/refund", "POST", {})).status).toBe(200);
    clock.advance(DAY_MS);
    await buy(server, member, "standard");
    const again = await member.client.json("/api/subscriptions/refund", "POST", {});
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).error).toMatch(
      /^The money-back refund is available once in any 12 months: you had one on \d{4}-\d{2}-\d{2}/,
    );
    expect(await money(member.id)).toEqual({ captured: 299, capturedCount: 1, refunded: 299 });
    // The dashboard offers no refund button meanwhile.
    const dashboard = await (await member.client.fetch("/dashboard/billing")).text();
    expect(dashboard).not.toContain("money-back guarantee runs until");

    // A year after the first refund, the guarantee applies again.
    await server.services.db.execute(
      sql`UPDATE billing_events SET at = at - interval '366 days' WHERE user_id = ${member.id} AND type = 'refunded'`,
    );
    expect((await member.client.json("/api/subscriptions/refund", "POST", {})).status).toBe(200);
  });

  async function capturedPayment(userId: string) {
    const [row] = await queryRows<{ id: string; provider_payment_id: string }>(
      server.services.db,
      sql`SELECT id::text AS id, provider_payment_id FROM payments WHERE user_id = ${userId} AND status = 'captured'`,
    );
    if (!row) throw new Error("no captured payment");
    return row;
  }

  it("every refund the member got counts, however it was recorded (an operator's, one made at the provider)", async () => {
    for (const how of ["operator", "provider"] as const) {
      const member = await createMember(server);
      await buy(server, member, "standard");
      const payment = await capturedPayment(member.id);
      if (how === "operator") {
        await refundPaymentByOperator(server.services, {
          userId: member.id,
          paymentId: payment.id,
          reason: "goodwill",
          actor: { id: null, label: "test operator" },
        });
      } else {
        const hook = signedWebhook(server, {
          id: `EVT-dispute-${member.id}`,
          type: "payment.refunded",
          providerOrderId: "unused",
          paymentId: payment.provider_payment_id,
          reference: null,
          amountCents: 299,
        });
        expect(await (await postWebhook(server, hook)).json()).toMatchObject({ outcome: "refund_noted" });
      }
      clock.advance(DAY_MS);
      await buy(server, member, "standard");
      const again = await member.client.json("/api/subscriptions/refund", "POST", {});
      expect(again.status, how).toBe(400);
      expect(((await again.json()) as Json).error).toMatch(/^The money-back refund is available once in any 12 months/);
    }
  });

  it("after the refund was used, the next receipt and success page say when the next one is possible", async () => {
    const member = await createMember(server);
    await buy(server, member, "standard");
    expect((await member.client.json("/api/subscriptions/refund", "POST", {})).status).toBe(200);
    clock.advance(DAY_MS);
    const checkout = await startCheckout(server, member, "standard");
    await approve(server, member, checkout.providerOrderId);
    const page = (await (await member.client.fetch(`/payment/success?order=${checkout.orderId}`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(page).toContain("Payment successful");
    expect(page).not.toContain("within 30 days");
    expect(page).toMatch(/next money-back refund is possible from \d{4}-\d{2}-\d{2}/);
    const receipts = (await listOutbox(server.services.env.DATA_DIR, 500)).filter(
      (m) => m.to === member.email && m.tag === "receipt",
    );
    expect(receipts).toHaveLength(2);
    const last = receipts.find((m) => m.text.includes("next is possible from"));
    expect(last?.text).toBeDefined();
    expect(last?.text).not.toContain("within 30 days");
  });

  it("is stated on /pricing, on checkout and in the FAQ", async () => {
    const promise = "30-day money-back guarantee, once per member in any 12 months";
    const pricing = await (await fetch(`${server.url}/pricing`)).text();
    expect(pricing.replaceAll("<!-- -->", "")).toContain(promise);
    const member = await createMember(server);
    const checkout = await (await member.client.fetch("/checkout/standard")).text();
    expect(checkout.replaceAll("<!-- -->", "")).toContain(promise);
    const support = await (await fetch(`${server.url}/support`)).text();
    expect(support).toContain("Can I get my money back?");
    expect(support).toContain("once per member in any 12 months");
  });
});
