import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MONOGRAM_HSL, monogramHue, monogramSeed } from "./monogram";

/** WCAG relative luminance of an HSL colour (s, l in per cent). */
function luminance(h: number, s: number, l: number): number {
  const S = s / 100;
  const L = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = S * Math.min(L, 1 - L);
  const channel = (n: number) => {
    const c = L - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe("monograms (issue 36)", () => {
  it("take their seed from the domain, without scheme, www or path; the name when there is no address", () => {
    expect(monogramSeed("Canva", "https://www.canva.com/ai?x=1")).toBe("canva.com");
    expect(monogramSeed("Canva", "http://CANVA.com")).toBe("canva.com");
    expect(monogramSeed("Gamma", null)).toBe("gamma");
    expect(monogramSeed("Gamma", "not an address")).toBe("gamma");
  });

  it("give a stable hue per domain, and different domains different hues", () => {
    expect(monogramHue("canva.com")).toBe(monogramHue("canva.com"));
    const domains = ["canva.com", "gamma.app", "heygen.com", "leonardo.ai", "midjourney.com", "notion.so", "jasper.ai"];
    const hues = new Set(domains.map(monogramHue));
    expect(hues.size).toBe(domains.length);
    // Spread over the wheel: 1,000 domains land in at least 30 of the 36 ten-degree bands.
    const bands = new Set(Array.from({ length: 1000 }, (_, i) => Math.floor(monogramHue(`tool-${i}.ai`) / 10)));
    expect(bands.size).toBeGreaterThanOrEqual(30);
    for (let i = 0; i < 1000; i++) {
      const h = monogramHue(`t${i}.com`);
      expect(Number.isInteger(h) && h >= 0 && h < 360).toBe(true);
    }
  });

  it("keep text contrast of at least 4.5 : 1 for every hue, in light and in dark", () => {
    for (const theme of ["light", "dark"] as const) {
      const { background, text } = MONOGRAM_HSL[theme];
      let worst = Number.POSITIVE_INFINITY;
      for (let h = 0; h < 360; h++) {
        const bg = luminance(h, background[0], background[1]);
        worst = Math.min(worst, contrast(bg, luminance(h, text[0], text[1])));
      }
      expect(worst, `${theme}: the worst hue's contrast`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("uses the same numbers as the stylesheet", () => {
    const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
    const { light, dark } = MONOGRAM_HSL;
    expect(css).toContain(`background-color: hsl(var(--mono-h, 250) ${light.background[0]}% ${light.background[1]}%)`);
    expect(css).toContain(`color: hsl(var(--mono-h, 250) ${light.text[0]}% ${light.text[1]}%)`);
    expect(css).toContain(`background-color: hsl(var(--mono-h, 250) ${dark.background[0]}% ${dark.background[1]}%)`);
    expect(css).toContain(`color: hsl(var(--mono-h, 250) ${dark.text[0]}% ${dark.text[1]}%)`);
  });
});
