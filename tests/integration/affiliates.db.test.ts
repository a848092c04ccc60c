// engine: both — commissions are money: paid once under retries and parallel jobs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaidTier, PaymentAppliedEvent } from "../../server/modules/billing/contracts.ts";
import { type PayoutProvider, ProviderError } from "../../server/modules/billing/providers/types.ts";
import { attributeMember, growthBillingHooks } from "../../server/modules/growth/index.ts";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { buy, tierOf } from "../helpers/billing.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The affiliate programme through real HTTP: join, link → click and signed cookie → sign-up →
 * attribution; billing's hooks → pending commission → approved by the durable job after the refund
 * window → reversed by a refund; the admin payout CSV (formula-safe) and the payout (once).
 * The edge cases call growth's BillingHooks inside a transaction, as billing does; the last block
 * pays and refunds through billing's test provider.
 */
const BASE = new Date("2026-11-03T09:00:00Z");
const clock = createTestClock(BASE);
const batches: { batchId: string; items: { email: string; amount: { amountCents: number } }[] }[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;
let paymentSeq = 0;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** Follows a link as a browser does (Node's own User-Agent is a robot to isbot, and robots are not counted). */
function visit(client: Client, path: string) {
  return client.navigate(path, {
    "user-agent": BROWSER,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "sec-fetch-mode": "navigate",
    "sec-fetch-dest": "document",
    "sec-fetch-user": "?1",
  });
}

/** What billing does when it applies a payment: the hooks, inside its transaction. */
async function pay(userId: string, tier: PaidTier, cents: number, firstPaymentAt = clock.now()) {
  const event: PaymentAppliedEvent = {
    paymentId: `pay-${++paymentSeq}-${userId.slice(0, 6)}`,
    userId,
    tier,
    kind: "new",
    amount: { amountCents: cents, currency: "USD" },
    provider: "test",
    at: clock.now(),
    firstPaymentAt,
  };
  const hooks = growthBillingHooks(server.services);
  await server.services.db.transaction(async (tx) => hooks.paymentApplied?.(tx as unknown as Db, event));
  return event;
}
async function refund(event: PaymentAppliedEvent) {
  const hooks = growthBillingHooks(server.services);
  await server.services.db.transaction(async (tx) =>
    hooks.paymentRefunded?.(tx as unknown as Db, {
      paymentId: event.paymentId,
      userId: event.userId,
      amount: event.amount,
      at: clock.now(),
    }),
  );
}
async function dashboard(member: Member) {
  const res = await member.client.fetch("/api/affiliate/dashboard");
  expect(res.status).toBe(200);
  return (await res.json()) as Json & { commissions: Json[] };
}
async function signUp(client: Client, name = "Visitor") {
  const email = `v-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await client.json("/api/auth/sign-up/email", "POST", { name, email, password: "correct-horse-42" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

describe("affiliate programme", () => {
  let affiliate: Member;
  let code: string;
  beforeAll(async () => {
    affiliate = await createMember(server, { name: "=SUM(A1)" });
  });

  it("a member joins with a PayPal e-mail and the terms accepted (page form, no JavaScript)", async () => {
    const visitor = new Client(server);
    expect((await visitor.form("/affiliate", { payout_email: "x@example.com", accept_terms: "on" })).status).toBe(401);
    const noTerms = await affiliate.client.form("/affiliate", { payout_email: "pay@example.com" });
    expect(noTerms.status).toBe(400);
    expect(await noTerms.text()).toContain("Please accept the affiliate terms");
    expect((await affiliate.client.fetch("/affiliate/dashboard")).headers.get("location")).toBe("/affiliate");
    const res = await affiliate.client.form("/affiliate", { payout_email: "Pay@Example.com", accept_terms: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/affiliate/dashboard");
    const body = await dashboard(affiliate);
    code = String(body.code);
    expect(body).toMatchObject({ link: `${server.url}/a/${code}`, clicks: 0, conversions: 0, conversionRate: 0 });
  });

  it("a link counts one click per visitor per day, sets a signed 30-day cookie and lands on the same site only", async () => {
    const visitor = new Client(server);
    const res = await visit(visitor, `/a/${code}?to=/tools/midjourney`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/tools/midjourney");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ts_aff="));
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    await visit(visitor, `/a/${code}`);
    expect((await dashboard(affiliate)).clicks).toBe(1);

    for (const to of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const away = await visit(new Client(server), `/a/${code}?to=${encodeURIComponent(to)}`);
      expect(away.headers.get("location")).toBe("/");
    }
    const bot = await new Client(server).fetch(`/a/${code}`, { headers: { "user-agent": "Googlebot/2.1" } });
    expect(bot.headers.getSetCookie().some((c) => c.startsWith("ts_aff="))).toBe(false);
    const own = await visit(affiliate.client, `/a/${code}`);
    expect(own.headers.getSetCookie().some((c) => c.startsWith("ts_aff="))).toBe(false);
    const unknown = await visit(new Client(server), "/a/NOSUCHCODE?to=/pricing");
    expect(unknown.headers.get("location")).toBe("/pricing");
    expect(unknown.headers.getSetCookie().length).toBe(0);
    // 4 other visitors (the redirects above) + the first one; the robot and the affiliate are not counted.
    expect((await dashboard(affiliate)).clicks).toBe(5);
  });

  it("visit → sign-up → Expert payment: a pending 35% commission; approved by the job after 30 days; a refund reverses it", async () => {
    const visitor = new Client(server);
    await visit(visitor, `/a/${code}`);
    const userId = await signUp(visitor, "Paying Member");
    const [attributed] = await queryRows<{ affiliate_id: string }>(
      server.services.db,
      sql`SELECT affiliate_id FROM affiliate_attributions WHERE user_id = ${userId}`,
    );
    expect(attributed).toBeTruthy();

    const payment = await pay(userId, "expert", 2999);
    await pay(userId, "expert", 2999); // a second payment (another id): a second commission
    const replay = payment;
    await server.services.db.transaction(async (tx) =>
      growthBillingHooks(server.services).paymentApplied?.(tx as unknown as Db, replay),
    );
    let body = await dashboard(affiliate);
    const mine = body.commissions.filter((c) => c.paymentCents === 2999);
    expect(mine).toHaveLength(2); // two payments, the replay added nothing
    expect(mine[0]).toMatchObject({ amountCents: 1050, status: "pending", tier: "expert" });
    expect(body).toMatchObject({ pendingCents: 2100, totalEarningsCents: 0, monthEarningsCents: 2100, conversions: 1 });
    expect(body.conversionRate).toBe(Math.round((1 / Number(body.clicks)) * 1000) / 10);
    const page = await affiliate.client.fetch("/affiliate/dashboard");
    const html = await page.text();
    expect(html).toContain("$10.50");
    expect(html).toContain("Pending");

    // Not yet: one minute before the end of the refund window.
    clock.set(new Date(BASE.getTime() + 30 * DAY_MS - 60_000));
    await server.services.jobs.runDue();
    expect((await dashboard(affiliate)).pendingCents).toBe(2100);
    clock.set(new Date(BASE.getTime() + 30 * DAY_MS + 60_000));
    await server.services.jobs.runDue();
    await server.services.jobs.runDue();
    body = await dashboard(affiliate);
    expect(body).toMatchObject({ pendingCents: 0, totalEarningsCents: 2100, balanceCents: 2100 });

    await refund(payment);
    await refund(payment);
    body = await dashboard(affiliate);
    expect(body.commissions.find((c) => c.status === "reversed")).toMatchObject({ amountCents: 1050 });
    expect(body).toMatchObject({ totalEarningsCents: 1050, balanceCents: 1050 });
  });

  it("a Standard payment earns 30%; a member not brought by an affiliate earns nothing; never for oneself", async () => {
    const visitor = new Client(server);
    await visit(visitor, `/a/${code}`);
    const userId = await signUp(visitor);
    await pay(userId, "standard", 299);
    const body = await dashboard(affiliate);
    expect(body.commissions.find((c) => c.paymentCents === 299)).toMatchObject({ amountCents: 90, status: "pending" });

    const direct = await createMember(server);
    await pay(direct.id, "expert", 2999);
    const [none] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM affiliate_commissions WHERE user_id = ${direct.id}`,
    );
    expect(none?.n).toBe(0);
    const [row] = await queryRows<{ id: string }>(
      server.services.db,
      sql`SELECT id FROM affiliates WHERE user_id = ${affiliate.id}`,
    );
    expect(await attributeMember(server.services, String(row?.id), affiliate.id)).toBe(false);
  });

  it("a forged or expired ts_aff cookie attributes nobody", async () => {
    const forged = new Client(server);
    forged.cookies.set("ts_aff", "00000000-0000-0000-0000-000000000000.abc.notasignature");
    const a = await signUp(forged);
    const stale = new Client(server);
    await visit(stale, `/a/${code}`);
    clock.advance(31 * DAY_MS);
    const b = await signUp(stale);
    const rows = await queryRows<{ user_id: string }>(
      server.services.db,
      sql`SELECT user_id FROM affiliate_attributions WHERE user_id IN (${a}, ${b})`,
    );
    expect(rows).toEqual([]);
  });

  it("admin payout: a formula-safe CSV of approved commissions, then paid once (manual without PayPal)", async () => {
    const admin = await createMember(server, { role: "admin" });
    const period = clock.now().toISOString().slice(0, 7);
    await server.services.jobs.runDue(); // the Standard commission's window has ended too
    expect((await new Client(server).fetch(`/api/admin/affiliates/payouts.csv?period=${period}`)).status).toBe(401);
    expect((await affiliate.client.fetch(`/api/admin/affiliates/payouts.csv?period=${period}`)).status).toBe(403);
    expect((await admin.client.fetch("/api/admin/affiliates/payouts.csv?period=2026-13")).status).toBe(400);

    const csvRes = await admin.client.fetch(`/api/admin/affiliates/payouts.csv?period=${period}`);
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get("content-type")).toContain("text/csv");
    const csv = (await csvRes.text()).replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe('"affiliate_id","name","payout_email","commissions","amount_usd"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=SUM(A1)","pay@example.com","2","11.40"`);

    const paid = await admin.client.json("/api/admin/affiliates/payouts", "POST", { period });
    expect(paid.status).toBe(200);
    const result = (await paid.json()) as { payouts: { amountCents: number; status: string }[] };
    expect(result.payouts).toEqual([expect.objectContaining({ amountCents: 1140, status: "manual" })]);
    const again = await admin.client.json("/api/admin/affiliates/payouts", "POST", { period });
    expect(((await again.json()) as { payouts: unknown[] }).payouts).toEqual([]);
    const body = await dashboard(affiliate);
    expect(body).toMatchObject({ balanceCents: 0, paidCents: 1140, totalEarningsCents: 1140 });
    const payments = await affiliate.client.fetch("/affiliate/payments");
    expect(await payments.text()).toContain("$11.40");
  });

  it("a refund after the payout leaves a negative adjustment for the next payout", async () => {
    const [paidRow] = await queryRows<{ payment_id: string; user_id: string; payment_cents: number }>(
      server.services.db,
      sql`SELECT payment_id, user_id, payment_cents FROM affiliate_commissions WHERE status = 'paid' AND payment_cents = 299`,
    );
    expect(paidRow).toBeTruthy();
    await refund({
      paymentId: String(paidRow?.payment_id),
      userId: String(paidRow?.user_id),
      tier: "standard",
      kind: "new",
      amount: { amountCents: 299, currency: "USD" },
      provider: "test",
      at: clock.now(),
      firstPaymentAt: clock.now(),
    });
    const body = await dashboard(affiliate);
    expect(body.commissions.find((c) => c.kind === "adjustment")).toMatchObject({
      amountCents: -90,
      status: "approved",
    });
    expect(body).toMatchObject({ balanceCents: -90, paidCents: 1140, totalEarningsCents: 1050 });
  });
});

describe("payouts through a PayoutProvider", () => {
  it("sends one batch with the payable lines and records its status (a renewal's commission is approved at once)", async () => {
    const payouts: PayoutProvider = {
      id: "paypal",
      async payout(input) {
        batches.push(input);
        return { batchId: input.batchId, status: "pending" };
      },
    };
    const local = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" }, growth: { payouts } });
    try {
      const aff = await createMember(local, { name: "Paula" });
      expect(
        (
          await aff.client.json("/api/affiliate/join", "POST", {
            payout_email: "paula@example.com",
            accept_terms: true,
          })
        ).status,
      ).toBe(200);
      const { code: c } = (await (await aff.client.fetch("/api/affiliate/dashboard")).json()) as { code: string };
      const visitor = new Client(local);
      await visit(visitor, `/a/${c}`);
      const email = `p-${Date.now()}@example.com`;
      const res = await visitor.json("/api/auth/sign-up/email", "POST", {
        name: "P",
        email,
        password: "correct-horse-42",
      });
      const userId = ((await res.json()) as { user: { id: string } }).user.id;
      const hooks = growthBillingHooks(local.services);
      await local.services.db.transaction(async (tx) =>
        hooks.paymentApplied?.(tx as unknown as Db, {
          paymentId: "pp-1",
          userId,
          tier: "expert",
          // a renewal after the refund window: approved at once
          kind: "renewal",
          amount: { amountCents: 2999, currency: "USD" },
          provider: "paypal",
          at: clock.now(),
          firstPaymentAt: new Date(clock.now().getTime() - 40 * DAY_MS),
        }),
      );
      const admin = await createMember(local, { role: "admin" });
      const period = clock.now().toISOString().slice(0, 7);
      const out = await admin.client.json("/api/admin/affiliates/payouts", "POST", { period });
      const body = (await out.json()) as { batch_id: string; payouts: { status: string; amountCents: number }[] };
      expect(body.payouts).toEqual([expect.objectContaining({ amountCents: 1050, status: "pending" })]);
      expect(batches).toHaveLength(1);
      expect(batches[0]?.batchId).toBe(body.batch_id);
      expect(batches[0]?.items).toEqual([
        expect.objectContaining({ email: "paula@example.com", amount: { amountCents: 1050, currency: "USD" } }),
      ]);
    } finally {
      await local.close();
    }
  });

  it("a batch PayPal refuses leaves the commissions payable: the next run pays them, once", async () => {
    let fail = true;
    const sent: string[] = [];
    const payouts: PayoutProvider = {
      id: "paypal",
      async payout(input) {
        // A clear refusal (a 4xx): nothing was paid. An unclear answer would leave the batch `unknown`.
        if (fail) throw new ProviderError("paypal", "PayPal said no", { status: 422 });
        sent.push(input.batchId);
        return { batchId: input.batchId, status: "pending" };
      },
    };
    const local = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" }, growth: { payouts } });
    try {
      const aff = await createMember(local, { name: "Retry Affiliate" });
      await aff.client.json("/api/affiliate/join", "POST", { payout_email: "retry@example.com", accept_terms: true });
      const { code: c } = (await (await aff.client.fetch("/api/affiliate/dashboard")).json()) as { code: string };
      const visitor = new Client(local);
      await visit(visitor, `/a/${c}`);
      const res = await visitor.json("/api/auth/sign-up/email", "POST", {
        name: "R",
        email: `r-${Date.now()}@example.com`,
        password: "correct-horse-42",
      });
      const userId = ((await res.json()) as { user: { id: string } }).user.id;
      const hooks = growthBillingHooks(local.services);
      await local.services.db.transaction(async (tx) =>
        hooks.paymentApplied?.(tx as unknown as Db, {
          paymentId: "pp-retry",
          userId,
          tier: "standard",
          kind: "renewal",
          amount: { amountCents: 299, currency: "USD" },
          provider: "paypal",
          at: clock.now(),
          firstPaymentAt: new Date(clock.now().getTime() - 40 * DAY_MS),
        }),
      );
      const admin = await createMember(local, { role: "admin" });
      const period = clock.now().toISOString().slice(0, 7);
      const first = (await (await admin.client.json("/api/admin/affiliates/payouts", "POST", { period })).json()) as {
        payouts: { status: string }[];
      };
      expect(first.payouts.map((p) => p.status)).toEqual(["failed"]);
      const [open] = await queryRows<{ status: string; payout_id: string | null }>(
        local.services.db,
        sql`SELECT status, payout_id FROM affiliate_commissions WHERE payment_id = 'pp-retry'`,
      );
      expect(open).toEqual({ status: "approved", payout_id: null });
      fail = false;
      const second = (await (await admin.client.json("/api/admin/affiliates/payouts", "POST", { period })).json()) as {
        payouts: { status: string; amountCents: number }[];
      };
      expect(second.payouts).toEqual([expect.objectContaining({ status: "pending", amountCents: 90 })]);
      expect(sent).toHaveLength(1);
      const third = (await (await admin.client.json("/api/admin/affiliates/payouts", "POST", { period })).json()) as {
        payouts: unknown[];
      };
      expect(third.payouts).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

describe("with billing's test provider", () => {
  const start = new Date("2027-03-01T12:00:00Z");
  const billingClock = createTestClock(start);
  let local: TestServer;
  let aff: Member;
  let affCode: string;
  beforeAll(async () => {
    local = await startTestServer({ pages: true, clock: billingClock, env: { TRUST_PROXY: "1" } });
    aff = await createMember(local, { name: "Billie Affiliate" });
    await aff.client.json("/api/affiliate/join", "POST", { payout_email: "billie@example.com", accept_terms: true });
    affCode = String((await dashboardOn(aff)).code);
  });
  afterAll(async () => {
    await local?.close();
  });
  async function dashboardOn(member: Member) {
    const res = await member.client.fetch("/api/affiliate/dashboard");
    return (await res.json()) as Json & { commissions: (Json & { status: string; amountCents: number })[] };
  }
  async function referredMember(name: string): Promise<Member> {
    const client = new Client(local);
    await visit(client, `/a/${affCode}`);
    const email = `b-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const res = await client.json("/api/auth/sign-up/email", "POST", { name, email, password: "correct-horse-42" });
    const id = ((await res.json()) as { user: { id: string } }).user.id;
    return { client, id, email, password: "correct-horse-42", name };
  }

  it("an Expert payment through checkout: pending 35%, approved by the job after the refund window", async () => {
    const member = await referredMember("Ellie Expert");
    await buy(local, member, "expert");
    let body = await dashboardOn(aff);
    expect(body.commissions).toEqual([
      expect.objectContaining({ amountCents: 1050, status: "pending", tier: "expert" }),
    ]);
    expect(body).toMatchObject({ pendingCents: 1050, conversions: 1, clicks: 1 });
    billingClock.set(new Date(start.getTime() + 30 * DAY_MS + 60_000));
    await local.services.jobs.runDue();
    body = await dashboardOn(aff);
    const first = body.commissions.find((c) => c.paymentCents === 2999 && c.createdAt === start.toISOString());
    expect(first?.status).toBe("approved");
  });

  it("a refund within 30 days reverses the commission", async () => {
    const member = await referredMember("Sid Standard");
    await buy(local, member, "standard");
    let body = await dashboardOn(aff);
    expect(body.commissions.find((c) => c.paymentCents === 299)).toMatchObject({ amountCents: 90, status: "pending" });
    const res = await member.client.json("/api/subscriptions/refund", "POST", {});
    expect(res.status).toBe(200);
    body = await dashboardOn(aff);
    expect(body.commissions.find((c) => c.paymentCents === 299)).toMatchObject({ amountCents: 90, status: "reversed" });
    expect(await tierOf(local, member.id)).toBe("free");
  });
});

describe("abuse rules (ADR 0024)", () => {
  let owner: Member;
  let ownCode: string;
  beforeAll(async () => {
    owner = await createMember(server, { name: "Alex Affiliate" });
    expect(
      (await owner.client.form("/affiliate", { payout_email: "alex@example.com", accept_terms: "on" })).status,
    ).toBe(302);
    ownCode = String((await dashboard(owner)).code);
  });
  const affCookie = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("ts_aff="));
  const clicks = async () => Number((await dashboard(owner)).clicks);

  it("a sub-resource hit on /a/CODE (an image, a fetch, an iframe) sets no cookie and counts no click", async () => {
    const before = await clicks();
    const asImage = { "user-agent": BROWSER, accept: "image/avif,image/webp,*/*", "sec-fetch-dest": "image" };
    const image = await new Client(server).navigate(`/a/${ownCode}`, { ...asImage, "sec-fetch-mode": "no-cors" });
    expect(image.status).toBe(302);
    expect(affCookie(image)).toBe(false);
    const script = await new Client(server).navigate(`/a/${ownCode}`, {
      "user-agent": BROWSER,
      accept: "*/*",
      "sec-fetch-mode": "cors",
      "sec-fetch-dest": "empty",
    });
    expect(affCookie(script)).toBe(false);
    const frame = await new Client(server).navigate(`/a/${ownCode}`, {
      "user-agent": BROWSER,
      accept: "text/html",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "iframe",
    });
    expect(affCookie(frame)).toBe(false);
    // An old browser without Fetch Metadata: an <img> asks for images, not HTML.
    const oldImage = await new Client(server).navigate(`/a/${ownCode}`, {
      "user-agent": BROWSER,
      accept: "image/webp,*/*",
    });
    expect(affCookie(oldImage)).toBe(false);
    expect(await clicks()).toBe(before);
    // The same old browser following the link: a navigation asks for HTML first, and counts.
    const oldLink = await new Client(server).navigate(`/a/${ownCode}`, {
      "user-agent": BROWSER,
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
    });
    expect(affCookie(oldLink)).toBe(true);
    expect(affCookie(await visit(new Client(server), `/a/${ownCode}`))).toBe(true);
    expect(await clicks()).toBe(before + 2);
  });

  it("a navigation a script started (no Sec-Fetch-User: ?1) sets no cookie and counts no click (issue 31)", async () => {
    const before = await clicks();
    const scripted = await new Client(server).navigate(`/a/${ownCode}`, {
      "user-agent": BROWSER,
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    });
    expect(scripted.status).toBe(302);
    expect(affCookie(scripted)).toBe(false);
    expect(await clicks()).toBe(before);
  });

  it("never overwrites another affiliate's live cookie; the same affiliate's link renews its own (issue 31)", async () => {
    const rival = await createMember(server, { name: "Rita Rival" });
    expect(
      (await rival.client.form("/affiliate", { payout_email: "rita@example.com", accept_terms: "on" })).status,
    ).toBe(302);
    const rivalCode = String((await dashboard(rival)).code);
    const browser = new Client(server);
    expect(affCookie(await visit(browser, `/a/${ownCode}`))).toBe(true);
    const first = browser.cookies.get("ts_aff");
    expect(affCookie(await visit(browser, `/a/${rivalCode}`))).toBe(false);
    expect(browser.cookies.get("ts_aff")).toBe(first);
    clock.advance(60_000);
    expect(affCookie(await visit(browser, `/a/${ownCode}`))).toBe(true);
  });

  it("an avatar set to /a/CODE through better-auth's update-user is refused (the profile form's https rule)", async () => {
    const member = await createMember(server);
    for (const image of [
      `/a/${ownCode}`,
      `${server.url}/a/${ownCode}`,
      "javascript:alert(1)",
      "data:image/png;base64,AA",
    ]) {
      const res = await member.client.json("/api/auth/update-user", "POST", { image });
      expect(res.status, image).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("Avatar URL must start with https://");
    }
    const [kept] = await queryRows<{ image: string | null }>(
      server.services.db,
      sql`SELECT image FROM users WHERE id = ${member.id}`,
    );
    expect(kept?.image).toBeNull();
    const ok = await member.client.json("/api/auth/update-user", "POST", { image: "https://cdn.example.com/me.png" });
    expect(ok.status).toBe(200);
    const cleared = await member.client.json("/api/auth/update-user", "POST", { image: "" });
    expect(cleared.status).toBe(200);
    const [after] = await queryRows<{ image: string | null }>(
      server.services.db,
      sql`SELECT image FROM users WHERE id = ${member.id}`,
    );
    expect(after?.image).toBeNull();
  });

  it("a purchase by the affiliate's own account earns nothing, even attributed to themself", async () => {
    const [row] = await queryRows<{ id: string }>(
      server.services.db,
      sql`SELECT id FROM affiliates WHERE user_id = ${owner.id}`,
    );
    expect(await attributeMember(server.services, String(row?.id), owner.id)).toBe(false);
    // A row that got there anyway (an import, an operator): still no commission on their own payment.
    await server.services.db.execute(
      sql`INSERT INTO affiliate_attributions (user_id, affiliate_id, at)
          VALUES (${owner.id}, ${String(row?.id)}::uuid, ${clock.now().toISOString()}::timestamptz)`,
    );
    await pay(owner.id, "expert", 2999);
    const [n] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM affiliate_commissions WHERE user_id = ${owner.id}`,
    );
    expect(n?.n).toBe(0);
    await server.services.db.execute(sql`DELETE FROM affiliate_attributions WHERE user_id = ${owner.id}`);
  });

  it("a sign-up from the browser the affiliate uses earns nothing, whatever cookie it carries", async () => {
    // The affiliate signs in on this browser (it remembers them), then signs out.
    const browser = new Client(server);
    const signIn = await browser.json("/api/auth/sign-in/email", "POST", {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.status).toBe(200);
    expect(browser.cookies.has("ts_member")).toBe(true);
    expect((await browser.json("/api/auth/sign-out", "POST", {})).status).toBe(200);
    const before = await clicks();
    // Signed out, following their own link: not a click, no cookie.
    expect(affCookie(await visit(browser, `/a/${ownCode}`))).toBe(false);
    expect(await clicks()).toBe(before);
    // Even with a valid ts_aff cookie (taken from a real visitor's click), a new account made here is not attributed.
    const visitor = new Client(server);
    await visit(visitor, `/a/${ownCode}`);
    browser.cookies.set("ts_aff", String(visitor.cookies.get("ts_aff")));
    const sock = await signUp(browser, "Sock Puppet");
    const [attributed] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM affiliate_attributions WHERE user_id = ${sock}`,
    );
    expect(attributed?.n).toBe(0);
    await pay(sock, "standard", 299);
    const [n] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM affiliate_commissions WHERE user_id = ${sock}`,
    );
    expect(n?.n).toBe(0);
    // The real visitor's own sign-up still counts.
    const friend = await signUp(visitor, "Real Friend");
    const [real] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM affiliate_attributions WHERE user_id = ${friend}`,
    );
    expect(real?.n).toBe(1);
  });
});
