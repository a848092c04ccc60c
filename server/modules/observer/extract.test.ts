import { describe, expect, it } from "vitest";
import { PRICING_FIXTURES, type TruthPlan } from "../../../tests/fixtures/pricing/pages.ts";
import type { Plan } from "../catalog/index.ts";
import { extractPlans } from "./extract.ts";

/**
 * Extraction on the 40 pricing-page fixtures (issue 33): precision and recall on plan prices. A plan
 * counts as right when its name, price and (for a paid plan) currency and billing period — or its
 * "contact sales" — are what the page says. Both the first version of each page and, for pages that
 * change, the second are scored.
 */
const key = (p: {
  name: string;
  price: number | null;
  currency: string | null;
  period: string | null;
  contact_sales?: boolean;
}) =>
  p.contact_sales
    ? `${p.name.toLowerCase()}|contact`
    : `${p.name.toLowerCase()}|${p.price}|${p.price ? `${p.currency}|${p.period}` : ""}`;

function score(pages: { html: string; truth: TruthPlan[] }[]) {
  let right = 0;
  let found = 0;
  let expected = 0;
  const misses: string[] = [];
  for (const page of pages) {
    const got = extractPlans(page.html).plans.map((p: Plan) => key(p));
    const want = new Set(page.truth.map((t) => key(t)));
    found += got.length;
    expected += want.size;
    for (const g of got)
      if (want.has(g)) right++;
      else misses.push(`extra ${g}`);
    for (const w of want) if (!got.includes(w)) misses.push(`missed ${w}`);
  }
  return { precision: right / found, recall: right / expected, misses };
}

describe("pricing-page extraction", () => {
  it("has at least 40 fixtures, some changing between runs", () => {
    expect(PRICING_FIXTURES.length).toBeGreaterThanOrEqual(40);
    expect(PRICING_FIXTURES.filter((f) => f.next).length).toBeGreaterThanOrEqual(8);
  });

  it("reads plan prices with precision >= 0.95 and recall >= 0.90", () => {
    const pages = PRICING_FIXTURES.flatMap((f) => [f, ...(f.next ? [f.next] : [])]);
    const { precision, recall, misses } = score(pages);
    console.info(
      `pricing extraction: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} over ${pages.length} pages`,
    );
    expect(misses.length, misses.join("\n")).toBeLessThan(pages.length);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it("finds nothing on a page without plans, and is sure only of what it read cleanly", () => {
    expect(extractPlans("<html><body><h1>About us</h1><p>We love AI.</p></body></html>")).toMatchObject({
      plans: [],
      confidence: 0,
    });
    const one = extractPlans("<h3>Pro</h3><p>$10 a month</p>");
    expect(one.plans).toHaveLength(1);
    expect(one.confidence).toBeLessThan(0.8);
  });
});
