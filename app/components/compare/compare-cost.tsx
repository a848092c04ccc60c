import type { CompareCost } from "~/lib/catalog.server";
import { buttonClass, controlClass } from "../ui-classes";

export type CompareCostProps = {
  slugs: string[];
  names: Record<string, string>;
  cost: { seats: number; usage: number; costs: CompareCost[] } | null;
};

const money = (n: number, currency: string) => {
  const text = Number.isInteger(n) ? String(n) : n.toFixed(2);
  return currency === "USD"
    ? `$${text}`
    : currency === "EUR"
      ? `€${text}`
      : currency === "GBP"
        ? `£${text}`
        : `${text} ${currency}`;
};

/**
 * Compare by cost (issue 33): a plain GET form (seats, monthly usage) and, once asked, each tool's
 * cheapest fitting plan with its arithmetic, cheapest first, or "not enough known".
 */
export function CompareCostSection({ slugs, names, cost }: CompareCostProps) {
  return (
    <section
      aria-labelledby="compare-cost"
      className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="compare-cost" className="text-lg font-semibold">
        What it costs you
      </h2>
      <form method="get" action="/compare" className="mt-2 flex flex-wrap items-end gap-3 text-sm">
        <input type="hidden" name="tools" value={slugs.join(",")} />
        <label>
          Seats
          <input
            name="seats"
            type="number"
            min="1"
            max="10000"
            defaultValue={cost?.seats ?? 1}
            className={controlClass("sm", "ml-2 w-20")}
          />
        </label>
        <label>
          Usage a month
          <input
            name="usage"
            type="number"
            min="0"
            step="any"
            defaultValue={cost?.usage ?? ""}
            placeholder="0"
            className={controlClass("sm", "ml-2 w-28")}
          />
        </label>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Compare cost
        </button>
        <span className="text-slate-600 dark:text-slate-400">
          Usage is in each tool's own unit (credits, minutes…).
        </span>
      </form>
      {cost ? (
        <ol className="mt-4 space-y-3" data-testid="compare-costs">
          {cost.costs.map((c) => (
            <li key={c.tool_id} data-testid="compare-cost-row">
              <span className="font-semibold">{names[c.tool_id]}</span>:{" "}
              {c.status === "ok" ? (
                <>
                  <strong>{money(c.monthly_cost, c.currency)}/mo</strong> on {c.plan}
                  {c.unit ? ` (usage in ${c.unit})` : ""}
                  <ul className="ml-5 list-disc text-sm text-slate-700 dark:text-slate-300">
                    {c.steps.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                    {c.caveats.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <span className="text-slate-700 dark:text-slate-300">
                  {c.status === "locked" ? c.reason : `Not enough known. ${c.reason}`}
                </span>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
