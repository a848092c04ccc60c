import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measurePageWeight, PAGE_WEIGHT_TARGETS } from "../../bench/page-weight.ts";
import { createTestClock, type TestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The money pages over real HTTP, without a browser (plain form posts, as with JavaScript off):
 * the price is the server's whatever the link says, a test order is its owner's only, the return
 * page applies a payment once however often it loads, and the dashboard's cancel, resume and
 * refund (with its confirm step) work and are refused after the 30 days.
 */
const DAY = 86_400_000;
let server: TestServer;
let clock: TestClock;

beforeAll(async () => {
  clock = createTestClock(new Date("2026-03-01T12:00:00Z"));
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.close();
});

const html = async (res: Response) => {
  const text = await res.text();
  return text.replace(/<!-- -->/g, "");
};

/** Checkout → the test provider's page → a decision; answers where the buyer was sent. */
async function pay(member: Member, tier: string, decision: "approve" | "decline" | "cancel") {
  const page = await html(await member.client.fetch(`/checkout/${tier}`));
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1] ?? "";
  const started = await member.client.form(`/checkout/${tier}`, { provider: "test", idempotencyKey: key });
  expect(started.status).toBe(302);
  const approval = started.headers.get("location") ?? "";
  expect(approval).toMatch(/^\/payment\/test\/TEST-/);
  const decided = await member.client.form(approval, { decision });
  expect(decided.status).toBe(302);
  const location = new URL(decided.headers.get("location") ?? "", server.url);
  // The buyer lands on the return page, which confirms the order (the callback job may not have run yet).
  if (decision === "approve")
    expect((await member.client.fetch(`${location.pathname}${location.search}`)).status).toBe(200);
  return { approval, key, location };
}

async function payments(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.services.db,
    sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${userId}`,
  );
  return row?.n ?? 0;
}

async function tierOf(userId: string): Promise<string> {
  const [row] = await queryRows<{ tier: string }>(
    server.services.db,
    sql`SELECT tier::text AS tier FROM user_profiles WHERE user_id = ${userId}`,
  );
  return row?.tier ?? "";
}

describe("checkout page", () => {
  it("shows the plan's own price whatever the link's amount, and says Test mode", async () => {
    const member = await createMember(server, { name: "Query Buyer" });
    const res = await member.client.fetch("/checkout?tier=expert&amount=0.01&currency=USD");
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toContain("$29.99");
    expect(page).not.toContain("$0.01");
    expect(page).toContain("The link asked for a different amount");
    expect(page).toContain("Test mode");
    expect(page).toContain("Continue (Test mode)");
  });

  it("answers Invalid Plan (404) for an unknown tier and sends visitors to sign in, and back", async () => {
    const member = await createMember(server, { name: "Lost Buyer" });
    const invalid = await member.client.fetch("/checkout/platinum");
    expect(invalid.status).toBe(404);
    expect(await html(invalid)).toContain("Invalid Plan");
    const visitor = await fetch(`${server.url}/checkout/standard`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    const location = visitor.headers.get("location") ?? "";
    expect(location).toBe("/sign-in?reason=checkout&redirectTo=%2Fcheckout%2Fstandard");
    const signIn = await fetch(`${server.url}${location}`);
    const page = await html(signIn);
    expect(page).toContain("Please sign in to continue with checkout");
    expect(page).toContain('name="redirectTo" value="/checkout/standard"');
    // "Join free" keeps the way back, and the sign-up page says why too.
    expect(page).toContain("/sign-up?redirectTo=%2Fcheckout%2Fstandard&amp;reason=checkout");
    const signUp = await html(await fetch(`${server.url}/sign-up?redirectTo=%2Fcheckout%2Fstandard&reason=checkout`));
    expect(signUp).toContain("Please sign in to continue with checkout");
    expect(signUp).toContain('name="redirectTo" value="/checkout/standard"');
    // Signing in (no JavaScript) lands on the same checkout.
    const buyer = await createMember(server, { name: "Back Buyer" });
    const fresh = new Client(server);
    const signedIn = await fresh.form(location, {
      email: buyer.email,
      password: buyer.password,
      redirectTo: "/checkout/standard",
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/checkout/standard");
    expect((await fresh.fetch("/checkout/standard")).status).toBe(200);
  });

  it("a second submit of the same page gives the same order", async () => {
    // Sequential: two at once can still create two test-provider orders (reported to billing; the
    // test provider's createOrder checks, then inserts, without a unique key on the order reference).
    const member = await createMember(server, { name: "Double Click" });
    const page = await html(await member.client.fetch("/checkout/standard"));
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const a = await member.client.form("/checkout/standard", { provider: "test", idempotencyKey: key });
    const b = await member.client.form("/checkout/standard", { provider: "test", idempotencyKey: key });
    expect(a.status).toBe(302);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
  });
});

describe("the test provider's page and the return", () => {
  it("is its owner's only; approve → success applies once however often it loads", async () => {
    const buyer = await createMember(server, { name: "Owner Buyer" });
    const other = await createMember(server, { name: "Someone Else" });
    const page = await html(await buyer.client.fetch("/checkout/standard"));
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const started = await buyer.client.form("/checkout/standard", { provider: "test", idempotencyKey: key });
    const approval = started.headers.get("location") ?? "";

    expect((await other.client.fetch(approval)).status).toBe(404);
    expect((await other.client.form(approval, { decision: "approve" })).status).toBe(404);
    const own = await buyer.client.fetch(approval);
    expect(own.status).toBe(200);
    const ownPage = await html(own);
    expect(ownPage).toContain("Test mode");
    expect(ownPage).toContain("$2.99 USD");

    const decided = await buyer.client.form(approval, { decision: "approve" });
    const back = new URL(decided.headers.get("location") ?? "", server.url);
    expect(back.pathname).toBe("/payment/success");
    const orderId = back.searchParams.get("order_id") ?? "";
    // Someone else cannot read (or apply) the order.
    expect((await other.client.fetch(`/payment/success?order_id=${orderId}`)).status).toBe(404);
    for (let i = 0; i < 3; i++) {
      const res = await buyer.client.fetch(`${back.pathname}${back.search}`);
      expect(res.status).toBe(200);
      const success = await html(res);
      expect(success).toContain("Payment successful");
      expect(success).toContain("Welcome to Toolscape Standard!");
      expect(success).toContain("Next billing date");
    }
    expect(await payments(buyer.id)).toBe(1);
    expect(await tierOf(buyer.id)).toBe("standard");
    // The page after it: approving again is not offered.
    expect(await html(await buyer.client.fetch(approval))).toContain("This payment was already paid");
  });

  it("decline and cancel come back to /payment/cancel with the spec's messages; the tier stays Free", async () => {
    const member = await createMember(server, { name: "Undecided" });
    const declined = await pay(member, "standard", "decline");
    expect(declined.location.pathname).toBe("/payment/cancel");
    expect(declined.location.searchParams.get("reason")).toBe("declined");
    expect(await html(await member.client.fetch(`${declined.location.pathname}${declined.location.search}`))).toContain(
      "Payment was declined",
    );
    const cancelled = await pay(member, "expert", "cancel");
    expect(cancelled.location.searchParams.get("reason")).toBe("cancelled");
    const cancelPage = await html(
      await member.client.fetch(`${cancelled.location.pathname}${cancelled.location.search}`),
    );
    expect(cancelPage).toContain("Payment was cancelled. You can try again anytime.");
    // Try again returns to the same plan's checkout.
    expect(cancelPage).toContain('href="/checkout/expert"');
    expect(await payments(member.id)).toBe(0);
    expect(await tierOf(member.id)).toBe("free");
    expect(await html(await member.client.fetch("/dashboard/billing"))).toContain("No payments yet.");
  });
});

describe("dashboard billing", () => {
  it("shows the plan and history; cancel at period end, resume, and the refund's confirm step", async () => {
    const member = await createMember(server, { name: "Billing Member" });
    await pay(member, "standard", "approve");
    const dash = await html(await member.client.fetch("/dashboard/billing"));
    expect(dash).toContain('data-testid="billing-plan">Standard');
    expect(dash).toContain("Next billing date");
    expect(dash).toContain("Payment Standard");
    expect(dash).toContain("Upgrade to Expert");

    const cancel = await member.client.form("/dashboard", { intent: "billing-cancel" });
    expect(cancel.status).toBe(200);
    expect(await html(await member.client.fetch("/dashboard/billing"))).toContain("Cancels at period end");
    const resume = await member.client.form("/dashboard", { intent: "billing-resume" });
    expect(resume.status).toBe(200);
    expect(await html(await member.client.fetch("/dashboard/billing"))).toContain("Cancel at period end");

    // The refund is a second step: the link shows the confirmation, the form there refunds.
    const confirm = await html(await member.client.fetch("/dashboard/billing?confirm=refund"));
    expect(confirm).toContain("Yes, refund and return to Free");
    expect(confirm).toContain("$2.99");
    const refunded = await member.client.form("/dashboard", { intent: "billing-refund" });
    expect(refunded.status).toBe(200);
    expect(await tierOf(member.id)).toBe("free");
    const after = await html(await member.client.fetch("/dashboard/billing"));
    expect(after).toContain("You are on the Free plan");
    expect(after).toContain("Refunded");
  });

  it("upgrades Standard → Expert with the unused days credited, then shows Expert's tool credits", async () => {
    const member = await createMember(server, { name: "Upgrader" });
    await pay(member, "standard", "approve");
    clock.advance(15 * DAY);
    const checkout = await html(await member.client.fetch("/checkout/expert"));
    expect(checkout).toContain("Upgrade to Expert");
    expect(checkout).toContain("Unused days of your Standard plan");
    const due = /data-testid="due-today">\$([\d.]+)</.exec(checkout)?.[1];
    expect(Number(due)).toBeGreaterThan(26);
    expect(Number(due)).toBeLessThan(29.99);
    // The same figure on the dashboard's upgrade quote.
    expect(await html(await member.client.fetch("/dashboard/billing"))).toContain(`data-testid="upgrade-due">$${due}<`);
    await pay(member, "expert", "approve");
    expect(await tierOf(member.id)).toBe("expert");
    const dash = await html(await member.client.fetch("/dashboard/billing"));
    expect(dash).toContain('data-testid="billing-plan">Expert');
    expect(dash).toContain("Tool credits:");
    expect(dash).toContain(`$${due}`);
    // Expert on /checkout/expert: nothing to buy.
    expect(await html(await member.client.fetch("/checkout/expert"))).toContain("Current Plan");
  });

  it("refuses a refund after 30 days", async () => {
    const member = await createMember(server, { name: "Late Refund" });
    await pay(member, "standard", "approve");
    clock.advance(29 * DAY);
    expect(await html(await member.client.fetch("/dashboard/billing"))).toContain("Request a refund");
    clock.advance(2 * DAY);
    expect(await html(await member.client.fetch("/dashboard/billing?confirm=refund"))).not.toContain(
      "Yes, refund and return to Free",
    );
    const refused = await member.client.form("/dashboard", { intent: "billing-refund" });
    expect(refused.status).toBe(400);
    expect(await payments(member.id)).toBe(1);
  });

  it("a tier the team set by hand is shown as such, not as the Free plan, with nothing to cancel or refund", async () => {
    const member = await createMember(server, { tier: "expert" });
    const page = await html(await member.client.fetch("/dashboard/billing"));
    expect(page).toContain('data-testid="billing-assigned"');
    expect(page).toMatch(/You are on <strong>Expert<\/strong>, set for your account by the Toolscape team/);
    expect(page).not.toContain("You are on the Free plan");
    expect(page).not.toContain("Cancel at period end");
    expect(page).not.toContain("Request a refund");
    // Back to Free by the team: the Free line again.
    const free = await createMember(server);
    expect(await html(await free.client.fetch("/dashboard/billing"))).toContain("You are on the Free plan");
  });
});

describe("page weight", () => {
  it("the money pages stay within the 120 KB first-load budget, without zod", async () => {
    for (const page of ["/pricing", "/payment", "/payment/cancel?reason=declined"]) {
      const w = await measurePageWeight(server.url, page, path.join(BUILD_DIR, "client"));
      expect(w.jsGzip, page).toBeLessThanOrEqual(PAGE_WEIGHT_TARGETS.toolPageJs);
      expect(w.modules.map((m) => m.file).join(" "), page).not.toMatch(/account-forms/);
    }
  });
});
