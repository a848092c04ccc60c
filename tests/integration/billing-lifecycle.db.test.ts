// engine: both — money: renewals, refunds and races settle exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBillingSummary, runBillingSweep, setTestPaymentMethodFails } from "../../server/modules/billing/index.ts";
import { paymentProviders } from "../../server/modules/billing/registry.ts";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { listOutbox } from "../../server/platform/mail.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { approve, buy, postWebhook, signedWebhook, startCheckout, tierOf } from "../helpers/billing.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * A subscription's life with a controllable clock: renewal, failed renewal → grace → Free, cancel at
 * period end, upgrade with credit, refunds inside and outside the 30 days, Expert's tool credit.
 * Time moves by the test clock; the durable jobs due at that time run (`jobs.runDue()`).
 */
const BASE = new Date("2026-04-01T00:00:00Z");
const clock = createTestClock(BASE);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: { TRUST_PROXY: "1" },
  });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;
const at = (days: number, extraMs = 0) => clock.set(new Date(BASE.getTime() + days * DAY_MS + extraMs));
/** The due jobs at the clock's time: a subscription's moments, the hourly sweep, callbacks. */
const sweep = async () => {
  const run = await server.services.jobs.runDue();
  expect(run.failed).toBe(0);
};

async function subs(userId: string) {
  return queryRows<{
    tier: string;
    status: string;
    current_period_end: Date;
    grace_until: Date | null;
    end_reason: string | null;
  }>(
    server.services.db,
    sql`SELECT tier::text AS tier, status, current_period_end, grace_until, end_reason FROM subscriptions
        WHERE user_id = ${userId} ORDER BY created_at`,
  );
}
async function paymentsOf(userId: string) {
  return queryRows<{ amount_cents: number; kind: string; status: string }>(
    server.services.db,
    sql`SELECT amount_cents, kind, status FROM payments WHERE user_id = ${userId} ORDER BY created_at`,
  );
}
async function mails(member: Member, tag: string) {
  return (await listOutbox(server.services.env.DATA_DIR, 500)).filter((m) => m.to === member.email && m.tag === tag);
}
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

describe("renewal", () => {
  it("renews a day before the period ends: a second payment, a new period, a receipt", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    expect(await mails(member, "receipt")).toHaveLength(1);
    at(28);
    await sweep();
    expect(await paymentsOf(member.id)).toHaveLength(1);
    at(29, 60_000);
    await sweep();
    await sweep(); // twice: still one renewal
    const payments = await paymentsOf(member.id);
    expect(payments.map((p) => [p.kind, p.amount_cents])).toEqual([
      ["new", 299],
      ["renewal", 299],
    ]);
    const [sub] = await subs(member.id);
    expect(sub?.status).toBe("active");
    expect(iso(sub?.current_period_end)).toBe(iso(new Date(BASE.getTime() + 60 * DAY_MS)));
    expect(await mails(member, "receipt")).toHaveLength(2);
    expect(await tierOf(server, member.id)).toBe("standard");
  });

  it("a failed renewal gives 3 days' grace, then Free", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    await setTestPaymentMethodFails(server.services.db, member.id, true);
    at(29, 60_000);
    await sweep();
    let [sub] = await subs(member.id);
    expect(sub?.status).toBe("past_due");
    expect(iso(sub?.grace_until)).toBe(iso(new Date(BASE.getTime() + 33 * DAY_MS)));
    expect(await tierOf(server, member.id)).toBe("standard");
    expect(await mails(member, "billing")).toHaveLength(1);
    at(32);
    await sweep();
    expect(await tierOf(server, member.id)).toBe("standard");
    at(33, 60_000);
    await sweep();
    [sub] = await subs(member.id);
    expect(sub?.status).toBe("expired");
    expect(await tierOf(server, member.id)).toBe("free");
    expect(await paymentsOf(member.id)).toHaveLength(1);
  });
});

describe("a provider that times out after charging (issue 31)", () => {
  /**
   * Renewal charges go through at the provider, then the answer is lost (a timeout): once, or until
   * the returned function is called. Nothing else about the test provider changes.
   */
  function timeOutAfterCharging(once: boolean) {
    const provider = paymentProviders(server.services).providers.test;
    if (!provider?.chargeSaved) throw new Error("no test provider");
    const real = provider.chargeSaved.bind(provider);
    const restore = () => {
      provider.chargeSaved = real;
    };
    provider.chargeSaved = async (input) => {
      if (once) restore();
      await real(input);
      throw new TypeError("fetch failed: The operation was aborted due to timeout");
    };
    return restore;
  }
  async function providerCharges(userId: string) {
    return queryRows<{
      id: string;
      reference: string;
      status: string;
      payment_id: string | null;
      amount_cents: number;
    }>(
      server.services.db,
      sql`SELECT t.id, t.reference, t.status, t.payment_id, t.amount_cents FROM test_provider_orders t
            JOIN payment_orders o ON o.id::text = t.reference
           WHERE o.user_id = ${userId} AND o.kind = 'renewal'`,
    );
  }

  it("the capture webhook is settled by our reference: money applied once, the plan renewed", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    const restore = timeOutAfterCharging(false);
    at(29, 60_000);
    await server.services.jobs.runDue();
    at(29, 2 * 3_600_000);
    await runBillingSweep(server.services);
    restore();
    const [charge] = await providerCharges(member.id);
    expect(charge?.status).toBe("captured");
    const hook = signedWebhook(server, {
      id: `EVT-renewal-${member.id}`,
      providerOrderId: String(charge?.id),
      paymentId: charge?.payment_id ?? null,
      reference: String(charge?.reference),
      amountCents: Number(charge?.amount_cents),
    });
    const res = await postWebhook(server, hook);
    expect(await res.json()).toMatchObject({ outcome: "applied" });
    expect(await paymentsOf(member.id)).toHaveLength(2);
    const [sub] = await subs(member.id);
    expect(sub?.status).toBe("active");
    expect(iso(sub?.current_period_end)).toBe(iso(new Date(BASE.getTime() + 60 * DAY_MS)));
    expect(await providerCharges(member.id)).toHaveLength(1);
  });

  it("without a webhook, the retry reconciles by our order id: charged once, renewed, no grace", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    timeOutAfterCharging(true);
    at(29, 60_000);
    await server.services.jobs.runDue();
    let [sub] = await subs(member.id);
    expect(sub?.status).toBe("active");
    // The hourly sweep tries again (called directly: other tests moved the clock, and its next run, about).
    at(29, 2 * 3_600_000);
    await runBillingSweep(server.services);
    [sub] = await subs(member.id);
    expect(sub?.status).toBe("active");
    expect(iso(sub?.current_period_end)).toBe(iso(new Date(BASE.getTime() + 60 * DAY_MS)));
    expect(await paymentsOf(member.id)).toHaveLength(2);
    expect(await providerCharges(member.id)).toHaveLength(1);
    expect(await mails(member, "billing")).toHaveLength(0);
  });
});

describe("paying again while past due", () => {
  it("a checkout in grace is a renewal: the period continues from the old end", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    await setTestPaymentMethodFails(server.services.db, member.id, true);
    at(29, 60_000);
    await sweep();
    at(31);
    const quote = (await (
      await member.client.json("/api/payments/pricing-for-checkout", "POST", { tier: "standard" })
    ).json()) as Json;
    expect(quote).toMatchObject({ kind: "renewal", amount: 2.99 });
    const checkout = await startCheckout(server, member, "standard");
    await approve(server, member, checkout.providerOrderId);
    const all = await subs(member.id);
    expect(all.map((s) => s.status)).toEqual(["active"]);
    expect(iso(all[0]?.current_period_end)).toBe(iso(new Date(BASE.getTime() + 60 * DAY_MS)));
    expect(all[0]?.grace_until).toBeNull();
    at(33, 60_000);
    await sweep();
    expect(await tierOf(server, member.id)).toBe("standard");
  });
});

describe("cancel at period end", () => {
  it("no renewal charge; Free after the end; resume undoes it", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    const cancel = await member.client.json("/api/subscriptions/cancel", "POST", {});
    expect(cancel.status).toBe(200);
    const sub1 = (await (await member.client.fetch(`/api/subscriptions/user/${member.id}`)).json()) as Json;
    expect(sub1.subscription).toMatchObject({ cancel_at_period_end: true, nextBilling: null, tier: "standard" });
    at(29, 60_000);
    await sweep();
    expect(await paymentsOf(member.id)).toHaveLength(1);
    expect(await tierOf(server, member.id)).toBe("standard");
    at(30, 60_000);
    await sweep();
    const [sub] = await subs(member.id);
    expect(sub?.status).toBe("cancelled");
    expect(await tierOf(server, member.id)).toBe("free");

    at(0);
    const other = await createMember(server);
    await buy(server, other, "standard");
    await other.client.json("/api/subscriptions/cancel", "POST", {});
    expect((await other.client.json("/api/subscriptions/resume", "POST", {})).status).toBe(200);
    at(29, 60_000);
    await sweep();
    expect(await paymentsOf(other.id)).toHaveLength(2);
  });

  it("cancel without a plan is a 400", async () => {
    const member = await createMember(server);
    const res = await member.client.json("/api/subscriptions/cancel", "POST", {});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "You have no paid plan" });
  });
});

describe("upgrade Standard → Expert", () => {
  it("charges Expert less the unused Standard days, at once", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    at(10);
    // 20 of 30 days unused: floor(299 × 20 / 30) = 199 cents of credit.
    const quote = (await (
      await member.client.json("/api/payments/pricing-for-checkout", "POST", { tier: "expert", currency: "USD" })
    ).json()) as Json;
    expect(quote).toMatchObject({ amount: 28, list_amount: 29.99, credit_applied: 1.99, kind: "upgrade" });
    const checkout = await startCheckout(server, member, "expert");
    expect(checkout.body).toMatchObject({ amount: 28, kind: "upgrade" });
    await approve(server, member, checkout.providerOrderId);
    expect(await tierOf(server, member.id)).toBe("expert");
    const all = await subs(member.id);
    expect(all.map((s) => [s.tier, s.status, s.end_reason])).toEqual([
      ["standard", "cancelled", "upgraded"],
      ["expert", "active", null],
    ]);
    expect(iso(all[1]?.current_period_end)).toBe(iso(new Date(BASE.getTime() + 40 * DAY_MS)));
    expect((await paymentsOf(member.id)).map((p) => p.amount_cents)).toEqual([299, 2800]);
    // Expert → Standard is not sold while Expert runs.
    expect((await member.client.json("/api/payments/create-order", "POST", { tier: "standard" })).status).toBe(409);
  });
});

describe("upgrade after cancel at period end (issue 31)", () => {
  it("keeps the cancellation: Expert runs to its end and does not renew, and the quote says so", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    expect((await member.client.json("/api/subscriptions/cancel", "POST", {})).status).toBe(200);
    at(10);
    const quote = (await (
      await member.client.json("/api/payments/pricing-for-checkout", "POST", { tier: "expert", currency: "USD" })
    ).json()) as Json;
    expect(quote).toMatchObject({ kind: "upgrade", keeps_cancellation: true });
    const checkout = await startCheckout(server, member, "expert");
    await approve(server, member, checkout.providerOrderId);
    const view = (await (await member.client.fetch(`/api/subscriptions/user/${member.id}`)).json()) as Json;
    expect(view.subscription).toMatchObject({ tier: "expert", cancel_at_period_end: true, nextBilling: null });
    at(39, 60_000);
    await sweep();
    expect((await paymentsOf(member.id)).map((p) => p.kind)).toEqual(["new", "upgrade"]);
    at(40, 60_000);
    await sweep();
    expect(await tierOf(server, member.id)).toBe("free");
  });
});

describe("refunds (30-day money-back guarantee)", () => {
  it("within 30 days: the provider refunds, the plan ends, the tier is Free", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "expert");
    at(10);
    const res = await member.client.json("/api/subscriptions/refund", "POST", {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, refunded: 29.99, payments: 1 });
    expect(await tierOf(server, member.id)).toBe("free");
    expect((await paymentsOf(member.id)).map((p) => p.status)).toEqual(["refunded"]);
    expect((await subs(member.id)).map((s) => s.status)).toEqual(["refunded"]);
    expect(await mails(member, "refund")).toHaveLength(1);
    const [provider] = await queryRows<{ status: string }>(
      server.services.db,
      sql`SELECT t.status FROM test_provider_orders t JOIN payment_orders o ON o.id::text = t.reference
          WHERE o.user_id = ${member.id}`,
    );
    expect(provider?.status).toBe("refunded");
    // The Expert credit given with the payment is taken back.
    const summary = await getBillingSummary(server.services, member.id);
    expect(summary.credit.balanceCents).toBe(0);
    // Twice is a 400 (nothing left to refund).
    expect((await member.client.json("/api/subscriptions/refund", "POST", {})).status).toBe(400);
  });

  it("after 30 days: refused with a clear message", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    at(30, 60_000);
    const res = await member.client.json("/api/subscriptions/refund", "POST", {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toBe(
      "Refunds are available within 30 days of your first payment (until 2026-05-01)",
    );
    expect(await tierOf(server, member.id)).toBe("standard");
    expect((await paymentsOf(member.id)).map((p) => p.status)).toEqual(["captured"]);
  });
});

describe("Expert's tool credit", () => {
  it("+$5 per paid period, applied to the next payment", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "expert");
    expect((await getBillingSummary(server.services, member.id)).credit.balanceCents).toBe(500);
    at(29, 60_000);
    await sweep();
    expect((await paymentsOf(member.id)).map((p) => [p.kind, p.amount_cents])).toEqual([
      ["new", 2999],
      ["renewal", 2499],
    ]);
    const summary = await getBillingSummary(server.services, member.id);
    expect(summary.credit.balanceCents).toBe(500);
    expect(summary.credit.entries.map((e) => e.amountCents).sort()).toEqual([-500, 500, 500].sort());
    expect(summary.history.some((h) => h.type === "credit_applied")).toBe(true);
    expect(summary.nextBillingAt?.toISOString()).toBe(new Date(BASE.getTime() + 60 * DAY_MS).toISOString());
  });
});
