import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

/** Every public page type; axe must report no serious or critical violation, in light and dark. */
const PAGES = [
  "/",
  "/tools",
  "/tools?q=image&category=image-generation",
  "/tools/midjourney",
  "/tools/chatgpt?tab=alternatives",
  "/tools/no-such-tool",
  "/search",
  "/search?q=video&pricing=freemium",
  "/search?q=zzqqxxjj",
  "/search?rating=9",
  "/categories",
  "/category/vision",
  "/category/unknown-key",
  "/compare",
  "/compare?tools=chatgpt,claude",
  "/cookies",
  "/no-such-page",
];

for (const theme of ["light", "dark"] as const) {
  test.describe(`accessibility (${theme})`, () => {
    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page, context }) => {
        const origin = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1").hostname;
        // Light runs as a first visit (cookie bar showing); dark as a returning visitor.
        await context.addCookies([
          { name: "theme", value: theme, domain: origin, path: "/" },
          ...(theme === "dark" ? [{ name: "cookieConsent", value: "essential", domain: origin, path: "/" }] : []),
        ]);
        await page.goto(path);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target.join(" ")}`);
        expect(serious).toEqual([]);
      });
    }
  });
}
