import { useId } from "react";
import type { Chart } from "~/lib/svg-chart";

const FILLS = ["fill-slate-400 dark:fill-slate-500", "fill-indigo-600 dark:fill-indigo-400"];

/**
 * A server-rendered SVG bar chart (no JavaScript): `role="img"` named by its title and description,
 * and the same figures as a table below it for screen readers, printing and anyone who prefers numbers.
 */
export function BarChart({ chart, rowHeader }: { chart: Chart; rowHeader: string }) {
  const id = useId();
  const rows = chart.labels.map((label, i) => ({
    key: label.y,
    label: label.text,
    values: chart.series.map((_, s) => chart.bars[i * chart.series.length + s]?.value ?? 0),
  }));
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="max-w-2xl text-slate-700 dark:text-slate-300"
      >
        <title id={`${id}-title`}>{chart.title}</title>
        <desc id={`${id}-desc`}>{chart.desc}</desc>
        {chart.ticks.map((t) => (
          <g key={t.value}>
            <line x1={t.x} x2={t.x} y1={24} y2={chart.height - 18} className="stroke-slate-200 dark:stroke-slate-700" />
            <text x={t.x} y={chart.height - 4} textAnchor="middle" fontSize="11" fill="currentColor">
              {t.value}
            </text>
          </g>
        ))}
        {chart.legend.map((l) => (
          <g key={l.text}>
            <rect x={l.x} y={l.y - 9} width={10} height={10} className={FILLS[l.series % FILLS.length]} />
            <text x={l.x + 14} y={l.y} fontSize="11" fill="currentColor">
              {l.text}
            </text>
          </g>
        ))}
        {chart.labels.map((l) => (
          <text key={l.y} x={l.x} y={l.y} textAnchor="end" dominantBaseline="middle" fontSize="12" fill="currentColor">
            {l.text}
          </text>
        ))}
        {chart.bars.map((b) => (
          <rect
            key={b.y}
            x={b.x}
            y={b.y}
            width={b.width}
            height={b.height}
            className={FILLS[b.series % FILLS.length]}
          />
        ))}
        {chart.values.map((v) => (
          <text key={v.y} x={v.x} y={v.y} dominantBaseline="middle" fontSize="11" fill="currentColor">
            {v.text}
          </text>
        ))}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer underline">Data table: {chart.title}</summary>
        <table className="mt-2 border-collapse">
          <caption className="sr-only">{chart.title}</caption>
          <thead>
            <tr>
              <th scope="col" className="border-b px-2 py-1 text-left">
                {rowHeader}
              </th>
              {chart.series.map((s) => (
                <th key={s} scope="col" className="border-b px-2 py-1 text-right">
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {r.label}
                </th>
                {r.values.map((v, s) => (
                  <td key={chart.series[s]} className="px-2 py-1 text-right">
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
