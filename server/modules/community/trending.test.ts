import { describe, expect, it } from "vitest";
import { describeSignal, judge, qualifies, type Signals } from "./trending.ts";

const none = { thisWeek: 0, lastWeek: 0 };
const signals = (s: Partial<Signals>): Signals => ({ saves: none, reviews: none, clicks: none, views: none, ...s });

describe("trending rules", () => {
  it("words the reason: a rise in per cent, or 'New' when last week had none", () => {
    expect(describeSignal("saves", { thisWeek: 17, lastWeek: 5 })).toBe("Saves up 240 % this week");
    expect(describeSignal("saves", { thisWeek: 12, lastWeek: 0 })).toBe("New: 12 saves this week");
    expect(describeSignal("reviews", { thisWeek: 1, lastWeek: 0 })).toBe("New: 1 review this week");
    expect(describeSignal("clicks", { thisWeek: 1200, lastWeek: 100 })).toBe("Visits to its site up 1,100 % this week");
  });

  it("needs the minimum volume and a 50 % rise", () => {
    expect(qualifies("saves", { thisWeek: 2, lastWeek: 0 })).toBe(false);
    expect(qualifies("saves", { thisWeek: 3, lastWeek: 0 })).toBe(true);
    expect(qualifies("saves", { thisWeek: 14, lastWeek: 10 })).toBe(false);
    expect(qualifies("saves", { thisWeek: 15, lastWeek: 10 })).toBe(true);
  });

  it("views alone never make a tool trend, but may be its strongest reason", () => {
    expect(judge(signals({ views: { thisWeek: 5000, lastWeek: 0 } }))).toBeNull();
    const verdict = judge(signals({ views: { thisWeek: 5000, lastWeek: 0 }, saves: { thisWeek: 3, lastWeek: 0 } }));
    expect(verdict?.reason).toBe("views");
    expect(verdict?.context).toBe("New: 5,000 page views this week");
  });

  it("picks the strongest qualifying signal", () => {
    const verdict = judge(signals({ saves: { thisWeek: 30, lastWeek: 2 }, clicks: { thisWeek: 12, lastWeek: 0 } }));
    expect(verdict).toMatchObject({ reason: "saves", context: "Saves up 1,400 % this week" });
  });
});
