import { describe, expect, it } from "vitest";
import { EDITORS_LABEL, FACT_NOTES, publicFactNote, publicFactSource } from "./fact-publish.ts";

describe("publicFactSource / publicFactNote (issue 31)", () => {
  it("a person's change is published under a neutral label, never an address", () => {
    expect(publicFactSource("editor", "Toolscape editors (ines@staff.example)")).toBe(EDITORS_LABEL);
    expect(publicFactSource("editor", "Moderation: approval reopened")).toBe(EDITORS_LABEL);
    expect(publicFactSource("maker", "The maker (verified at example.com)")).toBe(
      "The maker (verified at example.com)",
    );
    expect(publicFactSource("maker", "Maker (bob@example.com)")).toBe("The maker");
    expect(publicFactSource("community", "Correction #1a2b3c4d")).toBe("Correction #1a2b3c4d");
    expect(publicFactSource("community", "Correction by bob@example.com")).toBe("A community correction");
  });

  it("machine-written sources keep their text without any address", () => {
    expect(publicFactSource("dataset", "AI Collection (The Generative AI Landscape)")).toBe(
      "AI Collection (The Generative AI Landscape)",
    );
    expect(publicFactSource("observed", "Link check (broken), address fixed by ines@staff.example")).toBe(
      `Link check (broken), address fixed by ${EDITORS_LABEL}`,
    );
  });

  it("notes: a person's change publishes only the notes code writes; an internal reason never", () => {
    expect(publicFactNote("editor", "Internal: spammer, do not contact")).toBeNull();
    expect(publicFactNote("editor", FACT_NOTES.reopened)).toBe(FACT_NOTES.reopened);
    expect(publicFactNote("editor", "Category Chat merged into Chatbots")).toBe("Category Chat merged into Chatbots");
    expect(publicFactNote("observed", "Its site answered again (ok)")).toBe("Its site answered again (ok)");
    expect(publicFactNote("observed", "checked by ines@staff.example")).toBeNull();
    expect(publicFactNote("editor", null)).toBeNull();
  });
});
