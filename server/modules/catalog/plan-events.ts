import { money } from "./plan-cost.ts";
import type { Plan } from "./tables.ts";

/**
 * What changed between two versions of a tool's plans, as typed events (issue 33): the history's
 * note, the changes feed and members' alerts say "Pro: price up $20 → $25/month", not a JSON diff.
 * Plans are matched by name (case-insensitive). Pure, browser-safe.
 */
export type PlanEvent =
  | { type: "price_up" | "price_down"; plan: string; from: string; to: string }
  | { type: "plan_added" | "plan_removed" | "moved_to_contact_sales"; plan: string }
  | { type: "free_tier_removed" }
  | { type: "quota_cut"; plan: string; from: string; to: string };

const monthly = (p: Plan): number | null =>
  p.contact_sales || p.price === null
    ? null
    : p.price === 0
      ? 0
      : p.period === "month"
        ? p.price
        : p.period === "year"
          ? p.price / 12
          : null;

const priceText = (p: Plan) =>
  p.price === 0 ? "free" : `${money(p.price ?? 0, p.currency)}${p.per_seat ? " per seat" : ""}/${p.period ?? "?"}`;
const quotaText = (q: NonNullable<Plan["quota"]>) =>
  q.amount === null ? `unlimited ${q.unit}` : `${q.amount} ${q.unit} a ${q.period}`;

export function planEvents(before: readonly Plan[] | null, after: readonly Plan[] | null): PlanEvent[] {
  const old = new Map((before ?? []).map((p) => [p.name.toLowerCase(), p]));
  const now = new Map((after ?? []).map((p) => [p.name.toLowerCase(), p]));
  const events: PlanEvent[] = [];
  for (const [key, p] of old) if (!now.has(key)) events.push({ type: "plan_removed", plan: p.name });
  for (const [key, p] of now) {
    const was = old.get(key);
    if (!was) {
      events.push({ type: "plan_added", plan: p.name });
      continue;
    }
    if (p.contact_sales && !was.contact_sales && was.price !== null) {
      events.push({ type: "moved_to_contact_sales", plan: p.name });
      continue;
    }
    const a = monthly(was);
    const b = monthly(p);
    if (a !== null && b !== null && was.currency === p.currency && Math.abs(a - b) > 0.004)
      events.push({ type: b > a ? "price_up" : "price_down", plan: p.name, from: priceText(was), to: priceText(p) });
    const qa = was.quota;
    const qb = p.quota;
    if (qa && qb && qa.unit === qb.unit && qa.period === qb.period) {
      const cut = qb.amount !== null && (qa.amount === null || qb.amount < qa.amount);
      if (cut) events.push({ type: "quota_cut", plan: p.name, from: quotaText(qa), to: quotaText(qb) });
    }
  }
  const hadFree = (before ?? []).some((p) => p.price === 0);
  const hasFree = (after ?? []).some((p) => p.price === 0);
  if (hadFree && !hasFree) events.push({ type: "free_tier_removed" });
  return events;
}

export function planEventText(e: PlanEvent): string {
  switch (e.type) {
    case "price_up":
      return `${e.plan}: price up ${e.from} → ${e.to}`;
    case "price_down":
      return `${e.plan}: price down ${e.from} → ${e.to}`;
    case "plan_added":
      return `${e.plan}: plan added`;
    case "plan_removed":
      return `${e.plan}: plan removed`;
    case "moved_to_contact_sales":
      return `${e.plan}: now "contact sales"`;
    case "free_tier_removed":
      return "Free plan removed";
    case "quota_cut":
      return `${e.plan}: included usage cut ${e.from} → ${e.to}`;
  }
}

/** One line for a history value or change: the events, or "no change of price or plans". */
export function planChangeText(before: readonly Plan[] | null, after: readonly Plan[] | null): string {
  const events = planEvents(before, after);
  return events.length ? events.map(planEventText).join("; ") : "plan details changed";
}
