import { money } from "./plan-cost.ts";
import type { Plan } from "./tables.ts";

/**
 * A card's one line about a tool's plans (issue 33): "from $X/mo" — the lowest stated monthly price
 * of a paid plan (a yearly price ÷ 12), per seat when that plan is — and whether a free plan exists.
 * Null when no plan states a price: cards then say nothing rather than guess. Pure, browser-safe.
 */
export type PlanSummary = {
  from_monthly: number | null;
  currency: string | null;
  per_seat: boolean;
  has_free_plan: boolean;
};

export function planSummary(plans: readonly Plan[] | null | undefined): PlanSummary | null {
  if (!plans?.length) return null;
  let best: { monthly: number; plan: Plan } | null = null;
  let free = false;
  for (const p of plans) {
    if (p.contact_sales || p.price === null) continue;
    if (p.price === 0) {
      free = true;
      continue;
    }
    const monthly = p.period === "month" ? p.price : p.period === "year" ? p.price / 12 : null;
    if (monthly === null) continue;
    if (!best || monthly < best.monthly) best = { monthly, plan: p };
  }
  if (!best && !free) return null;
  return {
    from_monthly: best ? Math.round(best.monthly * 100) / 100 : null,
    currency: best?.plan.currency ?? null,
    per_seat: best?.plan.per_seat ?? false,
    has_free_plan: free,
  };
}

/** "Free plan · from $8/seat/mo", "from $10/mo", "Free plan"; null when nothing is stated. */
export function planSummaryLabel(summary: PlanSummary | null): string | null {
  if (!summary) return null;
  const from =
    summary.from_monthly === null
      ? null
      : `from ${money(summary.from_monthly, summary.currency)}/${summary.per_seat ? "seat/" : ""}mo`;
  return [summary.has_free_plan ? "Free plan" : null, from].filter(Boolean).join(" · ") || null;
}
