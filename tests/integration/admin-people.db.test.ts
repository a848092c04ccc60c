// engine: both — parallel tier and role changes must settle exactly once.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaidTier, PaymentAppliedEvent } from "../../server/modules/billing/contracts.ts";
import { type PayoutProvider, ProviderError } from "../../server/modules/billing/providers/types.ts";
import { attributeMember, growthBillingHooks } from "../../server/modules/growth/index.ts";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { siteOrigin } from "../../server/platform/site-origin.ts";
import { Client, createMember, establishMember, type Member } from "../helpers/accounts.ts";
import { buy, tierOf } from "../helpers/billing.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 21 (items 3, 4, 6): the page of one person with an admin refund that applies once, reopening
 * a moderation decision (the maker is e-mailed), restoring a hidden review, the payouts screen
 * (approve, send through the PayoutProvider, the result recorded) and affiliate suspension.
 */
const BASE = new Date("2026-11-03T09:00:00Z");
const clock = createTestClock(BASE);
const sent: { batchId: string; amounts: number[] }[] = [];
/** "refuses": PayPal answers 422 (nothing paid); "times out": it pays, then the answer is lost. */
let payoutMode: "ok" | "refuses" | "times out" = "ok";
const payouts: PayoutProvider = {
  id: "paypal",
  async payout({ batchId, items }) {
    // Slow enough for two clicks to overlap.
    await new Promise((r) => setTimeout(r, 30));
    if (payoutMode === "refuses") throw new ProviderError("paypal", "Receiver is unregistered", { status: 422 });
    // Like PayPal with the same PayPal-Request-Id / sender_batch_id: the same batch is answered, not paid again.
    const known = sent.findIndex((s) => s.batchId === batchId);
    if (known < 0) sent.push({ batchId, amounts: items.map((i) => i.amount.amountCents) });
    if (payoutMode === "times out") throw new TypeError("fetch failed: The operation was aborted due to timeout");
    return { batchId: `PP-${known < 0 ? sent.length : known + 1}`, status: "success" };
  },
};

let server: TestServer;
let admin: Member;
beforeAll(async () => {
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" }, growth: { payouts } });
  admin = await createMember(server, { role: "admin", name: "Olive Operator" });
});
afterAll(async () => {
  await server?.close();
});

type Mail = { to: string; subject: string; text: string; tag: string };
function outbox(): Mail[] {
  const dir = path.join(server.services.env.DATA_DIR, "mail");
  try {
    return readdirSync(dir)
      .sort()
      .map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")));
  } catch {
    return [];
  }
}
/** A page's HTML without React's text separators (`Refund <!-- -->$2.99`). */
const pageText = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");
async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(server.services.db, query);
  return row as T;
}
const auditCount = async (action: string, targetId: string) =>
  (
    await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND target_id = ${targetId}`,
    )
  ).n;

describe("the page of one person", () => {
  it("shows profile, tier and its source, and payments; guarded for visitors and members", async () => {
    const member = await createMember(server, { name: "Paula Payer" });
    await buy(server, member, "standard");
    const visitor = await new Client(server).fetch(`/admin/users/${member.id}`);
    expect(visitor.status).toBe(401);
    const other = await createMember(server);
    const denied = await other.client.fetch(`/admin/users/${member.id}`);
    expect(denied.status).toBe(403);
    expect(await denied.text()).not.toContain("Paula Payer");
    for (const path of [`/admin/users/${member.id}.data`, "/admin/payouts.data"]) {
      const data = await other.client.fetch(path);
      expect(data.status, path).toBe(403);
      const text = await data.text();
      expect(text).not.toContain("Paula Payer");
      expect(text).not.toContain(member.email);
      expect((await new Client(server).fetch(path)).status, path).toBe(401);
    }
    const page = await admin.client.fetch(`/admin/users/${member.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await pageText(page);
    expect(html).toContain("Paula Payer");
    expect(html).toContain("Tier: standard");
    expect(html).toContain("from a subscription (test)");
    expect(html).toMatch(/Refund \$\d+\.\d\d/);
    expect((await admin.client.fetch("/admin/users/no-such-user")).status).toBe(404);
    // The users list links to it.
    const list = await (await admin.client.fetch(`/admin/users?q=${encodeURIComponent(member.email)}`)).text();
    expect(list).toContain(`href="/admin/users/${member.id}"`);
  });

  it("an admin refund applies exactly once, even for two clicks at once, and never more than was paid", async () => {
    const member = await createMember(server, { name: "Rita Refund" });
    await buy(server, member, "standard");
    const [payment] = await queryRows<{ id: string; amount_cents: number }>(
      server.services.db,
      sql`SELECT id::text AS id, amount_cents FROM payments WHERE user_id = ${member.id}`,
    );
    if (!payment) throw new Error("no payment");
    expect(await tierOf(server, member.id)).toBe("standard");
    // No reason: refused at the field, nothing changes.
    const noReason = await admin.client.form(`/admin/users/${member.id}`, { intent: "refund", paymentId: payment.id });
    expect(noReason.status).toBe(400);
    const click = () =>
      admin.client.form(`/admin/users/${member.id}`, {
        intent: "refund",
        paymentId: payment.id,
        reason: "Charged by mistake",
      });
    const answers = await Promise.all([click(), click()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(bodies.join(" ")).toContain("already refunded");
    const after = await one<{ status: string; events: number; audits: number }>(
      sql`SELECT status,
            (SELECT count(*)::int FROM billing_events WHERE payment_id = p.id AND type = 'refunded') AS events,
            (SELECT count(*)::int FROM audit_log WHERE action = 'payment.refund' AND target_id = ${member.id}) AS audits
          FROM payments p WHERE id = ${payment.id}::uuid`,
    );
    expect(after).toEqual({ status: "refunded", events: 1, audits: 1 });
    expect(await tierOf(server, member.id)).toBe("free");
    const third = await click();
    expect(third.status).toBe(409);
    // Another member's page cannot refund this payment (nor learn of it).
    const someone = await createMember(server);
    const elsewhere = await admin.client.form(`/admin/users/${someone.id}`, {
      intent: "refund",
      paymentId: payment.id,
      reason: "x",
    });
    expect(elsewhere.status).toBe(404);
    const money = await one<{ paid: number; refunded: number }>(
      sql`SELECT coalesce(sum(amount_cents), 0)::int AS paid,
            coalesce(sum(amount_cents) FILTER (WHERE status = 'refunded'), 0)::int AS refunded
          FROM payments WHERE user_id = ${member.id}`,
    );
    expect(money.refunded).toBeLessThanOrEqual(money.paid);
    const page = await pageText(await admin.client.fetch(`/admin/users/${member.id}`));
    expect(page).toContain("refunded 2026-11-03");
    expect(page).toContain("payment.refund");
    expect(page).not.toMatch(/Refund \$\d/);
  });
});

type Sub = { id: string; status: string; tool_slug: string | null };
let seq = 0;
async function submitTool(maker: Member): Promise<Sub> {
  seq += 1;
  const word = `Reopenly${String.fromCharCode(97 + (seq % 26))}${seq}`;
  const res = await maker.client.json("/api/submissions", "POST", {
    name: `${word} Studio`,
    description: "Turns meeting notes into tidy summaries.",
    url: `https://www.${word.toLowerCase()}.io/`,
    category: "writing",
    pricing_model: "freemium",
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { submission: Sub }).submission;
}
async function decide(id: string, decision: string, reason?: string) {
  const res = await admin.client.json(`/api/admin/moderation/${id}/decision`, "POST", { decision, reason });
  expect(res.status).toBe(200);
  return ((await res.json()) as { submission: Sub }).submission;
}

describe("reopening a moderation decision", () => {
  it("a rejected submission goes back to the queue and the maker is e-mailed (once, with the site's links)", async () => {
    const maker = await createMember(server, { name: "Mia Maker" });
    const sub = await submitTool(maker);
    await decide(sub.id, "reject", "Not an AI tool");
    await server.services.jobs.runDue();
    const res = await admin.client.form("/admin/moderation", { intent: "reopen", id: sub.id, reason: "Mis-ticked" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Decision reopened");
    const row = await one<{ status: string; decided_at: string | null }>(
      sql`SELECT status::text AS status, decided_at FROM tool_submissions WHERE id = ${sub.id}`,
    );
    expect(row).toEqual({ status: "pending", decided_at: null });
    const queue = (await (await admin.client.fetch("/api/admin/moderation/queue?limit=100")).json()) as {
      submissions: { id: string }[];
    };
    expect(queue.submissions.map((s) => s.id)).toContain(sub.id);
    await server.services.jobs.runDue();
    const mails = outbox().filter((m) => m.to === maker.email && m.tag === "submission-decision");
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("was not accepted"),
      expect.stringContaining("is being reviewed again"),
    ]);
    expect(mails[1]?.text).toContain("Mis-ticked");
    expect(mails[1]?.text).toContain(`${siteOrigin(server.services.env)}/dashboard/submissions`);
    expect(await auditCount("submission.reopen", sub.id)).toBe(1);
    // Open already: nothing to reopen.
    const again = await admin.client.form("/admin/moderation", { intent: "reopen", id: sub.id, reason: "Again" });
    expect(again.status).toBe(409);
    // Decided again, the maker hears of the new decision too.
    await decide(sub.id, "reject", "Still not an AI tool");
    await server.services.jobs.runDue();
    expect(outbox().filter((m) => m.to === maker.email && m.tag === "submission-decision")).toHaveLength(3);
  });

  it("an approval reopened takes the tool off the directory until it is approved again", async () => {
    const maker = await createMember(server);
    const sub = await submitTool(maker);
    const approved = await decide(sub.id, "approve");
    const slug = approved.tool_slug as string;
    expect((await new Client(server).fetch(`/api/tools/${slug}`)).status).toBe(200);
    // A live approval: the reason is required and shown at its field, and a ticked box confirms it (issue 31).
    const noReason = await admin.client.form("/admin/moderation?status=approved", {
      intent: "reopen",
      id: sub.id,
      reason: "",
      confirm: "on",
    });
    expect(noReason.status).toBe(400);
    expect(await pageText(noReason)).toMatch(
      new RegExp(`id="reopen-${sub.id}-error"[^>]*>[^<]*Say why the decision is reopened`),
    );
    const unconfirmed = await admin.client.form("/admin/moderation?status=approved", {
      intent: "reopen",
      id: sub.id,
      reason: "Wrong",
    });
    expect(unconfirmed.status).toBe(400);
    expect(await pageText(unconfirmed)).toMatch(
      new RegExp(`id="reopen-confirm-${sub.id}-error"[^>]*>[^<]*is live in the directory`),
    );
    expect(
      (await one<{ status: string }>(sql`SELECT status::text AS status FROM tools WHERE slug = ${slug}`)).status,
    ).toBe("active");
    const reopened = await admin.client.form("/admin/moderation", {
      intent: "reopen",
      id: sub.id,
      reason: "Wrong listing",
      confirm: "on",
    });
    expect(reopened.status).toBe(200);
    const tool = await one<{ status: string }>(sql`SELECT status::text AS status FROM tools WHERE slug = ${slug}`);
    expect(tool.status).toBe("pending");
    const again = await decide(sub.id, "approve");
    expect(again.tool_slug).toBe(slug);
    const back = await one<{ status: string }>(sql`SELECT status::text AS status FROM tools WHERE slug = ${slug}`);
    expect(back.status).toBe("active");
  });

  it("only within 30 days of the decision", async () => {
    const maker = await createMember(server);
    const sub = await submitTool(maker);
    await decide(sub.id, "reject", "Duplicate");
    clock.advance(31 * DAY_MS);
    const late = await admin.client.form("/admin/moderation", { intent: "reopen", id: sub.id, reason: "Late" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("within 30 days");
    const member = await createMember(server);
    expect((await member.client.form("/admin/moderation", { intent: "reopen", id: sub.id, reason: "x" })).status).toBe(
      403,
    );
  });
});

describe("restoring a hidden review", () => {
  async function hiddenReview(slug: string) {
    const author = await establishMember(server, await createMember(server, { name: "Rob Reviewer" }), clock.now());
    const res = await author.client.json(`/api/tools/${slug}/reviews/mine`, "PUT", {
      rating: 4,
      comment: "Useful for drafts, a little slow at times.",
    });
    expect(res.status).toBeLessThan(300);
    const id = ((await res.json()) as { review: { id: string } }).review.id;
    const hide = await admin.client.json(`/api/admin/reviews/${id}/moderate`, "POST", { decision: "hide" });
    expect(hide.status).toBe(200);
    return { author, id };
  }

  it("publishes it again, audited; a review its author deleted after the hide stays hidden", async () => {
    const [tool] = await queryRows<{ slug: string }>(
      server.services.db,
      sql`SELECT slug FROM tools WHERE status = 'active' ORDER BY name OFFSET 5 LIMIT 1`,
    );
    const slug = tool?.slug as string;
    const { id } = await hiddenReview(slug);
    const page = await (await admin.client.fetch("/admin/reviews")).text();
    expect(page).toContain("Hidden reviews");
    expect(page).toContain(id);
    const res = await admin.client.form("/admin/reviews", { intent: "restore", reviewId: id, note: "Hid by mistake" });
    expect(res.status).toBe(200);
    const row = await one<{ status: string }>(sql`SELECT status::text AS status FROM reviews WHERE id = ${id}::uuid`);
    expect(row.status).toBe("published");
    expect(await auditCount("review.restore", id)).toBe(1);
    expect((await admin.client.form("/admin/reviews", { intent: "restore", reviewId: id })).status).toBe(409);

    const [other] = await queryRows<{ slug: string }>(
      server.services.db,
      sql`SELECT slug FROM tools WHERE status = 'active' ORDER BY name OFFSET 6 LIMIT 1`,
    );
    const withdrawn = await hiddenReview(other?.slug as string);
    const del = await withdrawn.author.client.fetch(`/api/reviews/${withdrawn.id}`, { method: "DELETE" });
    expect(del.status).toBeLessThan(300);
    const refused = await admin.client.form("/admin/reviews", { intent: "restore", reviewId: withdrawn.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("stays hidden");
    const still = await one<{ status: string }>(
      sql`SELECT status::text AS status FROM reviews WHERE id = ${withdrawn.id}::uuid`,
    );
    expect(still.status).toBe("hidden");
  });
});

describe("payouts and affiliate suspension", () => {
  let affiliate: Member;
  let affiliateId: string;
  let code: string;
  let buyer: Member;
  let paymentSeq = 0;

  /** What billing does when it applies a payment: the hooks, inside its transaction. */
  async function pay(userId: string, tier: PaidTier, cents: number) {
    const event: PaymentAppliedEvent = {
      paymentId: `people-pay-${++paymentSeq}`,
      userId,
      tier,
      kind: "new",
      amount: { amountCents: cents, currency: "USD" },
      provider: "test",
      at: clock.now(),
      // Past the refund window: the commission is approved at once.
      firstPaymentAt: new Date(clock.now().getTime() - 40 * DAY_MS),
    };
    const hooks = growthBillingHooks(server.services);
    await server.services.db.transaction(async (tx) => hooks.paymentApplied?.(tx as unknown as Db, event));
  }
  const commissions = async () =>
    (
      await one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM affiliate_commissions WHERE affiliate_id = ${affiliateId}::uuid`,
      )
    ).n;

  beforeAll(async () => {
    affiliate = await createMember(server, { name: "Alex Affiliate" });
    const joined = await affiliate.client.form("/affiliate", { payout_email: "alex@example.com", accept_terms: "on" });
    expect(joined.status).toBe(302);
    const row = await one<{ id: string; code: string }>(
      sql`SELECT id::text AS id, code FROM affiliates WHERE user_id = ${affiliate.id}`,
    );
    affiliateId = row.id;
    code = row.code;
    buyer = await createMember(server);
    expect(await attributeMember(server.services, affiliateId, buyer.id)).toBe(true);
  });

  it("shows what is owed, approves it once and sends it once through the provider, recording its answer", async () => {
    await pay(buyer.id, "standard", 1000);
    await pay(buyer.id, "standard", 1000);
    expect((await new Client(server).fetch("/admin/payouts")).status).toBe(401);
    expect((await affiliate.client.fetch("/admin/payouts")).status).toBe(403);
    const page = await admin.client.fetch("/admin/payouts");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await pageText(page)).toContain("Approve $6.00");

    const approved = await admin.client.form("/admin/payouts", { intent: "approve", affiliateId });
    expect(approved.status).toBe(200);
    const again = await admin.client.form("/admin/payouts", { intent: "approve", affiliateId });
    expect(again.status).toBe(409);
    const payout = await one<{ id: string; status: string; amount_cents: number }>(
      sql`SELECT id::text AS id, status::text AS status, amount_cents FROM affiliate_payouts WHERE affiliate_id = ${affiliateId}::uuid`,
    );
    expect(payout).toMatchObject({ status: "approved", amount_cents: 600 });

    const send = () => admin.client.form("/admin/payouts", { intent: "send", payoutId: payout.id });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(sent).toEqual([{ batchId: `ts-payout-${payout.id}`, amounts: [600] }]);
    const recorded = await one<{ status: string; provider: string; provider_batch_id: string; paid: number }>(
      sql`SELECT p.status::text AS status, p.provider, p.provider_batch_id,
            (SELECT count(*)::int FROM affiliate_commissions c WHERE c.payout_id = p.id AND c.status = 'paid') AS paid
          FROM affiliate_payouts p WHERE p.id = ${payout.id}::uuid`,
    );
    expect(recorded).toEqual({ status: "success", provider: "paypal", provider_batch_id: "PP-1", paid: 2 });
    expect(await auditCount("affiliate.payout_approve", affiliateId)).toBe(1);
    expect(await auditCount("affiliate.payout_send", affiliateId)).toBe(1);
  });

  it("a batch the provider fails is recorded and the commissions are owed again", async () => {
    await pay(buyer.id, "standard", 2000);
    expect((await admin.client.form("/admin/payouts", { intent: "approve", affiliateId })).status).toBe(200);
    const payout = await one<{ id: string }>(
      sql`SELECT id::text AS id FROM affiliate_payouts WHERE affiliate_id = ${affiliateId}::uuid AND status = 'approved'`,
    );
    payoutMode = "refuses";
    const res = await admin.client.form("/admin/payouts", { intent: "send", payoutId: payout.id });
    payoutMode = "ok";
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("nothing was paid");
    const row = await one<{ status: string; owed: number }>(
      sql`SELECT status::text AS status,
            (SELECT count(*)::int FROM affiliate_commissions WHERE affiliate_id = ${affiliateId}::uuid
               AND status = 'approved' AND payout_id IS NULL) AS owed
          FROM affiliate_payouts WHERE id = ${payout.id}::uuid`,
    );
    expect(row).toEqual({ status: "failed", owed: 1 });
  });

  it("a provider that times out after paying: the payout is unknown, nothing is released, a resend reuses the batch id and pays once", async () => {
    await pay(buyer.id, "standard", 1500);
    expect((await admin.client.form("/admin/payouts", { intent: "approve", affiliateId })).status).toBe(200);
    const payout = await one<{ id: string; amount_cents: number }>(
      sql`SELECT id::text AS id, amount_cents FROM affiliate_payouts
           WHERE affiliate_id = ${affiliateId}::uuid AND status = 'approved'`,
    );
    const before = sent.length;
    payoutMode = "times out";
    const res = await admin.client.form("/admin/payouts", { intent: "send", payoutId: payout.id });
    payoutMode = "ok";
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain("unclear");
    const state = async () =>
      one<{ status: string; batch: string | null; inPayout: number; owed: number }>(
        sql`SELECT status::text AS status, provider_batch_id AS batch,
              (SELECT count(*)::int FROM affiliate_commissions c WHERE c.payout_id = p.id) AS "inPayout",
              (SELECT count(*)::int FROM affiliate_commissions WHERE affiliate_id = ${affiliateId}::uuid
                 AND status = 'approved' AND payout_id IS NULL) AS owed
            FROM affiliate_payouts p WHERE p.id = ${payout.id}::uuid`,
      );
    // Nothing released: the payout keeps every commission it was approved with, none is owed again.
    expect(await state()).toMatchObject({ status: "unknown", batch: `ts-payout-${payout.id}`, owed: 0 });
    expect((await state()).inPayout).toBeGreaterThan(0);
    // Nothing is owed again, so no second payout (and no second batch id) can be approved.
    const again = await admin.client.form("/admin/payouts", { intent: "approve", affiliateId });
    expect(again.status).toBe(409);
    const page = await pageText(await admin.client.fetch("/admin/payouts"));
    expect(page).toContain("Check and send again");
    const resend = await admin.client.form("/admin/payouts", { intent: "send", payoutId: payout.id });
    expect(resend.status).toBe(200);
    expect(sent.slice(before)).toEqual([{ batchId: `ts-payout-${payout.id}`, amounts: [payout.amount_cents] }]);
    expect((await state()).status).toBe("success");
  });

  it("the payouts page links the CSV it promises, and the link answers a CSV", async () => {
    const html = await pageText(await admin.client.fetch("/admin/payouts"));
    const href = /href="(\/api\/admin\/affiliates\/payouts\.csv\?period=\d{4}-\d{2})"/.exec(html)?.[1];
    expect(href).toBe(`/api/admin/affiliates/payouts.csv?period=${clock.now().toISOString().slice(0, 7)}`);
    const csv = await admin.client.fetch(String(href));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
  });

  it("a suspended affiliate earns nothing from then on: no cookie from /a/CODE, no commission, payouts held", async () => {
    const noReason = await admin.client.form("/admin/payouts", { intent: "suspend", affiliateId });
    expect(noReason.status).toBe(400);
    const res = await admin.client.form("/admin/payouts", {
      intent: "suspend",
      affiliateId,
      reason: "Cookie stuffing",
    });
    expect(res.status).toBe(200);
    expect(await auditCount("affiliate.suspend", affiliateId)).toBe(1);
    const visit = await new Client(server).navigate(`/a/${code}?to=/tools`, {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      accept: "text/html",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
      "sec-fetch-user": "?1",
    });
    expect(visit.status).toBe(302);
    expect(visit.headers.getSetCookie().some((c) => c.startsWith("ts_aff="))).toBe(false);
    const before = await commissions();
    await pay(buyer.id, "expert", 2000);
    expect(await commissions()).toBe(before);
    const newcomer = await createMember(server);
    expect(await attributeMember(server.services, affiliateId, newcomer.id)).toBe(false);
    const held = await admin.client.form("/admin/payouts", { intent: "approve", affiliateId });
    expect(held.status).toBe(409);
    expect(await held.text()).toContain("suspended");
    // Reactivated: earning again (and the held balance can be approved).
    expect((await admin.client.form("/admin/payouts", { intent: "reactivate", affiliateId })).status).toBe(200);
    await pay(buyer.id, "expert", 2000);
    expect(await commissions()).toBe(before + 1);
  });
});
