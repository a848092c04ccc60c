import { describe, expect, it } from "vitest";
import { editDistance, isPageTitle, ownOneLiner, qualityProposals } from "./quality-rules.ts";

/** The quality pass's rules on the issue's own examples (issue 36 item 1, ADR 0075). */
const tool = (over: Partial<Parameters<typeof qualityProposals>[0]>) => ({
  name: "Example",
  description: "Writing assistant that drafts replies to e-mail with a language model.",
  fullDescription: "",
  domainKey: "example.com",
  tags: [],
  ...over,
});

describe("quality rules", () => {
  it("proposes retiring a streaming site listed under Video Generation", () => {
    const text =
      "Free Chinese streaming website offering a wide range of TV shows and movies without requiring registration.";
    const found = qualityProposals(
      tool({ name: "123kanfang.com", description: text, fullDescription: text, domainKey: "123kanfang.com" }),
    );
    const retire = found.find((p) => p.action === "retire");
    expect(retire?.rule).toBe("off-topic");
    expect(retire?.reasons.join(" ")).toMatch(/TV shows and films/);
  });

  it("proposes retiring a bare web address with nothing about AI, but not one that is about AI", () => {
    const plain = "UK-based mobile advertising platform that provides a demand-side platform for buyers.";
    expect(qualityProposals(tool({ name: "adfonic.com", description: plain, domainKey: "adfonic.com" }))[0]?.rule).toBe(
      "web-address-name",
    );
    const ai = "AI-driven platform that generates business plans.";
    expect(qualityProposals(tool({ name: "15minuteplan.ai", description: ai, domainKey: "15minuteplan.ai" }))).toEqual(
      [],
    );
    expect(qualityProposals(tool({ name: "Character.com", description: "Chat with AI characters." }))).toEqual([]);
  });

  it("proposes the spelling the tool's own domain and description use ('Underduck' at uberduck.ai)", () => {
    const found = qualityProposals(
      tool({
        name: "Underduck",
        description: "Uberduck - Text-to-Speech, Voice Automation, Synthetic Media.",
        domainKey: "uberduck.ai",
      }),
    );
    const rename = found.find((p) => p.action === "rename");
    expect(rename?.proposed).toBe("Uberduck");
    // A name that is simply not its domain is no misspelling.
    expect(
      qualityProposals(tool({ name: "Claude", domainKey: "anthropic.com" })).some((p) => p.action === "rename"),
    ).toBe(false);
  });

  it("tells a page title from a description, and finds the tool's own one-liner", () => {
    expect(isPageTitle("Notion – One Workspace. Every Team.", "Notion AI", "notion.so")).toBe(true);
    expect(isPageTitle("Artflow.", "Artflow", "artflow.ai")).toBe(true);
    expect(isPageTitle("Writing assistant that drafts replies – fast.", "Lavender", "lavender.ai")).toBe(false);
    const notion = qualityProposals(
      tool({
        name: "Notion AI",
        description: "Notion – One Workspace. Every Team.",
        fullDescription: "Notion – One Workspace. Every Team.",
        domainKey: "notion.so",
      }),
    );
    // The data has no other description: an editor writes one.
    expect(notion).toEqual([expect.objectContaining({ rule: "page-title", action: "describe", proposed: null })]);
    const withOwn = {
      name: "Codeflash",
      description: "Codeflash – Ship Blazing-Fast Python Code.",
      fullDescription:
        "Codeflash finds the fastest version of your Python code and opens a pull request with it. More text.",
      domainKey: "codeflash.ai",
      tags: [],
    };
    expect(ownOneLiner(withOwn)).toBe(
      "Codeflash finds the fastest version of your Python code and opens a pull request with it.",
    );
    // A title-cased tagline is no description either.
    expect(
      ownOneLiner({ ...withOwn, fullDescription: "Make Music With AI Vocals And Voice Clones Today." }),
    ).toBeNull();
  });

  it("leaves an ordinary listing alone", () => {
    expect(qualityProposals(tool({}))).toEqual([]);
    expect(editDistance("underduck", "uberduck")).toBe(2);
  });
});
