/** Small statistics and formatting helpers. */

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1),
  };
}

export const ms = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : Math.round(v)} ms` : "–");
/** autocannon's latencies are whole milliseconds. */
export const wholeMs = (v: number) => (v < 1 ? "< 1 ms" : `${Math.round(v)} ms`);
export const secs = (v: number) => `${(v / 1000).toFixed(1)} s`;
export const int = (v: number) => Math.round(v).toLocaleString("en-US");

/** A GitHub-flavoured markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const lines = [
    `| ${header.join(" | ")} |`,
    `| ${header.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ];
  return lines.join("\n");
}

export const verdict = (ok: boolean) => (ok ? "**pass**" : "**FAIL**");
