import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlanDays } from "../../server/modules/billing/index.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { listOutbox } from "../../server/platform/mail.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { buy, tierOf } from "../helpers/billing.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 18 items 4 and 5: /referrals for visitors, support channels and forms, the admin paths of
 * spec §7, the phone-width money pages' content, cancel/resume mail, credits not "Paid", and the
 * subscription endpoint reporting the access in force. Pages need `npm run build`.
 */
const PHONE = "+1 555 010 0199";
let server: TestServer;
let admin: Member;

beforeAll(async () => {
  server = await startTestServer({
    pages: true,
    env: { TRUST_PROXY: "1", SUPPORT_EMAIL: "help@toolscape.test", SUPPORT_PHONE: PHONE },
  });
  admin = await createMember(server, { role: "admin", name: "Ada Admin" });
});
afterAll(async () => {
  await server?.close();
});

const html = async (res: Response) => {
  const text = await res.text();
  return text;
};

describe("/referrals for visitors", () => {
  it("answers 200 with the programme explained and calls to sign in or join", async () => {
    const res = await fetch(`${server.url}/referrals`);
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toContain("Invite friends, get Standard free");
    expect(page).toContain("days of Standard");
    expect(page).toContain('href="/sign-up?redirectTo=%2Freferrals"');
    expect(page).toContain('href="/sign-in?redirectTo=%2Freferrals"');
  });
});

describe("support channels", () => {
  it("e-mail is a mailto: link; the phone number only for priority_support; no live chat", async () => {
    const visitor = await html(await fetch(`${server.url}/support`));
    expect(visitor).toContain('href="mailto:help@toolscape.test"');
    expect(visitor).not.toContain("Live chat");
    expect(visitor).not.toContain(PHONE);
    expect(visitor).toContain("Expert members only: upgrade");
    const standard = await createMember(server, { tier: "standard" });
    expect(await html(await standard.client.fetch("/support"))).not.toContain(PHONE);
    const expert = await createMember(server, { tier: "expert" });
    const page = await html(await expert.client.fetch("/support"));
    expect(page).toContain(PHONE);
    expect(page).toContain('href="tel:+15550100199"');
  });

  it("without SUPPORT_PHONE there is no phone card at all", async () => {
    const bare = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
    try {
      const expert = await createMember(bare, { tier: "expert" });
      const page = await html(await expert.client.fetch("/support"));
      expect(page).not.toContain("Mon-Fri 10AM-5PM EST");
      expect(page).toContain('href="mailto:');
    } finally {
      await bare.close();
    }
  });

  it("the ticket form starts empty after a ticket is filed, below the sticky header", async () => {
    const member = await createMember(server, { name: "Tia Ticket" });
    const res = await member.client.form("/support", {
      name: "Tia Ticket",
      email: member.email,
      subject: "Duplicate check",
      message: "Only once, please.",
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/support\?ticket=TS-\d{6}#ticket$/);
    const page = await html(await member.client.fetch(location));
    expect(page).toContain("was received");
    expect(page).not.toContain("Only once, please.");
    expect(page).toMatch(/id="ticket"[^>]*scroll-mt-/);
  });
});

describe("admin paths of spec §7", () => {
  it("GET /api/admin/community-verified and /api/admin/referrals answer admins only", async () => {
    const member = await createMember(server);
    for (const p of ["/api/admin/community-verified", "/api/admin/referrals"]) {
      expect((await fetch(`${server.url}${p}`)).status, p).toBe(401);
      expect((await member.client.fetch(p)).status, p).toBe(403);
    }
    const verified = (await (await admin.client.fetch("/api/admin/community-verified")).json()) as {
      verifiedTools: unknown[];
    };
    expect(Array.isArray(verified.verifiedTools)).toBe(true);
    // A referral, seen by the admin with both members named.
    const referrer = await createMember(server, { name: "Rita Referrer" });
    const code = ((await (await referrer.client.fetch("/api/community/referrals")).json()) as { code: string }).code;
    const friend = new Client(server);
    friend.cookies.set("ts_ref", code);
    const joined = await friend.json("/api/auth/sign-up/email", "POST", {
      name: "Fred Friend",
      email: `fred-${Date.now()}@example.com`,
      password: "friend-password-1",
    });
    expect(joined.status).toBe(200);
    const body = (await (await admin.client.fetch("/api/admin/referrals")).json()) as {
      inviteLink: string;
      referrals: { referrer: { name: string } }[];
    };
    expect(body.inviteLink).toMatch(new RegExp(`^${server.url}/`));
    expect(body.referrals.some((r) => r.referrer.name === "Rita Referrer")).toBe(true);
  });
});

describe("money pages", () => {
  it("cancel asks first (no JavaScript needed), and cancel and resume each send an e-mail", async () => {
    const member = await createMember(server, { name: "Cara Cancel" });
    await buy(server, member, "standard");
    const dashboard = await html(await member.client.fetch("/dashboard/billing"));
    expect(dashboard).toMatch(/<details[^>]*data-testid="cancel-confirm"/);
    expect(dashboard).toContain("Yes, cancel at period end");
    const cancelled = await member.client.form("/dashboard", { intent: "billing-cancel" });
    expect(cancelled.status).toBeLessThan(400);
    const resumed = await member.client.form("/dashboard", { intent: "billing-resume" });
    expect(resumed.status).toBeLessThan(400);
    const mails = (await listOutbox(server.services.env.DATA_DIR, 500)).filter((m) => m.to === member.email);
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toContain("Your Toolscape plan will not renew");
    expect(subjects).toContain("Your Toolscape plan will renew");
    for (const m of mails) expect(m.text).not.toMatch(/(^|\s)\/(pricing|dashboard)/);
  });

  it("billing history shows amount and status; credit rows are never 'Paid'", async () => {
    const member = await createMember(server, { name: "Hal History" });
    await buy(server, member, "expert");
    const page = await html(await member.client.fetch("/dashboard/billing"));
    const table = /<table[^>]*data-testid="billing-history"[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    expect(table).toContain("Amount");
    expect(table).toContain("Status");
    expect(table).not.toMatch(/min-w-/);
    const rows = [...table.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((m) => m[0]);
    const credit = rows.filter((r) => r.includes("Tool credits"));
    for (const r of credit) expect(r).not.toContain(">Paid<");
    expect(rows.some((r) => r.includes(">Paid<") && r.includes("Payment"))).toBe(true);
  });

  it("/pricing keeps its screen-reader labels inside the table's box and has no minimum width on a phone", async () => {
    const page = await html(await fetch(`${server.url}/pricing`));
    expect(page).toMatch(/class="relative[^"]*overflow-x-auto/);
    expect(page).toMatch(/data-testid="plan-comparison"/);
    expect(page).not.toMatch(/class="w-full min-w-\[36rem\]/);
  });

  it("GET /api/subscriptions/user/{id} reports a referral grant in force, not a refunded order", async () => {
    const member = await createMember(server, { name: "Gina Grant" });
    await buy(server, member, "standard");
    const refund = await member.client.json("/api/subscriptions/refund", "POST", {});
    expect(refund.status).toBe(200);
    expect(await tierOf(server, member.id)).toBe("free");
    const now = server.services.clock.now();
    await server.services.db.transaction((tx) =>
      grantPlanDays(
        tx as unknown as Db,
        { userId: member.id, tier: "standard", days: 7, source: "referral", reference: `friend-${member.id}` },
        now,
      ),
    );
    expect(await tierOf(server, member.id)).toBe("standard");
    const [grant] = await queryRows<{ ends_at: string | Date }>(
      server.services.db,
      sql`SELECT ends_at FROM access_grants WHERE user_id = ${member.id}`,
    );
    const res = await member.client.fetch(`/api/subscriptions/user/${member.id}`);
    const body = (await res.json()) as { subscription: Record<string, unknown> };
    expect(body.subscription).toMatchObject({
      tier: "standard",
      status: "active",
      source: "grant",
      grant_source: "referral",
      payment_id: null,
      order_id: null,
      nextBilling: null,
      current_period_end: new Date(grant?.ends_at ?? 0).toISOString(),
    });
  });
});
