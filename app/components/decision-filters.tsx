import { DECISION_FLAGS, type DecisionValues, decisionCount } from "~/lib/decision-filters";

/**
 * The decision filters (issue 33, ADR 0072) as plain GET fields inside a listing's filter form: a
 * price ceiling and five "only tools a source states it for" boxes. A <details> keeps them folded
 * (open while any is set); the markup is kept small for the pages' weight budgets.
 */
export function DecisionFilters({ values, className = "" }: { values: DecisionValues; className?: string }) {
  const n = decisionCount(values);
  return (
    <details open={n > 0} className={`text-sm ${className}`}>
      <summary className="cursor-pointer font-medium">Price &amp; facts{n ? ` (${n})` : ""}</summary>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <label>
          Max $/mo{" "}
          <input
            name="max_price"
            type="number"
            min="0"
            step="any"
            defaultValue={values.max_price}
            className="control-sm w-20"
          />
        </label>
        {DECISION_FLAGS.map(([name, text]) => (
          <label key={name}>
            <input type="checkbox" name={name} value="1" defaultChecked={values[name]} className="accent-brand-600" />{" "}
            {text}
          </label>
        ))}
      </div>
    </details>
  );
}
