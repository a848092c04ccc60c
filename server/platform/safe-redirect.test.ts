import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

/** Known open-redirect bypasses (OWASP, PortSwigger and bug-bounty write-ups), plus issue 18's. */
const BYPASSES = [
  "/%09/evil.example",
  "/%09%2Fevil.example",
  "/%0a/evil.example",
  "/%0d/evil.example",
  "/%0D%0A/evil.example",
  "/%2509/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\nSet-Cookie: a=b",
  "/%0d%0aSet-Cookie:%20a=b",
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%252F%252Fevil.example",
  "https://evil.example",
  "http:evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " //evil.example",
  "/ /evil.example",
  "/%20/evil.example",
  "evil.example",
  ".evil.example",
  "@evil.example",
  "/\u2028/evil.example",
  "/\u0000/evil.example",
  "/%00/evil.example",
  "//evil.example/%2F..",
  "/\u007f/evil.example",
  "/sign-in?redirectTo=/dashboard",
  "/sign-up",
  "/SIGN-IN",
  "",
  "/%E0%A4%A",
  `/${"a".repeat(5000)}`,
];

describe("safeRedirect", () => {
  it(`refuses ${BYPASSES.length} known bypasses`, () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(30);
    for (const payload of BYPASSES)
      expect(safeRedirect(payload, "/fallback"), JSON.stringify(payload)).toBe("/fallback");
  });

  it("refuses what is not a string", () => {
    for (const v of [undefined, null, 42, ["/x"], { a: 1 }]) expect(safeRedirect(v)).toBe("/dashboard");
  });

  it("keeps same-site paths, normalised to ASCII (a Location header never throws)", () => {
    expect(safeRedirect("/checkout/expert")).toBe("/checkout/expert");
    expect(safeRedirect("/tools?category=writing&page=2#top")).toBe("/tools?category=writing&page=2#top");
    expect(safeRedirect("/search?q=hello%20world")).toBe("/search?q=hello%20world");
    expect(safeRedirect("/tools/../pricing")).toBe("/pricing");
    expect(safeRedirect("/sign-inside")).toBe("/sign-inside");
    const unicode = safeRedirect("/search?q=日本語");
    expect(unicode).toBe("/search?q=%E6%97%A5%E6%9C%AC%E8%AA%9E");
    expect(() => new Headers({ Location: unicode })).not.toThrow();
    expect(safeRedirect("/tools/café")).toBe("/tools/caf%C3%A9");
  });

  it("every answer is a header-safe same-origin path", () => {
    const samples = [...BYPASSES, "/a\u0100b", "/\u{1F600}", "/x?y=\u00ff", "/#\u4e2d"];
    for (const payload of samples) {
      const out = safeRedirect(payload, "/fallback");
      expect(out.startsWith("/") && !out.startsWith("//")).toBe(true);
      expect(() => new Headers({ Location: out })).not.toThrow();
      expect(new URL(out, "https://toolscape.example").origin).toBe("https://toolscape.example");
    }
  });
});
