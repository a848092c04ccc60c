import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { requireEntitlement, type Viewer } from "../accounts/index.ts";
import { allTasks, type TaskSummary, toolsForTask } from "../catalog/index.ts";
import { STACK_MAX_TASKS } from "./shared.ts";

/**
 * Expert's stack recommendation (`advanced_ai_recommendations`, issue 34 item 4, ADR 0080): for up to
 * five tasks and a monthly budget in USD, one tool per task from the tasks data (accepted by editors
 * first, then proposed by score and popularity), a tool that does two of the tasks counted once. The
 * cost is each tool's entry price from its stated plans (ADR 0072): a free plan is $0, else the
 * cheapest paid plan a month in USD. A tool whose plans state no USD price is "price unknown": never
 * counted as free, picked only when no tool with a known price fits, and said so.
 */
export const STACK_FEATURE = "advanced_ai_recommendations";
export { STACK_MAX_TASKS };

export const StackInput = z.object({
  tasks: z
    .array(z.string().regex(/^[a-z0-9-]{1,100}$/, "Unknown task"))
    .min(1, "Pick at least one task")
    .max(STACK_MAX_TASKS, `Pick at most ${STACK_MAX_TASKS} tasks`),
  budget: z.coerce
    .number({ message: "The budget is a number of US dollars a month" })
    .finite("The budget is a number of US dollars a month")
    .min(0, "The budget cannot be negative")
    .max(100_000, "The budget is at most $100,000 a month"),
});
export type StackInput = z.output<typeof StackInput>;

export type StackPick = {
  task: string;
  tool: { slug: string; name: string } | null;
  /** USD a month counted for this pick; null when the price is not stated */
  monthly: number | null;
  /** the price as stated ("Free plan · from $10/mo"), or why it is unknown */
  price: string;
  why: string;
  /** the same tool already covers an earlier task */
  shared: boolean;
};
export type Stack = {
  budget: number;
  picks: StackPick[];
  /** the sum of the known prices */
  total: number;
  unknownPrices: number;
  fits: boolean;
};

const CANDIDATES_PER_TASK = 40;

export async function stackTasks(db: Db): Promise<TaskSummary[]> {
  return (await allTasks(db)).filter((t) => t.tool_count > 0);
}

/** The entry price a month in USD, or null (not stated, or another currency: no rate is guessed). */
export function entryMonthlyUsd(
  summary: { from_monthly: number | null; currency: string | null; has_free_plan: boolean } | null,
) {
  if (!summary) return null;
  if (summary.has_free_plan) return 0;
  if (summary.from_monthly !== null && summary.currency === "USD") return summary.from_monthly;
  return null;
}

export async function recommendStack(db: Db, viewer: Viewer | null, input: StackInput): Promise<Stack> {
  requireEntitlement(viewer, STACK_FEATURE);
  const known = new Map((await allTasks(db)).map((t) => [t.slug, t]));
  const slugs = [...new Set(input.tasks)].filter((s) => known.has(s));
  const picked = new Map<string, { monthly: number | null }>();
  const picks: StackPick[] = [];
  let spent = 0;
  for (const slug of slugs) {
    const task = known.get(slug) as TaskSummary;
    const { tools } = await toolsForTask(db, slug, { limit: CANDIDATES_PER_TASK });
    const already = tools.find((t) => picked.has(t.slug));
    if (already) {
      picks.push({
        task: task.name,
        tool: { slug: already.slug, name: already.name },
        monthly: 0,
        price: "already in your stack",
        why: `${already.name} also does this task`,
        shared: true,
      });
      continue;
    }
    const priced = tools.map((t) => ({ t, monthly: entryMonthlyUsd(t.plan_summary) }));
    const fits = priced.find((p) => p.monthly !== null && spent + p.monthly <= input.budget);
    const choice = fits ?? priced.find((p) => p.monthly === null) ?? null;
    if (!choice) {
      picks.push({
        task: task.name,
        tool: null,
        monthly: null,
        price: "—",
        why: tools.length
          ? `No tool for this task has a stated price within the $${input.budget - spent} a month left`
          : "No published tool does this task yet",
        shared: false,
      });
      continue;
    }
    const { t, monthly } = choice;
    picked.set(t.slug, { monthly });
    if (monthly !== null) spent += monthly;
    const rank = t.task_status === "accepted" ? "chosen by our editors for this task" : "proposed for this task";
    picks.push({
      task: task.name,
      tool: { slug: t.slug, name: t.name },
      monthly,
      price:
        monthly === null
          ? `price unknown: no USD plan price is stated (listed as ${t.pricing_model})`
          : (t.plan_label ?? (monthly === 0 ? "Free plan" : `$${monthly}/mo`)),
      why:
        monthly === null
          ? `${t.name} is ${rank}; no tool with a stated price fits the budget, so check its price before you count on it`
          : `${t.name} is ${rank}${monthly === 0 ? ", with a free plan" : `, from $${monthly} a month`}`,
      shared: false,
    });
  }
  const unknownPrices = picks.filter((p) => p.tool && p.monthly === null).length;
  const total = Math.round(spent * 100) / 100;
  return { budget: input.budget, picks, total, unknownPrices, fits: total <= input.budget };
}
