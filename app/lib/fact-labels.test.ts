import { describe, expect, it } from "vitest";
import { isOwnSiteSource, sourceAddress } from "./fact-labels";

describe("isOwnSiteSource", () => {
  it("counts the editors' and the link checker's sources as the tool's own site", () => {
    expect(isOwnSiteSource({ kind: "editor", source_url: "https://claude.com/pricing" }, "https://claude.ai/")).toBe(
      true,
    );
    expect(isOwnSiteSource({ kind: "observed", source_url: "https://x.example/p" }, null)).toBe(true);
  });

  it("matches an address on the website's host (with or without www, a subdomain, under its path)", () => {
    const site = "http://www.midjourney.com/";
    expect(isOwnSiteSource({ kind: "community", source_url: "https://midjourney.com/plans" }, site)).toBe(true);
    expect(isOwnSiteSource({ kind: "community", source_url: "https://docs.midjourney.com/x" }, site)).toBe(true);
    expect(isOwnSiteSource({ kind: "community", source_url: "https://example.org/review" }, site)).toBe(false);
  });

  it("does not take a dataset on GitHub for a tool that lives at another GitHub address", () => {
    const source = { kind: "dataset", source_url: "https://github.com/ai-collection/ai-collection" };
    expect(isOwnSiteSource(source, "https://github.com/owner/repo")).toBe(false);
    expect(isOwnSiteSource(source, "https://github.com/ai-collection/ai-collection")).toBe(true);
    expect(isOwnSiteSource({ kind: "dataset", source_url: null }, "https://github.com/owner/repo")).toBe(false);
  });
});

describe("sourceAddress", () => {
  it("shows host and path without scheme, www or query; nothing for other schemes", () => {
    expect(sourceAddress("https://www.midjourney.com/")).toBe("midjourney.com");
    expect(sourceAddress("https://claude.com/pricing?x=1")).toBe("claude.com/pricing");
    expect(sourceAddress("javascript:alert(1)")).toBeNull();
    expect(sourceAddress(null)).toBeNull();
  });
});
