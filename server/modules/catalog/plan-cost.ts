import type { Plan } from "./tables.ts";

/**
 * "What will this cost me" (issue 33, ADR 0070): the cheapest of a tool's plans that fits a number of
 * seats and a monthly usage in the tool's own unit, with the arithmetic a reader can check. Pure and
 * browser-safe. Only stated figures count: a plan whose price, seat limit or included usage is not
 * stated is "not known to fit", never guessed; a daily cap counts as 30 days' worth.
 */
export type CostQuery = { seats: number; usage: number };

export type PlanCostLine = {
  plan: string;
  /** null: not enough is stated to tell */
  fits: boolean | null;
  /** the month's cost when it fits */
  monthly_cost: number | null;
  currency: string | null;
  steps: string[];
  /** why it does not fit or cannot be told */
  reason: string | null;
};

export type CostAnswer =
  | {
      status: "ok";
      plan: string;
      monthly_cost: number;
      currency: string;
      unit: string | null;
      steps: string[];
      /** plans that might be cheaper but state too little to tell */
      caveats: string[];
      plans: PlanCostLine[];
    }
  | { status: "not_enough_known"; reason: string; unit: string | null; plans: PlanCostLine[] };

const DAYS_PER_MONTH = 30;
/** how many seats past the ask are tried for their quotas */
const MAX_EXTRA_SEATS = 1000;

export const money = (amount: number, currency: string | null) => {
  const n = Math.round(amount * 100) / 100;
  const text = Number.isInteger(n) ? String(n) : n.toFixed(2);
  if (currency === "USD") return `$${text}`;
  if (currency === "EUR") return `€${text}`;
  if (currency === "GBP") return `£${text}`;
  return `${text} ${currency ?? ""}`.trim();
};

/** The unit a tool's usage is counted in: the unit most of its quotas name (first in plan order on a tie). */
export function usageUnitOf(plans: readonly Plan[]): string | null {
  const counts = new Map<string, number>();
  for (const p of plans) if (p.quota) counts.set(p.quota.unit, (counts.get(p.quota.unit) ?? 0) + 1);
  let best: string | null = null;
  for (const [unit, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = unit;
  return best;
}

/** The month's price of one seat (or of the flat plan), with its step, or why it is not known. */
function monthlyBase(plan: Plan): { amount: number; step: string | null } | { reason: string } {
  if (plan.contact_sales) return { reason: "price on request (contact sales)" };
  if (plan.price === null) return { reason: "price not stated" };
  if (plan.price === 0) return { amount: 0, step: null };
  if (plan.period === "month") return { amount: plan.price, step: null };
  if (plan.period === "year")
    return {
      amount: plan.price / 12,
      step: `${money(plan.price, plan.currency)}/year ÷ 12 = ${money(plan.price / 12, plan.currency)}/month`,
    };
  if (plan.period === "once") return { reason: "a one-time price, not a monthly cost" };
  return { reason: "billing period not stated" };
}

/** One plan's line, and its unrounded cost (lines show cents; comparisons must not round). */
function evaluatePlan(plan: Plan, query: CostQuery, unit: string | null): { line: PlanCostLine; exact: number | null } {
  const line = (fits: boolean | null, reason: string | null, steps: string[] = [], cost: number | null = null) => ({
    line: {
      plan: plan.name,
      fits,
      monthly_cost: cost === null ? null : Math.round(cost * 100) / 100,
      currency: plan.currency,
      steps,
      reason,
    },
    exact: cost,
  });
  if (plan.max_seats !== null && query.seats > plan.max_seats)
    return line(false, `allows up to ${plan.max_seats} seat${plan.max_seats === 1 ? "" : "s"}`);
  const base = monthlyBase(plan);
  if ("reason" in base) return line(null, base.reason);
  const steps = base.step ? [base.step] : [];
  const least = plan.per_seat ? Math.max(query.seats, plan.min_seats ?? 1) : 1;
  if (!plan.per_seat && query.seats > 1 && plan.max_seats === null)
    return line(null, "how many seats it allows is not stated");
  const q = plan.quota;
  if (query.usage > 0) {
    if (!q) return line(null, "the usage it includes is not stated");
    if (q.unit !== unit) return line(null, `its usage is counted in ${q.unit}, not ${unit}`);
  }
  const perMonth = q?.amount == null ? null : q.amount * (q.period === "day" ? DAYS_PER_MONTH : 1);
  // A per-seat quota can make one more seat cheaper than extra usage: every seat count that could be
  // cheaper is tried, from the seats asked for to the seats whose quotas alone cover the usage.
  let most = least;
  if (plan.per_seat && query.usage > 0 && perMonth)
    most = Math.min(Math.max(least, Math.ceil(query.usage / perMonth)), least + MAX_EXTRA_SEATS);
  if (plan.max_seats !== null) most = Math.min(most, plan.max_seats);
  let best: { seats: number; extra: number; packs: number; included: number } | null = null;
  for (let seats = least; seats <= most; seats++) {
    const included = perMonth === null ? Number.POSITIVE_INFINITY : perMonth * (plan.per_seat ? seats : 1);
    let packs = 0;
    if (query.usage > included) {
      const o = plan.overage;
      if (!o || o.unit !== q?.unit) continue;
      packs = Math.ceil((query.usage - included) / o.per);
    }
    const total = base.amount * seats + packs * (plan.overage?.price ?? 0);
    if (!best || total < base.amount * best.seats + best.extra)
      best = { seats, extra: packs * (plan.overage?.price ?? 0), packs, included };
  }
  if (!best) {
    const included = (perMonth ?? 0) * (plan.per_seat ? most : 1);
    if (plan.overage && plan.overage.unit !== q?.unit)
      return line(null, `its extra usage is sold in ${plan.overage.unit}`);
    return line(null, `includes ${included} ${q?.unit} a month; what more costs is not stated`);
  }
  const { seats } = best;
  if (plan.per_seat) {
    const why =
      seats > query.seats
        ? seats === least
          ? ` (at least ${plan.min_seats} seats)`
          : ` (${seats - query.seats} more for their ${q?.unit})`
        : "";
    steps.push(
      `${money(base.amount, plan.currency)} × ${seats} seat${seats === 1 ? "" : "s"}${why} = ${money(base.amount * seats, plan.currency)}/month`,
    );
  }
  if (query.usage > 0 && q) {
    if (q.amount === null) steps.push(`unlimited ${q.unit}`);
    else {
      if (q.period === "day") steps.push(`${q.amount} ${q.unit} a day × ${DAYS_PER_MONTH} days = ${perMonth} a month`);
      if (plan.per_seat && seats > 1) steps.push(`${perMonth} ${q.unit} × ${seats} seats = ${best.included} included`);
      if (best.packs > 0 && plan.overage)
        steps.push(
          `${query.usage} − ${best.included} = ${query.usage - best.included} ${q.unit} over: ${best.packs} × ${money(plan.overage.price, plan.currency)} per ${plan.overage.per} = ${money(best.extra, plan.currency)}`,
        );
    }
  }
  const cost = base.amount * seats + best.extra;
  steps.push(`${plan.name}: ${money(cost, plan.currency)} a month`);
  return line(true, null, steps, cost);
}

/** The cheapest fitting plan (the first listed on a tie), or why there is no answer. */
export function planCost(plans: readonly Plan[] | null | undefined, query: CostQuery): CostAnswer {
  const list = plans ?? [];
  const unit = usageUnitOf(list);
  if (!list.length) return { status: "not_enough_known", reason: "No plans are known for this tool.", unit, plans: [] };
  const evaluated = list.map((p) => evaluatePlan(p, query, unit));
  const lines = evaluated.map((e) => e.line);
  const fitting = evaluated
    .map((e) => ({ l: e.line, cost: e.exact }))
    .filter((x) => x.l.fits === true && x.cost !== null);
  if (!fitting.length) {
    const unknown = lines.some((l) => l.fits === null);
    return {
      status: "not_enough_known",
      reason: unknown
        ? "Not enough is known: no plan is known to fit these seats and this usage."
        : "No plan fits these seats and this usage.",
      unit,
      plans: lines,
    };
  }
  // One currency is compared: the first fitting plan's (a tool lists its plans in one currency).
  const currency = fitting[0]?.l.currency ?? null;
  let best = fitting[0] as (typeof fitting)[number];
  for (const x of fitting) if (x.l.currency === currency && (x.cost as number) < (best.cost as number)) best = x;
  const caveats = lines
    .filter((l) => l.fits === null && l.reason)
    .map((l) => `${l.plan}: ${l.reason} — it may be cheaper.`);
  return {
    status: "ok",
    plan: best.l.plan,
    monthly_cost: best.l.monthly_cost as number,
    currency: currency ?? "",
    unit,
    steps: best.l.steps,
    caveats,
    plans: lines,
  };
}
