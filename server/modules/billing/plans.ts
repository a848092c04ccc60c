import { asc } from "drizzle-orm";
import { DAY_MS } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { PaidTier } from "./contracts.ts";
import { plans as plansTable } from "./tables.ts";
import type { Plan } from "./types.ts";

/**
 * The money-back refund (ADR 0024): once per member in any this many months, whatever the plan. The
 * window after a first payment is the plan's refund_window_days (30). Every page that states the
 * guarantee (pricing, checkout, FAQ, dashboard) takes its words from moneyBackPromise.
 */
export const MONEY_BACK_ONCE_PER_MONTHS = 12;
/** the same span in days, for the check (a year, not twelve calendar months of different lengths) */
export const MONEY_BACK_ONCE_PER_DAYS = 365;

export function moneyBackPromise(refundWindowDays: number): string {
  return `${refundWindowDays}-day money-back guarantee, once per member in any ${MONEY_BACK_ONCE_PER_MONTHS} months`;
}

/** A price sent by a browser that is not the plan's (or the quote's): refused, never charged. */
export const AMOUNT_MISMATCH = "Amount does not match the plan";

export const PAID_TIERS = ["standard", "expert"] as const satisfies readonly PaidTier[];

export function isPaidTier(value: unknown): value is PaidTier {
  return value === "standard" || value === "expert";
}

function toPlan(row: typeof plansTable.$inferSelect): Plan {
  return {
    tier: row.tier as PaidTier,
    name: row.name,
    amountCents: row.amountCents,
    currency: "USD",
    periodDays: row.periodDays,
    monthlyCreditCents: row.monthlyCreditCents,
    commissionBps: row.commissionBps,
    refundWindowDays: row.refundWindowDays,
    graceDays: row.graceDays,
  };
}

/** The paid plans, cheapest first: the only source of prices (pages, checkout, providers). */
export async function listPlans(db: Db): Promise<Plan[]> {
  const rows = await db.select().from(plansTable).orderBy(asc(plansTable.amountCents));
  return rows.filter((r) => isPaidTier(r.tier)).map(toPlan);
}

export async function getPlan(db: Db, tier: PaidTier): Promise<Plan> {
  const plan = (await listPlans(db)).find((p) => p.tier === tier);
  // The migration seeds both plans; a missing row is a broken database, not bad input.
  if (!plan) throw new Error(`No plan row for tier ${tier}`);
  return plan;
}

/** "$2.99" */
export function formatMoney(cents: number, currency = "USD"): string {
  const amount = (cents / 100).toFixed(2);
  return currency === "USD" ? `$${amount}` : `${amount} ${currency}`;
}

/** The unused part of the paid Standard period, in cents (pro-rata by remaining time). */
export function unusedValueCents(
  sub: { currentPeriodStart: Date; currentPeriodEnd: Date },
  plan: Pick<Plan, "amountCents" | "periodDays">,
  now: Date,
): number {
  const periodMs = plan.periodDays * DAY_MS;
  // Days added by grants (referrals) are not paid for: only the paid span counts.
  const paidEnd = Math.min(sub.currentPeriodEnd.getTime(), sub.currentPeriodStart.getTime() + periodMs);
  const remaining = Math.max(0, paidEnd - now.getTime());
  return Math.floor((plan.amountCents * Math.min(remaining, periodMs)) / periodMs);
}
