import { describe, expect, it } from "vitest";
import { cut, initials, plural, updatedLabel } from "./format";

const now = Date.UTC(2026, 10, 21, 12);
const ago = (days: number) => new Date(now - days * 86_400_000).toISOString();

describe("updatedLabel", () => {
  it.each([
    [0, "today"],
    [1, "yesterday"],
    [3, "3 days ago"],
    [7, "7 days ago"],
    [8, "1 week ago"],
    [14, "2 weeks ago"],
    [30, "4 weeks ago"],
  ])("%i days → %s", (days, label) => expect(updatedLabel(ago(days), now)).toBe(label));
  it("shows a date after 30 days", () => expect(updatedLabel(ago(45), now)).toBe("Oct 7, 2026"));
  it("is null for missing or bad input", () => {
    expect(updatedLabel(null)).toBeNull();
    expect(updatedLabel("nope")).toBeNull();
  });
});

describe("cut / plural / initials", () => {
  it("cuts at the limit with an ellipsis", () => {
    expect(cut("abcdef", 10)).toBe("abcdef");
    expect(cut("abcdefghijkl", 6)).toBe("abcde…");
    expect(cut("abcdefghijkl", 6).length).toBe(6);
  });
  it("pluralises", () => {
    expect(plural(1, "tool")).toBe("1 tool");
    expect(plural(2658, "tool")).toBe("2,658 tools");
  });
  it("makes initials", () => {
    expect(initials("GitHub Copilot")).toBe("GC");
    expect(initials("@imagetotext.me")).toBe("IM");
    expect(initials("Claude")).toBe("CL");
  });
});
