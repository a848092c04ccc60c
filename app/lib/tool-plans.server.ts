import type { CostForm } from "~/components/tool-detail/plan-parts";
import { CostParams, type Plan, planCost, usageUnitOf } from "./catalog.server";

/**
 * The tool page's "what will this cost me" (issue 33): seats and monthly usage from the URL (the
 * GET form), the answer worked out on the server so it needs no JavaScript. Bad input is a message
 * beside the form, never an error page.
 */
export function costForm(plans: Plan[] | null, search: URLSearchParams): { unit: string | null; cost: CostForm } {
  const unit = usageUnitOf(plans ?? []);
  const asked = search.has("seats") || search.has("usage");
  const parsed = CostParams.safeParse({
    seats: search.get("seats") || undefined,
    usage: search.get("usage") || undefined,
  });
  if (!parsed.success)
    return {
      unit,
      cost: { seats: 1, usage: 0, answer: null, error: parsed.error.issues[0]?.message ?? "Invalid input" },
    };
  const seats = parsed.data.seats ?? 1;
  const usage = parsed.data.usage ?? 0;
  return {
    unit,
    cost: { seats, usage, answer: asked && plans?.length ? planCost(plans, { seats, usage }) : null, error: null },
  };
}
