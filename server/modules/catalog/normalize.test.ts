import { describe, expect, it } from "vitest";
import {
  claimMethodsFor,
  cleanText,
  domainKey,
  nameKey,
  neutraliseFormula,
  parseList,
  parsePricingModel,
  registrableDomain,
  slugify,
} from "./normalize.ts";

describe("slugify", () => {
  it.each([
    ["ChatGPT", "chatgpt"],
    ["Otter.ai", "otter-ai"],
    ["  Café & Crème  ", "cafe-and-creme"],
    ["DALL·E 2", "dall-e-2"],
    ["!!!", "tool"],
  ])("%s → %s", (input, out) => expect(slugify(input)).toBe(out));

  it("respects the maximum length without a trailing dash", () => {
    const s = slugify("a ".repeat(100), 10);
    expect(s.length).toBeLessThanOrEqual(10);
    expect(s.endsWith("-")).toBe(false);
  });
});

describe("nameKey", () => {
  it("ignores case, spaces, punctuation and accents", () => {
    expect(nameKey("Otter.ai")).toBe(nameKey("otter AI"));
    expect(nameKey("Crème")).toBe("creme");
  });
});

describe("domainKey", () => {
  it.each([
    ["https://www.midjourney.com/home", "midjourney.com"],
    ["http://midjourney.com", "midjourney.com"],
    ["https://beta.elevenlabs.io/", "elevenlabs.io"],
    ["https://app.example.co.uk/x", "example.co.uk"],
    ["https://github.com/ollama/ollama/tree/main", "github.com/ollama/ollama"],
    ["https://huggingface.co/spaces/foo/bar", "huggingface.co/spaces/foo"],
    ["https://my-tool.vercel.app/", "my-tool.vercel.app"],
    ["ftp://example.com", ""],
    ["not a url", ""],
    // The Public Suffix List, its private section included (issue 31): siblings are different owners.
    ["https://y.eu.org/", "y.eu.org"],
    ["https://mail.x.eu.org/", "x.eu.org"],
    ["https://filmforge.uwu.ai", "filmforge.uwu.ai"],
    ["https://shop.example.com.au/", "example.com.au"],
  ])("%s → %s", (url, key) => expect(domainKey(url)).toBe(key));
});

describe("registrableDomain (issue 31)", () => {
  it.each([
    ["app.example.co.uk", "example.co.uk"],
    ["a.b.x.eu.org", "x.eu.org"],
    ["foo.github.io", "foo.github.io"],
    ["eu.org", null],
    ["co.uk", null],
    ["vercel.app", null],
    ["127.0.0.1", null],
  ])("%s → %s", (host, domain) => expect(registrableDomain(host)).toBe(domain));

  it("claims: none on a suffix itself, no e-mail claim under a platform's suffix", () => {
    expect(claimMethodsFor("example.com")).toEqual({ email: true, site: true });
    expect(claimMethodsFor("x.eu.org")).toEqual({ email: false, site: true });
    expect(claimMethodsFor("foo.vercel.app")).toEqual({ email: false, site: true });
    expect(claimMethodsFor("eu.org")).toEqual({ email: false, site: false });
  });
});

describe("neutraliseFormula", () => {
  it.each([
    ["=SUM(A1:A2)", "SUM(A1:A2)"],
    ['=HYPERLINK("http://x")', 'HYPERLINK("http://x")'],
    ["+cmd|' /C calc'!A0", "cmd|' /C calc'!A0"],
    ["@SUM(1,2)", "SUM(1,2)"],
    ["-A1+B2", "A1+B2"],
    ["\t=1+1", "1+1"],
    ["-2+3+cmd|' /C calc'!A0", "2+3+cmd|' /C calc'!A0"],
    ["+Sheet1!A1", "Sheet1!A1"],
  ])("neutralises %s", (input, out) => {
    expect(neutraliseFormula(input)).toEqual({ value: out, changed: true, kind: "formula" });
  });

  it.each(["@imagetotext.me", "-5% fees", "+1 555 0100", "-2+3 times faster rendering than v1", "- fast, wow!"])(
    "keeps text that starts like a formula but is none, flagged: %s",
    (input) => {
      expect(neutraliseFormula(input)).toEqual({ value: input, changed: false, kind: "text" });
    },
  );

  it.each(["Plain text", "e=mc2"])("leaves ordinary text alone: %s", (input) => {
    expect(neutraliseFormula(input)).toEqual({ value: input, changed: false, kind: null });
  });
});

describe("parseList", () => {
  it("splits on ; and |, trims and drops empty and repeated values", () => {
    expect(parseList("a; b;;c | a")).toEqual(["a", "b", "c"]);
  });
  it("wraps a single value", () => expect(parseList("solo")).toEqual(["solo"]));
  it("reads JSON arrays", () => expect(parseList('["x", "y"]')).toEqual(["x", "y"]));
  it("treats a broken JSON array as text", () => expect(parseList("[x; y")).toEqual(["[x", "y"]));
  it("is empty for blank input", () => {
    expect(parseList(undefined)).toEqual([]);
    expect(parseList("   ")).toEqual([]);
  });
});

describe("cleanText", () => {
  it("strips control characters and collapses whitespace", () => {
    expect(cleanText(" a\u0000b \n\t c\u007f ")).toBe("ab c");
  });
});

describe("parsePricingModel", () => {
  it.each([
    ["Free", "free"],
    ["FREEMIUM", "freemium"],
    ["Open Source", "open_source"],
    ["open-source", "open_source"],
    ["Free trial", "freemium"],
    ["", "unknown"],
    [undefined, "unknown"],
    ["Pay what you want", null],
  ])("%s → %s", (input, out) => expect(parsePricingModel(input)).toBe(out));
});
