import { buttonClass, controlClass } from "~/components/ui-classes";
import { type CostAnswer, money, type Plan } from "~/lib/tool-plans";

/**
 * The tool's plans and "what will this cost me" (issue 33, ADR 0070): a static island (no code in
 * the page's first load). The cost form is a plain GET form: the loader works the answer out, so it
 * works without JavaScript. What a source does not state reads "Not stated", never a guess.
 */
const NOT_STATED = <span className="text-slate-500 dark:text-slate-400">Not stated</span>;

function priceCell(p: Plan) {
  if (p.contact_sales) return "Contact sales";
  if (p.price === null) return NOT_STATED;
  if (p.price === 0) return "Free";
  const period = p.period === "month" ? "/month" : p.period === "year" ? "/year" : p.period === "once" ? " once" : "";
  return `${money(p.price, p.currency)}${p.per_seat ? " per seat" : ""}${period}`;
}

function seatsCell(p: Plan) {
  if (p.min_seats === null && p.max_seats === null) return p.per_seat ? "Per seat" : NOT_STATED;
  if (p.min_seats !== null && p.max_seats !== null) return `${p.min_seats}–${p.max_seats}`;
  return p.min_seats !== null ? `${p.min_seats} or more` : `Up to ${p.max_seats}`;
}

function quotaCell(p: Plan) {
  if (!p.quota) return NOT_STATED;
  const each = p.per_seat ? " per seat" : "";
  if (p.quota.amount === null) return `Unlimited ${p.quota.unit}`;
  return `${p.quota.amount.toLocaleString("en-US")} ${p.quota.unit} a ${p.quota.period}${each}`;
}

function extraCell(p: Plan) {
  if (!p.overage) return NOT_STATED;
  return `${money(p.overage.price, p.currency)} per ${p.overage.per.toLocaleString("en-US")} ${p.overage.unit}`;
}

const yesNo = (v: boolean | null | undefined, yes: string, no: string) => (v === true ? yes : v === false ? no : null);

function freeCell(p: Plan) {
  const f = p.free_tier;
  if (!f) return p.price === 0 ? NOT_STATED : "—";
  const parts = [
    yesNo(f.watermark, "Watermark", "No watermark"),
    yesNo(f.commercial_use, "Commercial use allowed", "No commercial use"),
    yesNo(f.card_required, "Card required", "No card to start"),
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : NOT_STATED;
}

export type CostForm = { seats: number; usage: number; answer: CostAnswer | null; error: string | null };

/** Where the maker's manifest and the pricing page disagree (ADR 0071), as the server keeps it. */
export type PlanConflict = {
  plan: string;
  what: string;
  maker: string | number | boolean | null;
  observed: string | number | boolean | null;
};

function conflictText(c: PlanConflict): string {
  if (c.what === "missing_on_page") return `${c.plan} is in the maker's manifest, not on the pricing page`;
  if (c.what === "missing_in_manifest")
    return `${c.plan} is on the pricing page (${c.observed}), not in the maker's manifest`;
  if (c.what === "per_seat") return `${c.plan}: per seat in ${c.maker ? "the manifest" : "the pricing page"} only`;
  return `${c.plan}: ${c.maker} in the maker's manifest, ${c.observed} on the pricing page`;
}

export function PlanTable({
  slug,
  plans,
  unit,
  cost,
  conflicts = [],
}: {
  slug: string;
  plans: Plan[] | null;
  unit: string | null;
  cost: CostForm;
  conflicts?: PlanConflict[];
}) {
  const cell = "px-3 py-2 align-top";
  return (
    <section id="plans" aria-labelledby="plans-title" data-testid="tool-plans" className="mt-10">
      <h2 id="plans-title" className="text-lg font-semibold">
        Plans
      </h2>
      {!plans?.length ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          No plans are known yet: we show plans only as a source states them.
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                {["Plan", "Price", "Seats", "Included", "Extra usage", "Free tier"].map((h) => (
                  <th key={h} scope="col" className={`${cell} font-medium`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {plans.map((p) => (
                <tr key={p.name} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className={`${cell} font-medium`}>
                    {p.name}
                  </th>
                  <td className={cell}>{priceCell(p)}</td>
                  <td className={cell}>{seatsCell(p)}</td>
                  <td className={cell}>{quotaCell(p)}</td>
                  <td className={cell}>{extraCell(p)}</td>
                  <td className={cell}>{freeCell(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {conflicts.length ? (
            <p data-testid="plan-conflicts" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              The maker's manifest and the pricing page disagree: {conflicts.map(conflictText).join("; ")}.
            </p>
          ) : null}
        </div>
      )}
      {plans?.length ? (
        <form method="get" action={`/tools/${slug}#plans`} className="mt-4 flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col gap-1">
            Seats
            <input
              name="seats"
              type="number"
              min={1}
              max={10000}
              defaultValue={cost.seats}
              className={controlClass("sm", "w-24")}
            />
          </label>
          <label className="flex flex-col gap-1">
            Monthly usage{unit ? ` (${unit})` : ""}
            <input
              name="usage"
              type="number"
              min={0}
              step="any"
              defaultValue={cost.usage}
              className={controlClass("sm", "w-32")}
            />
          </label>
          <button type="submit" className={buttonClass("primary", "sm")}>
            What will it cost me?
          </button>
        </form>
      ) : null}
      {cost.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {cost.error}
        </p>
      ) : null}
      {cost.answer ? <CostAnswerView answer={cost.answer} /> : null}
    </section>
  );
}

function CostAnswerView({ answer }: { answer: CostAnswer }) {
  if (answer.status !== "ok")
    return (
      <p data-testid="plan-cost" className="mt-3 text-sm">
        <strong>Not enough known.</strong> {answer.reason}
      </p>
    );
  return (
    <div data-testid="plan-cost" className="mt-3 text-sm">
      <p>
        <strong>
          {answer.plan}: {money(answer.monthly_cost, answer.currency)} a month
        </strong>
      </p>
      <ol className="mt-1 list-decimal pl-5 text-slate-700 dark:text-slate-300">
        {answer.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {answer.caveats.length ? (
        <ul className="mt-1 list-disc pl-5 text-slate-600 dark:text-slate-400">
          {answer.caveats.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
