/**
 * A horizontal grouped bar chart as geometry (issue 34 item 9): computed on the server, drawn as plain
 * SVG by components/bar-chart.tsx, so a chart needs no JavaScript. Pure and browser-safe; the
 * component adds the title, the description and the data table that stand for the picture.
 */
export type ChartInput = {
  title: string;
  desc: string;
  /** one name per series ("Previous 14 days", "Last 14 days") */
  series: readonly string[];
  rows: readonly { label: string; values: readonly number[] }[];
};

export type Bar = { x: number; y: number; width: number; height: number; series: number; value: number };
export type RowLabel = { x: number; y: number; text: string };
export type ValueLabel = { x: number; y: number; text: string };
export type Chart = {
  title: string;
  desc: string;
  series: readonly string[];
  width: number;
  height: number;
  max: number;
  bars: Bar[];
  labels: RowLabel[];
  values: ValueLabel[];
  /** vertical grid lines with their value */
  ticks: { x: number; value: number }[];
  legend: { x: number; y: number; series: number; text: string }[];
};

export const CHART = {
  width: 640,
  labelWidth: 200,
  valueRoom: 48,
  barHeight: 14,
  barGap: 2,
  rowGap: 12,
  top: 28,
  bottom: 24,
  maxLabel: 30,
} as const;

/** 0, a round step and its multiples up to at least `max` (at most 5 steps). */
export function niceTicks(max: number): number[] {
  if (!(max > 0)) return [0];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const out: number[] = [];
  for (let v = 0; v < max + step; v += step) {
    out.push(Math.round(v * 1e6) / 1e6);
    if (v >= max) break;
  }
  return out;
}

const clip = (s: string) => (s.length > CHART.maxLabel ? `${s.slice(0, CHART.maxLabel - 1)}…` : s);

export function barChart(input: ChartInput): Chart {
  const n = Math.max(1, input.series.length);
  const rowHeight = n * CHART.barHeight + (n - 1) * CHART.barGap;
  const plotLeft = CHART.labelWidth;
  const plotWidth = CHART.width - CHART.labelWidth - CHART.valueRoom;
  const values = input.rows.flatMap((r) => r.values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0)));
  const ticks = niceTicks(Math.max(0, ...values));
  const max = ticks[ticks.length - 1] || 1;
  const scale = (v: number) => (Number.isFinite(v) && v > 0 ? (v / max) * plotWidth : 0);
  const bars: Bar[] = [];
  const labels: RowLabel[] = [];
  const valueLabels: ValueLabel[] = [];
  input.rows.forEach((row, i) => {
    const y0 = CHART.top + i * (rowHeight + CHART.rowGap);
    labels.push({ x: plotLeft - 8, y: y0 + rowHeight / 2, text: clip(row.label) });
    for (let s = 0; s < n; s++) {
      const value = row.values[s] ?? 0;
      const y = y0 + s * (CHART.barHeight + CHART.barGap);
      const width = Math.round(scale(value) * 10) / 10;
      bars.push({ x: plotLeft, y, width, height: CHART.barHeight, series: s, value });
      valueLabels.push({ x: plotLeft + width + 4, y: y + CHART.barHeight / 2, text: String(value) });
    }
  });
  const height = CHART.top + input.rows.length * (rowHeight + CHART.rowGap) - CHART.rowGap + CHART.bottom;
  return {
    title: input.title,
    desc: input.desc,
    series: input.series,
    width: CHART.width,
    height: Math.max(height, CHART.top + CHART.bottom),
    max,
    bars,
    labels,
    values: valueLabels,
    ticks: ticks.map((value) => ({ x: plotLeft + Math.round(scale(value) * 10) / 10, value })),
    legend: input.series.map((text, s) => ({ x: plotLeft + s * 160, y: 12, series: s, text })),
  };
}
