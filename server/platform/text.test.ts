import { describe, expect, it } from "vitest";
import { cleanLine, cleanMultiline, controlCharacterIn, textBlock, textLine } from "./text.ts";

describe("readable text", () => {
  it("removes bidi controls and zero-width characters from one line", () => {
    expect(cleanLine("Chat\u202eTPG\u200b")).toBe("ChatTPG");
    expect(cleanLine("\ufeff a\u2066b\u2069\u200e\u200f\u061c c\u2060\u200c\u200d \u202a\u202b\u202c\u202d ")).toBe(
      "ab c",
    );
    expect(cleanLine("  many   spaces\u00a0here ")).toBe("many spaces here");
  });

  it("keeps line breaks and the joiners scripts need in several lines", () => {
    expect(cleanMultiline("  first\u202e line  \r\n\r\n\r\n\tsecond\u200b\r third ")).toBe(
      "first line\n\nsecond\nthird",
    );
    expect(cleanMultiline("می\u200cخواهم 👩\u200d💻")).toBe("می\u200cخواهم 👩\u200d💻");
  });

  it("names the first control character, allowing tab and line breaks only in several lines", () => {
    expect(controlCharacterIn("fine text")).toBeNull();
    expect(controlCharacterIn("a\u0007b")).toBe("U+0007");
    expect(controlCharacterIn("a\tb")).toBe("U+0009");
    expect(controlCharacterIn("a\tb\nc\r\n", { multiline: true })).toBeNull();
    expect(controlCharacterIn("a\u0000b", { multiline: true })).toBe("U+0000");
    expect(controlCharacterIn("a\u007fb")).toBe("U+007F");
    expect(controlCharacterIn("a\u0085b", { multiline: true })).toBe("U+0085");
    expect(controlCharacterIn("a\u009bb")).toBe("U+009B");
  });

  it("zod: refuses control characters with the field's name, cleans the rest", () => {
    const name = textLine("Name");
    expect(name.parse(" Eve\u202e\u200b ")).toBe("Eve");
    const bad = name.safeParse("Eve\u0007");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      "Name cannot contain control characters (found U+0007). Remove it and try again.",
    );
    expect(textBlock("Bio").parse("one\n\ttwo\u202e")).toBe("one\ntwo");
    expect(textBlock("Bio").safeParse("a\u001bb").success).toBe(false);
  });
});
