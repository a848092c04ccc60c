import { describe, expect, it } from "vitest";
import { planCost, usageUnitOf } from "./plan-cost.ts";
import { planSummary, planSummaryLabel } from "./plan-summary.ts";
import type { Plan } from "./tables.ts";

const plan = (p: Partial<Plan> & { name: string }): Plan => ({
  price: null,
  currency: "USD",
  period: "month",
  per_seat: false,
  min_seats: null,
  max_seats: null,
  contact_sales: false,
  quota: null,
  overage: null,
  free_tier: null,
  ...p,
});
const credits = (amount: number | null, period: "month" | "day" = "month") => ({ amount, unit: "credits", period });

/**
 * The brute force the answers must equal: every plan, every number of seats billed (up to 50 over
 * the ask) and every number of extra packs (up to 100,000), kept only when everything it needs is
 * stated and it covers the ask; the cheapest, the first listed on a tie.
 */
function bruteForce(plans: Plan[], seats: number, usage: number): { plan: string; cost: number } | null {
  const unit = usageUnitOf(plans);
  let best: { plan: string; cost: number } | null = null;
  for (const p of plans) {
    if (p.contact_sales || p.price === null) continue;
    const monthly = p.price === 0 ? 0 : p.period === "month" ? p.price : p.period === "year" ? p.price / 12 : null;
    if (monthly === null) continue;
    if (p.max_seats !== null && seats > p.max_seats) continue;
    if (!p.per_seat && seats > 1 && p.max_seats === null) continue;
    let found: number | null = null;
    for (let billed = 1; billed <= seats + 50 && found === null; billed++) {
      if (p.per_seat ? billed < seats || billed < (p.min_seats ?? 1) : billed !== 1) continue;
      if (usage === 0) {
        found = monthly * billed;
        break;
      }
      if (!p.quota || p.quota.unit !== unit) break;
      if (p.quota.amount === null) {
        found = monthly * billed;
        break;
      }
      const included = p.quota.amount * (p.quota.period === "day" ? 30 : 1) * (p.per_seat ? billed : 1);
      for (let packs = 0; packs <= 100_000; packs++) {
        if (packs > 0 && !p.overage) break;
        if (included + packs * (p.overage?.per ?? 0) >= usage) {
          const cost = monthly * billed + packs * (p.overage?.price ?? 0);
          if (found === null || cost < found) found = cost;
          break;
        }
      }
    }
    if (found !== null && (best === null || found < best.cost)) best = { plan: p.name, cost: found };
  }
  return best;
}

type Fixture = { name: string; plans: Plan[]; seats: number; usage: number; expect: string | null };

const creator = [
  plan({ name: "Free", price: 0, period: null, quota: credits(25) }),
  plan({ name: "Starter", price: 10, quota: credits(200), overage: { price: 5, per: 100, unit: "credits" } }),
  plan({ name: "Pro", price: 30, quota: credits(1000), overage: { price: 4, per: 100, unit: "credits" } }),
  plan({ name: "Enterprise", contact_sales: true, price: null }),
];
const team = [
  plan({ name: "Free", price: 0, period: null, max_seats: 1 }),
  plan({ name: "Team", price: 12, per_seat: true, min_seats: 3 }),
  plan({ name: "Business", price: 180, period: "year", per_seat: true }),
];
const yearly = [
  plan({ name: "Monthly", price: 15, quota: credits(null) }),
  plan({ name: "Yearly", price: 144, period: "year", quota: credits(null) }),
];
const daily = [
  plan({ name: "Free", price: 0, period: null, quota: { amount: 10, unit: "images", period: "day" }, max_seats: 1 }),
  plan({ name: "Plus", price: 8, quota: { amount: 1000, unit: "images", period: "month" }, max_seats: 1 }),
];
const perSeatCredits = [
  plan({ name: "Basic", price: 20, per_seat: true, quota: credits(100) }),
  plan({
    name: "Flat 5",
    price: 90,
    max_seats: 5,
    quota: credits(400),
    overage: { price: 10, per: 50, unit: "credits" },
  }),
];
const euro = [
  plan({
    name: "Solo",
    price: 9,
    currency: "EUR",
    max_seats: 1,
    quota: { amount: 60, unit: "minutes", period: "month" },
  }),
  plan({
    name: "Studio",
    price: 29,
    currency: "EUR",
    max_seats: 3,
    quota: { amount: 300, unit: "minutes", period: "month" },
  }),
];
const unknowns = [plan({ name: "Hobby", price: 5, max_seats: 1 }), plan({ name: "Team", price: null, per_seat: true })];
const onlySales = [plan({ name: "Enterprise", contact_sales: true })];

const FIXTURES: Fixture[] = [
  { name: "free fits a light user", plans: creator, seats: 1, usage: 20, expect: "Free" },
  { name: "free is over its quota, no overage stated", plans: creator, seats: 1, usage: 26, expect: "Starter" },
  { name: "starter with one pack", plans: creator, seats: 1, usage: 250, expect: "Starter" },
  { name: "starter with eight packs beats pro", plans: creator, seats: 1, usage: 1000, expect: "Pro" },
  { name: "starter overage until pro is cheaper", plans: creator, seats: 1, usage: 600, expect: "Starter" },
  { name: "pro with overage", plans: creator, seats: 1, usage: 1500, expect: "Pro" },
  { name: "nothing used", plans: creator, seats: 1, usage: 0, expect: "Free" },
  { name: "creator plans for a team: seats not stated", plans: creator, seats: 3, usage: 0, expect: null },
  { name: "team of one stays free", plans: team, seats: 1, usage: 0, expect: "Free" },
  {
    name: "team of two: yearly per seat beats the three-seat minimum",
    plans: team,
    seats: 2,
    usage: 0,
    expect: "Business",
  },
  { name: "team of five", plans: team, seats: 5, usage: 0, expect: "Team" },
  { name: "business yearly per seat", plans: [team[2] as Plan], seats: 4, usage: 0, expect: "Business" },
  { name: "yearly beats monthly", plans: yearly, seats: 1, usage: 5000, expect: "Yearly" },
  { name: "yearly, no usage", plans: yearly, seats: 1, usage: 0, expect: "Yearly" },
  { name: "daily cap covers the month", plans: daily, seats: 1, usage: 300, expect: "Free" },
  { name: "daily cap is exceeded", plans: daily, seats: 1, usage: 301, expect: "Plus" },
  { name: "images above every plan", plans: daily, seats: 1, usage: 5000, expect: null },
  { name: "two people, single-seat plans", plans: daily, seats: 2, usage: 10, expect: null },
  { name: "per-seat credits scale with seats", plans: perSeatCredits, seats: 3, usage: 300, expect: "Basic" },
  { name: "flat team plan cheaper for five", plans: perSeatCredits, seats: 5, usage: 400, expect: "Flat 5" },
  { name: "one more seat beats the flat plan's overage", plans: perSeatCredits, seats: 4, usage: 500, expect: "Basic" },
  { name: "six seats exceed the flat plan", plans: perSeatCredits, seats: 6, usage: 100, expect: "Basic" },
  { name: "per seat, a second seat for its credits", plans: perSeatCredits, seats: 1, usage: 101, expect: "Basic" },
  { name: "euros, solo", plans: euro, seats: 1, usage: 60, expect: "Solo" },
  { name: "euros, more minutes", plans: euro, seats: 1, usage: 61, expect: "Studio" },
  { name: "euros, four seats", plans: euro, seats: 4, usage: 10, expect: null },
  { name: "a known plan, an unknown team price", plans: unknowns, seats: 1, usage: 0, expect: "Hobby" },
  { name: "only the unknown plan could fit", plans: unknowns, seats: 3, usage: 0, expect: null },
  { name: "contact sales only", plans: onlySales, seats: 10, usage: 0, expect: null },
  { name: "no plans", plans: [], seats: 1, usage: 0, expect: null },
];

describe("planCost", () => {
  it("has 30 hand-written usage fixtures", () => {
    expect(FIXTURES).toHaveLength(30);
  });

  it.each(FIXTURES)("$name: the chosen plan equals the brute force", ({ plans, seats, usage, expect: want }) => {
    const answer = planCost(plans, { seats, usage });
    const brute = bruteForce(plans, seats, usage);
    expect(brute?.plan ?? null).toBe(want);
    if (brute === null) {
      expect(answer.status).toBe("not_enough_known");
      return;
    }
    expect(answer.status).toBe("ok");
    if (answer.status !== "ok") return;
    expect(answer.plan).toBe(brute.plan);
    expect(answer.monthly_cost).toBeCloseTo(brute.cost, 2);
  });

  it("shows the arithmetic", () => {
    const answer = planCost(creator, { seats: 1, usage: 250 });
    expect(answer.status === "ok" && answer.steps).toEqual([
      "250 − 200 = 50 credits over: 1 × $5 per 100 = $5",
      "Starter: $15 a month",
    ]);
    const seats = planCost([team[1] as Plan], { seats: 2, usage: 0 });
    expect(seats.status === "ok" && seats.steps[0]).toBe("$12 × 3 seats (at least 3 seats) = $36/month");
    const year = planCost(yearly, { seats: 1, usage: 1 });
    expect(year.status === "ok" && year.steps[0]).toBe("$144/year ÷ 12 = $12/month");
  });

  it("says what it could not tell, and names cheaper plans it could not judge", () => {
    const answer = planCost(unknowns, { seats: 1, usage: 0 });
    expect(answer.status === "ok" && answer.caveats).toEqual(["Team: price not stated — it may be cheaper."]);
    const extra = planCost(perSeatCredits, { seats: 1, usage: 101 });
    expect(extra.status === "ok" && extra.steps).toEqual([
      "$20 × 2 seats (1 more for their credits) = $40/month",
      "100 credits × 2 seats = 200 included",
      "Basic: $40 a month",
    ]);
    const team3 = planCost(unknowns, { seats: 3, usage: 0 });
    expect(team3).toMatchObject({ status: "not_enough_known" });
    expect(team3.plans.map((l) => l.reason)).toEqual(["allows up to 1 seat", "price not stated"]);
    const sales = planCost(
      [plan({ name: "Pro", price: 50, quota: credits(null) }), plan({ name: "Lite", contact_sales: true })],
      { seats: 1, usage: 10 },
    );
    expect(sales.status === "ok" && sales.caveats).toEqual([
      "Lite: price on request (contact sales) — it may be cheaper.",
    ]);
  });
});

describe("planSummary", () => {
  it("is the lowest stated monthly price and whether a free plan exists", () => {
    expect(planSummaryLabel(planSummary(creator))).toBe("Free plan · from $10/mo");
    expect(planSummaryLabel(planSummary(team))).toBe("Free plan · from $12/seat/mo");
    expect(planSummaryLabel(planSummary(yearly))).toBe("from $12/mo");
    expect(planSummaryLabel(planSummary(euro))).toBe("from €9/mo");
    expect(planSummary(onlySales)).toBeNull();
    expect(planSummary(null)).toBeNull();
  });
});
