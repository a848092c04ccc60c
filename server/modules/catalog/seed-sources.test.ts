import { describe, expect, it } from "vitest";
import { parseSeedSources, seedListings } from "./seed-sources.ts";

describe("independent source lists per seeded tool (ADR 0035)", () => {
  it("counts the row's own list and its merged duplicates, a fork counted with its original", () => {
    const md = [
      "| tiorai | [a/b](https://github.com/a/b) | `x` | `c` | MIT | 1 | 1 |",
      "| steven2358 | [s/g](https://github.com/s/g) | `x` | `c` | CC0-1.0 | 1 | 1 |",
      "| mahseema | [m/t](https://github.com/m/t) | `x` | `c` | MIT | 1 | 1 |",
      "| eudk | [e/t](https://github.com/e/t) | `x` | `c` | CC0-1.0 | 1 | 1 |",
      "<details><summary><b>tiorai</b> — x</summary>",
      "",
      "alpha (+eudk+mahseema+steven2358), beta, gamma (+mahseema)",
      "",
      "</details>",
    ].join("\n");
    const { listings } = parseSeedSources(md);
    expect(listings.get("alpha")).toBe(3); // tiorai, eudk, steven2358 (mahseema is its fork)
    expect(listings.get("beta")).toBe(1);
    expect(listings.get("gamma")).toBe(2);
  });

  it("reads the real SOURCES.md: ElevenLabs is on several lists, a generic 'Free Text-To-Speech' on one", () => {
    const listings = seedListings();
    expect(listings.get("eleven-labs")).toBeGreaterThanOrEqual(4);
    expect(listings.get("free-text-to-speech")).toBe(1);
  });
});
