// The compare table's feature rows: only the compare view needs them, so they are not in the compare
// rules every page loads with the Compare button (see vite.config.ts, FRAME_THROUGH_DOORS).

export type FeatureRow = { feature: string; has: boolean[] };

/**
 * The feature table: the union of the tools' features in first-seen order, one row each, with
 * whether each tool lists it. Spellings that differ only in case or spacing are one feature.
 */
export function featureMatrix(tools: ReadonlyArray<{ features: readonly string[] }>): FeatureRow[] {
  const key = (f: string) => f.trim().replace(/\s+/g, " ").toLowerCase();
  const rows = new Map<string, FeatureRow>();
  tools.forEach((tool, i) => {
    for (const raw of tool.features) {
      const k = key(raw);
      if (!k) continue;
      let row = rows.get(k);
      if (!row) {
        row = { feature: raw.trim().replace(/\s+/g, " "), has: tools.map(() => false) };
        rows.set(k, row);
      }
      row.has[i] = true;
    }
  });
  return [...rows.values()];
}
