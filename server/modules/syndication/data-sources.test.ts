import { describe, expect, it } from "vitest";
import { dataSourceOf, licenceOf, parseSeedAppendix } from "./data-sources.ts";

describe("data sources", () => {
  it("finds a dataset by repository, name or id, and nothing for other sources", () => {
    expect(dataSourceOf("anything", "https://github.com/tioraicom/ai-tools-dataset/blob/x")?.id).toBe("tiorai");
    expect(dataSourceOf("Awesome AI Agents", null)?.licence).toBe("MIT");
    expect(dataSourceOf("seed:eudk", null)?.licence).toBe("CC0-1.0");
    expect(dataSourceOf("seed:ai-tools.csv", null)).toBeNull();
    expect(dataSourceOf("Correction #12", null)).toBeNull();
  });

  it("reads licences as provenance rows spell them", () => {
    expect(licenceOf("CC BY 4.0")?.id).toBe("CC-BY-4.0");
    expect(licenceOf("mit")?.id).toBe("MIT");
    expect(licenceOf("CC0")?.id).toBe("CC0-1.0");
    expect(licenceOf("proprietary")).toBeNull();
  });

  it("parses SOURCES.md's appendix: the supplying source, plus sources a field was taken from", () => {
    const md = [
      "<details><summary><b>tiorai</b> — tioraicom/ai-tools-dataset @ 7173e7 — 2 rows</summary>",
      "",
      "alpha, beta-2 (+eudk, url←mahseema)",
      "",
      "</details>",
    ].join("\n");
    const index = parseSeedAppendix(md);
    expect(index.get("alpha")?.map((s) => s.id)).toEqual(["tiorai"]);
    expect(index.get("beta-2")?.map((s) => s.id)).toEqual(["tiorai", "mahseema"]);
  });
});
