import { describe, expect, it } from "vitest";
import { cardsForTier, overviewOfCard, overviewOfTool } from "./tool-access.ts";
import type { ToolCard, ToolDetail } from "./tool-shapes.ts";

const card = (slug: string, tier: ToolCard["tier"]) =>
  ({
    id: slug,
    slug,
    name: slug,
    description: "d",
    tier,
    features: ["f"],
    pros: ["p"],
    cons: ["c"],
    pricing: { discounted: "$1" },
    tags: ["t"],
  }) as unknown as ToolCard;

describe("tool access (what a locked tool shows)", () => {
  it("empties the gated fields of a card and keeps the overview", () => {
    const locked = overviewOfCard(card("a", "expert"));
    expect(locked).toMatchObject({ name: "a", description: "d", tags: ["t"], features: [], pros: [], cons: [] });
    expect(locked.pricing).toBeNull();
  });

  it("empties the detail page's gated fields too", () => {
    const tool = {
      ...card("a", "expert"),
      full_description: "long",
      use_cases: ["u"],
      useCases: ["u"],
      key_features: ["f"],
      alternatives: ["x"],
      screenshots: ["https://example.com/s.png"],
      demo_url: "https://example.com/demo",
      affiliate_url: "https://example.com/aff",
    } as unknown as ToolDetail;
    const locked = overviewOfTool(tool);
    expect(locked).toMatchObject({
      full_description: "long",
      use_cases: [],
      useCases: [],
      key_features: [],
      alternatives: [],
      screenshots: [],
      demo_url: null,
      affiliate_url: null,
      features: [],
    });
  });

  it("locks only the cards above the viewer's tier (visitors count as free)", () => {
    const cards = [card("f", "free"), card("s", "standard"), card("e", "expert")];
    const gated = (tier: Parameters<typeof cardsForTier>[1]) =>
      cardsForTier(cards, tier).map((c) => (c.features.length ? c.slug : `-${c.slug}`));
    expect(gated(null)).toEqual(["f", "-s", "-e"]);
    expect(gated("free")).toEqual(["f", "-s", "-e"]);
    expect(gated("standard")).toEqual(["f", "s", "-e"]);
    expect(gated("expert")).toEqual(["f", "s", "e"]);
  });
});
