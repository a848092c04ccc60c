import { describe, expect, it } from "vitest";
import { historyLine, whyChanged } from "./fact-history";
import { factNote } from "./fact-labels";

const row = (field: string, old_value: unknown, new_value: unknown, kind = "inferred", source = "enrichment") => ({
  field,
  old_value,
  new_value,
  kind,
  source,
});

describe("the history in a reader's words (issue 36)", () => {
  it("leaves out logo file swaps and addresses that only changed their form", () => {
    expect(
      historyLine(row("logo_url", null, "/media/logos/midjourney-128.webp?v=3", "inferred", "LobeHub (MIT) mark")),
    ).toBeNull();
    expect(historyLine(row("logo_url", "/media/logos/a-128.webp?v=1", "/media/logos/a-128.webp?v=2"))).toBeNull();
    expect(historyLine(row("website_url", "https://www.x.ai/", "https://x.ai"))).toBeNull();
  });

  it("says what changed as a sentence, with no file path or rule name", () => {
    const pricing = historyLine(row("pricing_model", "Unknown", "Open Source", "inferred", "its GitHub address"));
    expect(pricing).toEqual({
      what: "Pricing model set to Open Source",
      why: "worked out from its GitHub address",
      pricing: true,
    });
    expect(historyLine(row("pricing_model", "Free", "Freemium", "editor", "Toolscape editors"))?.what).toBe(
      "Pricing changed from Free to Freemium",
    );
    const text = historyLine(
      row("description", "Makeslogos", "Makes logos", "inferred", "text normaliser (glued-article)"),
    );
    expect(text?.what).toBe("Description now reads “Makes logos”");
    expect(text?.why).toBe("tidied automatically (spacing and punctuation)");
    expect(
      historyLine(
        row(
          "category",
          "Other",
          "Video Generation",
          "inferred",
          "category classifier (logistic regression on 900 categorised tools; held-out precision 0.91 at ≥ 0.8)",
        ),
      ),
    ).toEqual({
      what: "Moved from Other to Video Generation",
      why: "category suggested automatically from similar tools",
      pricing: false,
    });
    expect(historyLine(row("website_url", "https://old.example/", "https://new.example/app", "editor"))?.what).toBe(
      "Website moved from old.example to new.example/app",
    );
    expect(historyLine(row("status", "active", "gone", "observed"))?.what).toMatch(/graveyard/);
    expect(historyLine(row("features", [], ["a", "b"], "maker"))?.what).toBe("2 features listed");
    expect(historyLine(row("has_api", null, true, "maker"))?.what).toBe("Noted as offering an API");
  });

  it("explains every source kind plainly", () => {
    for (const [kind, source] of [
      ["dataset", "AI Collection · repaired by the text normaliser (glued-article)"],
      ["maker", "The maker"],
      ["community", "Correction #1a2b3c4d"],
      ["editor", "Toolscape editors"],
      ["observed", "Link checker, read from the tool's own site"],
      ["inferred", "provider from its own domain (openai)"],
    ] as const) {
      const why = whyChanged({ kind, source });
      expect(why).not.toMatch(/normaliser|glued|classifier|logistic/i);
      expect(why.length).toBeGreaterThan(5);
    }
    expect(factNote({ kind: "inferred", source: "text normaliser (glued-article)" })).not.toMatch(/normaliser|glued/);
    expect(
      factNote({ kind: "dataset", source: "AI Collection · repaired by the text normaliser (x)", licence: "MIT" }),
    ).toBe("from AI Collection (MIT)");
  });
});

describe("pricing models as labels", () => {
  it("reads stored values as the site's labels", () => {
    expect(
      historyLine({
        field: "pricing_model",
        old_value: "unknown",
        new_value: "subscription",
        kind: "editor",
        source: "Toolscape editors",
      })?.what,
    ).toBe("Pricing model set to Subscription");
  });
});
