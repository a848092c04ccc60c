import { useId } from "react";
import { featureMatrix } from "~/lib/compare";
import type { CompareToolData } from "./compare-view";

/**
 * The comparison's feature table and pros and cons: no behaviour of their own. The compare page
 * renders them as static islands (ADR 0055), so this module is not part of its first load; the
 * compare sheet, itself loaded on demand, imports it directly.
 */

type Level = 2 | 3;
function Heading({ level, className, children }: { level: Level; className?: string; children: React.ReactNode }) {
  return level === 2 ? <h2 className={className}>{children}</h2> : <h3 className={className}>{children}</h3>;
}

/** The feature table: the union of the tools' features, ✓ or – per tool (read out as Yes / No). */
export function FeatureTable({ tools, headingLevel }: { tools: CompareToolData[]; headingLevel: Level }) {
  const rows = featureMatrix(tools);
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <Heading level={headingLevel} className="text-lg font-semibold">
        <span id={id}>Feature Comparison</span>
      </Heading>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {tools.length === 1 ? "This tool does not list any features yet." : "None of these tools lists features yet."}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
          <table className="w-full min-w-max text-left text-sm">
            <caption className="sr-only">Which of the compared tools list each feature</caption>
            <thead className="bg-slate-100 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Feature
                </th>
                {tools.map((t) => (
                  <th key={t.id} scope="col" className="px-3 py-2 text-center font-semibold">
                    {t.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.feature} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="px-3 py-2 font-normal">
                    {row.feature}
                  </th>
                  {row.has.map((has, i) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: one cell per tool, in the tools' order
                      key={i}
                      className={`px-3 py-2 text-center text-base ${
                        has ? "text-emerald-700 dark:text-emerald-400" : "text-slate-500 dark:text-slate-400"
                      }`}
                    >
                      <span aria-hidden="true">{has ? "✓" : "–"}</span>
                      <span className="sr-only">{has ? "Yes" : "No"}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ItemList({ items, empty, tone }: { items: string[]; empty: string; tone: "pro" | "con" }) {
  if (!items.length) return <p className="text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span
            aria-hidden="true"
            className={tone === "pro" ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}
          >
            {tone === "pro" ? "+" : "−"}
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Pros & Cons as the tools list them; nothing is made up when a tool lists none: our editors' summary
 * is shown instead where there is one (issue 36), else one quiet line.
 */
export function ProsCons({
  tools,
  headingLevel,
  summaries = {},
}: {
  tools: CompareToolData[];
  headingLevel: Level;
  /** the editors' summary per tool id */
  summaries?: Record<string, string>;
}) {
  const sub = headingLevel === 2 ? 3 : 4;
  const Sub = `h${sub}` as "h3" | "h4";
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <Heading level={headingLevel} className="text-lg font-semibold">
        <span id={id}>Pros &amp; Cons</span>
      </Heading>
      <div className="mt-3 grid gap-3" style={{ gridTemplateColumns: `repeat(auto-fit, minmax(14rem, 1fr))` }}>
        {tools.map((t) => (
          <div key={t.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <Sub className="font-semibold">{t.name}</Sub>
            {t.pros.length || t.cons.length ? (
              <>
                <p className="mt-2 text-xs font-semibold tracking-wide text-emerald-800 uppercase dark:text-emerald-300">
                  Pros
                </p>
                <div className="mt-1">
                  <ItemList items={t.pros} empty="None listed" tone="pro" />
                </div>
                <p className="mt-3 text-xs font-semibold tracking-wide text-red-800 uppercase dark:text-red-300">
                  Cons
                </p>
                <div className="mt-1">
                  <ItemList items={t.cons} empty="None listed" tone="con" />
                </div>
              </>
            ) : summaries[t.id] ? (
              <div data-testid="compare-summary">
                <p className="mt-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                  Our editors' summary
                </p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{summaries[t.id]}</p>
              </div>
            ) : (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                No pros or cons are listed yet.{" "}
                <a href={`/tools/${t.slug}`} className="underline">
                  Read about {t.name}
                </a>
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
