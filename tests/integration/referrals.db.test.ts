// engine: both — rewards are money-like: granted once under repeats.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onMemberCreated, rewardReferral } from "../../server/modules/growth/index.ts";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { buy, tierOf } from "../helpers/billing.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Referrals through real HTTP and billing's real grant: the invite link and its cookie, invitations
 * by e-mail (sent to the outbox), the reward when the invitee joins (7 days of Standard, once,
 * never to oneself).
 */
const clock = createTestClock("2026-11-02T10:00:00Z");
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
});

/** The referral grants billing recorded (source 'referral'), oldest first. */
async function referralGrants(userId?: string) {
  return queryRows<{ user_id: string; tier: string; reference: string; starts_at: Date; ends_at: Date }>(
    server.services.db,
    sql`SELECT user_id, tier::text AS tier, reference, starts_at, ends_at FROM access_grants
        WHERE source = 'referral' ${userId ? sql`AND user_id = ${userId}` : sql``} ORDER BY created_at, reference`,
  );
}
const grantRefs = async () => (await referralGrants()).map((g) => g.reference);
afterAll(async () => {
  await server?.close();
});

function outbox(): { to: string; subject: string; text: string; tag: string }[] {
  const dir = path.join(server.services.env.DATA_DIR, "mail");
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")));
}

const newEmail = (p = "friend") => `${p}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Follows the link of the confirmation mail sent at sign-up (better-auth's verify-email). */
async function confirmEmail(client: Client, email: string) {
  const mail = outbox().find((m) => m.to === email && m.tag === "email-confirm");
  const link = /(https?:\/\/\S+\/api\/auth\/verify-email\?\S+)/.exec(mail?.text ?? "")?.[1];
  expect(link, `confirmation mail for ${email}`).toBeTruthy();
  const url = new URL(link as string);
  const res = await client.fetch(`${url.pathname}${url.search}`);
  expect(res.status).toBe(302);
  return res;
}

/** Signs up and (unless told not to) confirms the address: rewards wait for the confirmation. */
async function signUp(client: Client, email: string, name = "Friend", options: { confirm?: boolean } = {}) {
  const res = await client.json("/api/auth/sign-up/email", "POST", { name, email, password: "correct-horse-42" });
  expect(res.status).toBe(200);
  const id = ((await res.json()) as { user: { id: string } }).user.id;
  if (options.confirm !== false) await confirmEmail(client, email);
  return id;
}

describe("referrals", () => {
  let referrer: Member;
  let code: string;
  let inviteLink: string;
  beforeAll(async () => {
    referrer = await createMember(server, { name: "Rita Referrer" });
  });

  it("gives each member a code and an invite link (created once)", async () => {
    const res = await referrer.client.fetch("/api/community/referrals");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; code: string; inviteLink: string; referrals: unknown[] };
    expect(body.success).toBe(true);
    expect(body.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.inviteLink).toBe(`${server.url}/r/${body.code}`);
    expect(body.referrals).toEqual([]);
    code = body.code;
    inviteLink = body.inviteLink;
    const again = (await (await referrer.client.fetch("/api/community/referrals")).json()) as { code: string };
    expect(again.code).toBe(code);
  });

  it("asks visitors to sign in (the page explains the programme)", async () => {
    const visitor = new Client(server);
    expect((await visitor.fetch("/api/community/referrals")).status).toBe(401);
    expect((await visitor.json("/api/referrals/invite", "POST", { email: newEmail() })).status).toBe(401);
    const page = await visitor.fetch("/referrals");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/sign-in?redirectTo=%2Freferrals");
  });

  it("sends the invitation e-mail with the link, once per address, and refuses what makes no sense", async () => {
    const friend = newEmail();
    const res = await referrer.client.json("/api/referrals/invite", "POST", { email: friend.toUpperCase() });
    expect(res.status).toBe(200);
    const mail = outbox().find((m) => m.to === friend && m.tag === "referral-invite");
    expect(mail?.subject).toBe("Rita Referrer invited you to Toolscape");
    expect(mail?.text).toContain(inviteLink);

    const twice = await referrer.client.json("/api/referrals/invite", "POST", { email: friend });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: string }).error).toBe(`You have already invited ${friend}.`);
    const self = await referrer.client.json("/api/referrals/invite", "POST", { email: referrer.email });
    expect(self.status).toBe(400);
    const member = await createMember(server);
    const existing = await referrer.client.json("/api/referrals/invite", "POST", { email: member.email });
    expect(existing.status).toBe(409);
    expect(((await existing.json()) as { error: string }).error).toContain("already has a Toolscape account");
    const bad = await referrer.client.json("/api/referrals/invite", "POST", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("Please enter a valid email address");
    const empty = await referrer.client.json("/api/referrals/invite", "POST", { email: "" });
    expect(((await empty.json()) as { error: string }).error).toBe("Email is required");

    const list = (await (await referrer.client.fetch("/api/community/referrals")).json()) as {
      referrals: { name: string; status: string }[];
    };
    expect(list.referrals).toEqual([expect.objectContaining({ name: friend, status: "Invited" })]);
  });

  it("the page form sends an invitation without JavaScript", async () => {
    const friend = newEmail();
    const res = await referrer.client.form("/referrals", { email: friend });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Invitation sent to ${friend}`);
    expect(outbox().some((m) => m.to === friend && m.tag === "referral-invite")).toBe(true);
    const bad = await referrer.client.form("/referrals", { email: "nope" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address");
  });

  it("an invitee who joins through the link makes the referrer's invite Joined and grants 7 days of Standard, once", async () => {
    const friendEmail = newEmail("invited");
    expect((await referrer.client.json("/api/referrals/invite", "POST", { email: friendEmail })).status).toBe(200);
    const friend = new Client(server);
    const link = await friend.fetch(`/r/${code}`);
    expect(link.status).toBe(302);
    expect(link.headers.get("location")).toBe("/sign-up");
    const cookie = link.headers.getSetCookie().find((c) => c.startsWith("ts_ref="));
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const before = (await grantRefs()).length;
    const friendId = await signUp(friend, friendEmail, "Fiona Friend");
    const made = (await referralGrants()).slice(before);
    expect(made.map((g) => [g.user_id, g.tier, g.reference])).toEqual([
      [referrer.id, "standard", `referral:${friendId}`],
    ]);
    expect(new Date(made[0]?.ends_at ?? 0).getTime() - new Date(made[0]?.starts_at ?? 0).getTime()).toBe(7 * DAY_MS);
    expect(await tierOf(server, referrer.id)).toBe("standard");
    const list = (await (await referrer.client.fetch("/api/community/referrals")).json()) as {
      referrals: { name: string; status: string; joined_at: string | null }[];
    };
    const joined = list.referrals.find((r) => r.name === "Fiona Friend");
    expect(joined?.status).toBe("Joined");
    expect(joined?.joined_at).toBe(clock.now().toISOString());
    expect(outbox().some((m) => m.to === referrer.email && m.tag === "referral-joined")).toBe(true);

    // A replayed hook (or a second account-creation event for the same invitee) grants nothing more.
    await onMemberCreated(
      server.services,
      { id: friendId, email: friendEmail, name: "Fiona Friend" },
      new Headers({ cookie: friend.cookieHeader }),
    );
    expect((await grantRefs()).length).toBe(before + 1);
    const [count] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM referrals WHERE invitee_id = ${friendId}`,
    );
    expect(count?.n).toBe(1);
  });

  it("a friend who signs up through the link without an invitation is listed as Joined too", async () => {
    const friend = new Client(server);
    await friend.fetch(`/r/${code.toLowerCase()}`);
    const before = (await grantRefs()).length;
    const id = await signUp(friend, newEmail("linked"), "Leo Linked");
    expect((await grantRefs()).slice(before)).toEqual([`referral:${id}`]);
    const list = (await (await referrer.client.fetch("/api/community/referrals")).json()) as {
      referrals: { name: string; status: string }[];
    };
    expect(list.referrals).toContainEqual(expect.objectContaining({ name: "Leo Linked", status: "Joined" }));
  });

  it("a paying Standard member's period ends 7 days later when a friend joins through the link", async () => {
    const payer = await createMember(server, { name: "Sam Subscriber" });
    await buy(server, payer, "standard");
    const endOf = async () => {
      const [sub] = await queryRows<{ current_period_end: Date }>(
        server.services.db,
        sql`SELECT current_period_end FROM subscriptions WHERE user_id = ${payer.id} AND status = 'active'`,
      );
      return new Date(sub?.current_period_end ?? 0).getTime();
    };
    const before = await endOf();
    expect(before).toBeGreaterThan(clock.now().getTime());
    const { code: payerCode } = (await (await payer.client.fetch("/api/community/referrals")).json()) as {
      code: string;
    };
    const friend = new Client(server);
    await friend.fetch(`/r/${payerCode}`);
    await signUp(friend, newEmail("stacked"), "Stan Stacked");
    expect(await endOf()).toBe(before + 7 * DAY_MS);
    // Another friend: another 7 days, stacked.
    const second = new Client(server);
    await second.fetch(`/r/${payerCode}`);
    await signUp(second, newEmail("stacked"), "Sue Stacked");
    expect(await endOf()).toBe(before + 14 * DAY_MS);
    expect(await tierOf(server, payer.id)).toBe("standard");
  });

  it("the same sign-up reported five times at once grants once", async () => {
    const friendEmail = newEmail("racing");
    const friend = new Client(server);
    const id = await signUp(friend, friendEmail, "Rae Racing"); // no cookie, not invited: nobody credited yet
    const before = (await grantRefs()).length;
    const headers = new Headers({ cookie: `ts_ref=${code}` });
    const user = { id, email: friendEmail, name: "Rae Racing", emailVerified: true };
    await Promise.all(Array.from({ length: 5 }, () => onMemberCreated(server.services, user, headers)));
    expect((await grantRefs()).slice(before)).toEqual([`referral:${id}`]);
    const [count] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM referrals WHERE invitee_id = ${id}`,
    );
    expect(count?.n).toBe(1);
  });

  it("an invited address that signs up without the link still credits the inviter", async () => {
    const friendEmail = newEmail("direct");
    expect((await referrer.client.json("/api/referrals/invite", "POST", { email: friendEmail })).status).toBe(200);
    const before = (await grantRefs()).length;
    const id = await signUp(new Client(server), friendEmail, "Dee Direct");
    expect((await grantRefs()).slice(before)).toEqual([`referral:${id}`]);
  });

  it("an unknown code sets no cookie and credits nobody", async () => {
    const visitor = new Client(server);
    const res = await visitor.fetch("/r/NOSUCHCODE");
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("ts_ref="))).toBe(false);
    const before = (await grantRefs()).length;
    await signUp(visitor, newEmail("nobody"));
    expect((await grantRefs()).length).toBe(before);
  });

  it("never rewards a self-referral (same account or same e-mail)", async () => {
    const before = (await grantRefs()).length;
    const self = { id: referrer.id, email: referrer.email };
    expect(await rewardReferral(server.services, self, self)).toEqual({ rewarded: false });
    expect(
      await rewardReferral(server.services, self, { id: "someone-else", email: referrer.email.toUpperCase() }),
    ).toEqual({ rewarded: false });
    expect((await grantRefs()).length).toBe(before);
  });

  it("never rewards a sub-address of the referrer's own inbox (bob+alt1@ is bob@; issue 31)", async () => {
    const bob = await createMember(server, { name: "Bob Base", email: `bob.base-${Date.now()}@example.com` });
    const bobCode = ((await (await bob.client.fetch("/api/community/referrals")).json()) as { code: string }).code;
    const [local, domain] = bob.email.split("@");
    const invite = await bob.client.json("/api/referrals/invite", "POST", { email: `${local}+alt0@${domain}` });
    expect(invite.status).toBe(400);
    const before = (await grantRefs()).length;
    const alt = new Client(server);
    expect((await alt.fetch(`/r/${bobCode}`)).status).toBe(302);
    await signUp(alt, `${local}+alt1@${domain}`, "Bob Alt");
    expect((await grantRefs()).length).toBe(before);
    expect(await tierOf(server, bob.id)).toBe("free");
    const gmail = { id: "g1", email: "b.o.b.base@googlemail.com" };
    expect(await rewardReferral(server.services, gmail, { id: "g2", email: "bobbase+x@gmail.com" })).toEqual({
      rewarded: false,
    });
  });

  it("a failing grant records nothing (one transaction) and does not fail the sign-up", async () => {
    const failing = await startTestServer({
      env: { TRUST_PROXY: "1" },
      growth: {
        grantPlanDays: async () => {
          throw new Error("billing down");
        },
      },
    });
    try {
      const rita = await createMember(failing);
      const { code: c } = (await (await rita.client.fetch("/api/community/referrals")).json()) as { code: string };
      const friend = new Client(failing);
      friend.cookies.set("ts_ref", c);
      const email = newEmail();
      const res = await friend.json("/api/auth/sign-up/email", "POST", {
        name: "F",
        email,
        password: "correct-horse-42",
      });
      expect(res.status).toBe(200);
      const mail = readdirSync(path.join(failing.services.env.DATA_DIR, "mail"))
        .map((n) => JSON.parse(readFileSync(path.join(failing.services.env.DATA_DIR, "mail", n), "utf8")))
        .find((m: { to: string; tag: string }) => m.to === email && m.tag === "email-confirm") as { text: string };
      const link = new URL(/(https?:\/\/\S+verify-email\S+)/.exec(mail.text)?.[1] ?? "");
      expect((await friend.fetch(`${link.pathname}${link.search}`)).status).toBe(302);
      const [n] = await queryRows<{ n: number }>(
        failing.services.db,
        sql`SELECT count(*)::int AS n FROM referrals WHERE status = 'rewarded'`,
      );
      expect(n?.n).toBe(0);
    } finally {
      await failing.close();
    }
  });
});

describe("abuse rules (ADR 0024)", () => {
  it("rewards nothing until the friend confirms their e-mail address", async () => {
    const rita = await createMember(server, { name: "Rita Waiting" });
    const { code: c } = (await (await rita.client.fetch("/api/community/referrals")).json()) as { code: string };
    const friend = new Client(server);
    await friend.fetch(`/r/${c}`);
    const email = newEmail("unconfirmed");
    const id = await signUp(friend, email, "Una Unconfirmed", { confirm: false });
    expect(await referralGrants(rita.id)).toEqual([]);
    expect(await tierOf(server, rita.id)).toBe("free");
    const [row] = await queryRows<{ status: string; reward_days: number }>(
      server.services.db,
      sql`SELECT status::text AS status, reward_days FROM referrals WHERE invitee_id = ${id}`,
    );
    expect(row).toEqual({ status: "pending", reward_days: 0 });
    expect(outbox().some((m) => m.to === rita.email && m.tag === "referral-joined")).toBe(false);

    const confirmed = await confirmEmail(friend, email);
    expect(confirmed.headers.get("location")).toBe("/dashboard?email=confirmed");
    expect((await referralGrants(rita.id)).map((g) => g.reference)).toEqual([`referral:${id}`]);
    expect(await tierOf(server, rita.id)).toBe("standard");
    expect(outbox().some((m) => m.to === rita.email && m.tag === "referral-joined")).toBe(true);
  });

  it("rewards at most 12 friends in any 12 months; the 13th is recorded without a reward", async () => {
    const rita = await createMember(server, { name: "Rita Many" });
    const { code: c } = (await (await rita.client.fetch("/api/community/referrals")).json()) as { code: string };
    for (let i = 0; i < 12; i++) {
      const friend = new Client(server);
      await friend.fetch(`/r/${c}`);
      await signUp(friend, newEmail(`many${i}`), `Friend ${i}`);
      clock.advance(DAY_MS);
    }
    expect(await referralGrants(rita.id)).toHaveLength(12);
    const thirteenth = new Client(server);
    await thirteenth.fetch(`/r/${c}`);
    const id13 = await signUp(thirteenth, newEmail("many12"), "Friend 12");
    expect(await referralGrants(rita.id)).toHaveLength(12);
    const [row] = await queryRows<{ status: string }>(
      server.services.db,
      sql`SELECT status::text AS status FROM referrals WHERE invitee_id = ${id13}`,
    );
    expect(row?.status).toBe("over_cap");
    const page = await (await rita.client.fetch("/referrals")).text();
    expect(page.replaceAll("<!-- -->", "")).toContain("up to 12 friends in any 12 months (12 of 12 so far)");

    // A year after the first reward, a place is free again.
    clock.advance(366 * DAY_MS - 12 * DAY_MS);
    const later = new Client(server);
    await later.fetch(`/r/${c}`);
    await signUp(later, newEmail("later"), "Friend Later");
    expect(await referralGrants(rita.id)).toHaveLength(13);
  });
});
