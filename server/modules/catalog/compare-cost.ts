import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { canAccessTier, type Tier } from "../accounts/index.ts";
import type { CompareTool } from "./compare.ts";
import { type CostQuery, planCost } from "./plan-cost.ts";
import { PlanRow } from "./plans.ts";

/**
 * Compare by cost (issue 33 item 4, ADR 0072): for a number of seats and a monthly usage, each compared
 * tool's cheapest fitting plan with its arithmetic (plan-cost.ts, the tool page's own answer), or "not
 * enough known". The tools are then ordered by that cost: answers in US dollars first, cheapest
 * first; answers in another currency after them (no rate is guessed); "not enough known" last, in
 * the order asked for. Usage is counted in each tool's own unit, which each answer names.
 */
export type CompareCost =
  | {
      tool_id: string;
      status: "ok";
      plan: string;
      monthly_cost: number;
      currency: string;
      unit: string | null;
      steps: string[];
      caveats: string[];
    }
  | { tool_id: string; status: "not_enough_known"; reason: string; unit: string | null }
  | { tool_id: string; status: "locked"; reason: string };

const PlansOf = z.object({ id: z.string(), plans: z.array(PlanRow).nullable() });

export async function compareCosts(
  db: Db,
  tools: readonly CompareTool[],
  query: CostQuery,
  tier: Tier | null,
): Promise<CompareCost[]> {
  if (!tools.length) return [];
  const rows = await queryRows(
    db,
    sql`SELECT t.id, t.plans FROM tools t WHERE t.id IN (${sql.join(
      tools.map((t) => sql`${t.id}::uuid`),
      sql`, `,
    )})`,
    PlansOf,
  );
  const plans = new Map(rows.map((r) => [r.id, r.plans]));
  const costs: CompareCost[] = tools.map((tool) => {
    // Plans are prices: a tool above the viewer's tier keeps them to itself, as on its page.
    if (!canAccessTier(tier, tool.tier))
      return { tool_id: tool.id, status: "locked", reason: "Its plans are shown to members of a higher tier." };
    const answer = planCost(plans.get(tool.id) ?? null, query);
    return answer.status === "ok"
      ? {
          tool_id: tool.id,
          status: "ok",
          plan: answer.plan,
          monthly_cost: answer.monthly_cost,
          currency: answer.currency,
          unit: answer.unit,
          steps: answer.steps,
          caveats: answer.caveats,
        }
      : { tool_id: tool.id, status: "not_enough_known", reason: answer.reason, unit: answer.unit };
  });
  const rank = (c: CompareCost) => (c.status !== "ok" ? 2 : c.currency === "USD" ? 0 : 1);
  return costs
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      const r = rank(a.c) - rank(b.c);
      if (r) return r;
      if (a.c.status === "ok" && b.c.status === "ok") {
        if (a.c.currency !== b.c.currency) return a.c.currency.localeCompare(b.c.currency);
        if (a.c.monthly_cost !== b.c.monthly_cost) return a.c.monthly_cost - b.c.monthly_cost;
      }
      return a.i - b.i;
    })
    .map((x) => x.c);
}
