import { describe, expect, it } from "vitest";
import { barChart, CHART, niceTicks } from "./svg-chart";

describe("the SVG bar chart's geometry", () => {
  const chart = barChart({
    title: "Rising tools",
    desc: "Activity in the last 14 days against the 14 before",
    series: ["Before", "Recent"],
    rows: [
      { label: "Alpha", values: [2, 10] },
      { label: "A tool with a name far longer than the label room", values: [0, 5] },
    ],
  });

  it("draws one bar per row and series, scaled to the largest tick", () => {
    expect(chart.bars).toHaveLength(4);
    expect(chart.max).toBe(10);
    const plot = CHART.width - CHART.labelWidth - CHART.valueRoom;
    expect(chart.bars[1]).toMatchObject({ x: CHART.labelWidth, width: plot, value: 10, series: 1 });
    expect(chart.bars[0]?.width).toBeCloseTo(plot * 0.2, 1);
    expect(chart.bars[2]?.width).toBe(0);
    // series of a row sit side by side, rows below each other
    expect((chart.bars[1]?.y ?? 0) - (chart.bars[0]?.y ?? 0)).toBe(CHART.barHeight + CHART.barGap);
    expect(chart.bars[2]?.y).toBeGreaterThan(chart.bars[1]?.y ?? 0);
  });

  it("keeps the title and description, clips long labels and labels every value", () => {
    expect(chart.title).toBe("Rising tools");
    expect(chart.desc).toContain("14 days");
    expect(chart.labels[1]?.text.length).toBe(CHART.maxLabel);
    expect(chart.labels[1]?.text.endsWith("…")).toBe(true);
    expect(chart.values.map((v) => v.text)).toEqual(["2", "10", "0", "5"]);
    expect(chart.legend.map((l) => l.text)).toEqual(["Before", "Recent"]);
    expect(chart.height).toBeGreaterThan(chart.bars[3]?.y ?? 0);
  });

  it("treats an empty, zero or invalid series as zero-width bars, never NaN", () => {
    const empty = barChart({ title: "t", desc: "d", series: ["x"], rows: [{ label: "a", values: [Number.NaN] }] });
    expect(empty.bars[0]?.width).toBe(0);
    expect(empty.max).toBe(1);
    expect(barChart({ title: "t", desc: "d", series: ["x"], rows: [] }).bars).toEqual([]);
  });

  it("picks round ticks", () => {
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(130)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(0)).toEqual([0]);
  });
});
