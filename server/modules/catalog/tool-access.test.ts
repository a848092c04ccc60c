import { describe, expect, it } from "vitest";
import { cardsForTier, overviewOfCard, overviewOfTool, readerCards } from "./tool-access.ts";
import { summaryLine, type ToolCard, type ToolDetail } from "./tool-shapes.ts";

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

describe("the line a card shows (issue 36)", () => {
  it("is the first sentence of the editors' summary", () => {
    expect(
      summaryLine(
        "The AI built into the Notion workspace: it drafts and edits pages. For teams that already work in Notion.",
      ),
    ).toBe("The AI built into the Notion workspace: it drafts and edits pages.");
    // A dot inside a name or a number is not the end of a sentence; a lone sentence is the whole line.
    expect(summaryLine("ArtBot.ai makes art from 1.5 ideas. It is free.")).toBe("ArtBot.ai makes art from 1.5 ideas.");
    expect(summaryLine("Makes songs from a prompt")).toBe("Makes songs from a prompt");
    // Nor does a common abbreviation.
    expect(summaryLine("Writes code in your editor, e.g. VS Code. Free for students.")).toBe(
      "Writes code in your editor, e.g. VS Code.",
    );
    expect(summaryLine("Acme Inc. makes a chatbot. Paid.")).toBe("Acme Inc. makes a chatbot.");
    expect(summaryLine('Answers questions! "Pro" adds more.')).toBe("Answers questions!");
    expect(summaryLine(null)).toBeNull();
    expect(summaryLine("  ")).toBeNull();
  });

  it("takes the listing's place on a page's card, locked or not, and is sent once", () => {
    const withSummary = {
      ...card("a", "expert"),
      description: "Notion – One Workspace. Every Team.",
      summary_line: "Drafts pages.",
    };
    const without = { ...card("b", "free"), summary_line: null };
    const [a, b] = readerCards([withSummary, without], null);
    expect(a).toMatchObject({ description: "Drafts pages.", summary_line: null, features: [] });
    expect(b).toMatchObject({ description: "d", summary_line: null, features: ["f"] });
    // The API's cards keep the listing's line, with the summary's beside it.
    expect(cardsForTier([withSummary], "expert")[0]).toMatchObject({
      description: "Notion – One Workspace. Every Team.",
      summary_line: "Drafts pages.",
    });
  });
});
