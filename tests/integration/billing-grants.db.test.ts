// engine: both — money: grants and periods are computed under row locks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlanDays, runBillingSweep, setTierOverride } from "../../server/modules/billing/index.ts";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { type Db, queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember } from "../helpers/accounts.ts";
import { buy, tierOf } from "../helpers/billing.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Grants (referral days), operator overrides and the subscription endpoint, with a controllable clock. */
const BASE = new Date("2026-05-01T00:00:00Z");
const clock = createTestClock(BASE);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;
const at = (days: number, extraMs = 0) => clock.set(new Date(BASE.getTime() + days * DAY_MS + extraMs));
const grant = (userId: string, reference: string, days = 7, tier: "standard" | "expert" = "standard") =>
  server.services.db.transaction((tx) =>
    grantPlanDays(tx as unknown as Db, { userId, tier, days, source: "referral", reference }, clock.now()),
  );
const periodEnd = async (userId: string) => {
  const [row] = await queryRows<{ end: Date }>(
    server.services.db,
    sql`SELECT current_period_end AS end FROM subscriptions WHERE user_id = ${userId} AND status = 'active'`,
  );
  return row ? new Date(row.end).getTime() : null;
};

describe("grantPlanDays", () => {
  it("a free member gets 7 days of Standard; grants stack; each reference once", async () => {
    at(0);
    const member = await createMember(server);
    const first = await grant(member.id, "invitee-1");
    expect(first.created).toBe(true);
    expect(first.endsAt.toISOString()).toBe(new Date(BASE.getTime() + 7 * DAY_MS).toISOString());
    expect(await tierOf(server, member.id)).toBe("standard");
    const second = await grant(member.id, "invitee-2");
    expect(second.endsAt.toISOString()).toBe(new Date(BASE.getTime() + 14 * DAY_MS).toISOString());
    const again = await grant(member.id, "invitee-1");
    expect(again).toEqual({ created: false, endsAt: first.endsAt });
    at(13);
    await runBillingSweep(server.services);
    expect(await tierOf(server, member.id)).toBe("standard");
    at(14, 60_000);
    await runBillingSweep(server.services);
    expect(await tierOf(server, member.id)).toBe("free");
  });

  it("on a live Standard subscription it moves the period end (and the next charge) 7 days", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    const before = await periodEnd(member.id);
    await grant(member.id, "invitee-sub");
    expect(await periodEnd(member.id)).toBe((before ?? 0) + 7 * DAY_MS);
    // No renewal at the old date.
    at(29, 60_000);
    await runBillingSweep(server.services);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${member.id}`,
    );
    expect(n).toBe(1);
  });

  it("for an Expert member, Standard days start when Expert ends", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "expert");
    const result = await grant(member.id, "invitee-expert");
    expect(result.endsAt.toISOString()).toBe(new Date(BASE.getTime() + 37 * DAY_MS).toISOString());
    expect(await tierOf(server, member.id)).toBe("expert");
  });
});

describe("operator overrides", () => {
  it("an override lifts the tier; clearing it returns to the derived tier; a timed one ends", async () => {
    at(0);
    const member = await createMember(server);
    await buy(server, member, "standard");
    expect(
      await setTierOverride(
        server.services.db,
        { userId: member.id, tier: "expert", actor: { id: null, label: "test" } },
        clock.now(),
      ),
    ).toBe("expert");
    // A billing change (a grant) keeps the override.
    await grant(member.id, "invitee-override");
    expect(await tierOf(server, member.id)).toBe("expert");
    expect(
      await setTierOverride(
        server.services.db,
        { userId: member.id, tier: "free", actor: { id: null, label: "test" } },
        clock.now(),
      ),
    ).toBe("standard");
    const other = await createMember(server);
    await setTierOverride(
      server.services.db,
      {
        userId: other.id,
        tier: "expert",
        until: new Date(BASE.getTime() + 2 * DAY_MS),
        actor: { id: null, label: "test" },
      },
      clock.now(),
    );
    expect(await tierOf(server, other.id)).toBe("expert");
    at(2, 60_000);
    await runBillingSweep(server.services);
    expect(await tierOf(server, other.id)).toBe("free");
    const [event] = await queryRows<{ type: string }>(
      server.services.db,
      sql`SELECT type FROM billing_events WHERE user_id = ${other.id}`,
    );
    expect(event?.type).toBe("operator_override");
  });

  it("the admin API sets an override (audited); a paid plan still counts when it is cleared", async () => {
    at(0);
    const admin = await createMember(server, { role: "admin" });
    const member = await createMember(server);
    const res = await admin.client.json(`/api/admin/users/${member.id}`, "PUT", { tier: "standard" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).user).toMatchObject({ tier: "standard" });
    await buy(server, member, "expert");
    const cleared = await admin.client.json(`/api/admin/users/${member.id}`, "PUT", { tier: "free" });
    expect(((await cleared.json()) as Json).user).toMatchObject({ tier: "expert" });
    const audit = await queryRows<{ actor_id: string; after: { tier: string } }>(
      server.services.db,
      sql`SELECT actor_id, after FROM audit_log WHERE target_id = ${member.id} AND action = 'user.tier_override' ORDER BY at`,
    );
    expect(audit.map((a) => [a.actor_id, a.after.tier])).toEqual([
      [admin.id, "standard"],
      [admin.id, "free"],
    ]);
  });
});

describe("GET /api/subscriptions/user/{id}", () => {
  it("self and admin only; the paid plan's dates", async () => {
    at(0);
    const member = await createMember(server);
    const checkout = await buy(server, member, "expert");
    const own = (await (await member.client.fetch(`/api/subscriptions/user/${member.id}`)).json()) as Json;
    expect(own.subscription).toMatchObject({
      tier: "expert",
      status: "active",
      plan: { tier: "expert", name: "Expert", amount: 29.99, currency: "USD" },
      startDate: BASE.toISOString(),
      nextBilling: new Date(BASE.getTime() + 30 * DAY_MS).toISOString(),
      order_id: checkout.orderId,
      provider: "test",
    });
    const admin = await createMember(server, { role: "admin" });
    expect((await admin.client.fetch(`/api/subscriptions/user/${member.id}`)).status).toBe(200);
    const other = await createMember(server);
    expect((await other.client.fetch(`/api/subscriptions/user/${member.id}`)).status).toBe(403);
    expect((await new Client(server).fetch(`/api/subscriptions/user/${member.id}`)).status).toBe(401);
  });

  it("the membership comparison comes from the entitlements data", async () => {
    const res = (await (await new Client(server).fetch("/api/membership/comparison")).json()) as {
      comparison: { features: { name: string; free: string; standard: string; expert: string }[] };
    };
    const compare = res.comparison.features.find((f) => f.name === "Tool comparisons");
    expect(compare).toMatchObject({ free: "Up to 2", standard: "Up to 5", expert: "Up to 10" });
  });
});
