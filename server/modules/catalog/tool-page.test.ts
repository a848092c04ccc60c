import { describe, expect, it } from "vitest";
import { dealOf, ToolPageParams } from "./tool-page.ts";

const now = new Date("2026-03-01T00:00:00Z");

describe("dealOf", () => {
  it("is null without a discount or discounted price", () => {
    expect(dealOf(null, now)).toBeNull();
    expect(dealOf({ original: "$20" }, now)).toBeNull();
    expect(dealOf({ discount: "  " }, now)).toBeNull();
  });
  it("returns a live deal", () => {
    expect(dealOf({ original: "$20", discounted: "$15", discount: "25%", dealEnds: "2026-03-31" }, now)).toEqual({
      original: "$20",
      discounted: "$15",
      discount: "25%",
      endsAt: "2026-03-31T00:00:00.000Z",
    });
  });
  it("drops an expired deal and ignores an unreadable end date", () => {
    expect(dealOf({ discount: "50%", dealEnds: "2026-02-01" }, now)).toBeNull();
    expect(dealOf({ discount: "50%", dealEnds: "soon" }, now)).toMatchObject({ discount: "50%", endsAt: null });
  });
});

describe("ToolPageParams", () => {
  it("opens a known tab and the overview otherwise", () => {
    expect(ToolPageParams.parse({ tab: "reviews" }).tab).toBe("reviews");
    expect(ToolPageParams.parse({}).tab).toBe("overview");
    expect(ToolPageParams.parse({ tab: "<script>" }).tab).toBe("overview");
  });
});
