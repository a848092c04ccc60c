import { expect, test } from "@playwright/test";

/**
 * Issue 20 (items 4 and 7) in a real browser: the seeded catalogue's featured cards show real brand
 * marks (bundled icon sets, rasterised and served by us; the job runs right after the first seed), the
 * tools without one keep their initials, and a featured tool page shows our editors' summary, dated,
 * beside the source's text.
 */
test.describe("bundled logos and the editors' summary", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);
  });

  test("featured cards on /tools show brand marks; Canva keeps its initials", async ({ page }) => {
    // The logos job starts when the server listens: give it a moment on a fresh data directory.
    await expect(async () => {
      await page.goto("/tools");
      await expect(page.locator('img[alt="ChatGPT"][src^="/media/logos/"]')).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 90_000 });
    const logos = page.locator('img[src^="/media/logos/"]');
    expect(await logos.count()).toBeGreaterThanOrEqual(6);
    const first = await logos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(first).toBe(true);
    await expect(page.getByRole("img", { name: "Canva" })).toHaveText("CA");
  });

  test("a featured tool page shows our summary beside the source text, which stands under its name", async ({
    page,
  }) => {
    // The logos job may still be writing on a fresh data directory (PGlite runs one statement at a time).
    test.setTimeout(120_000);
    await page.goto("/tools/claude", { timeout: 60_000 });
    const summary = page.getByTestId("editorial-summary");
    await expect(summary.getByRole("heading", { name: "Our summary" })).toBeVisible();
    await expect(summary).toContainText("Anthropic's assistant");
    await expect(summary).toContainText("checked 26 Nov 2026");
    // Claude's source text is one line: it stands under the name, and "About" does not repeat it (issue 36 item 2).
    await expect(summary).toContainText("The line under Claude’s name is the listing’s source text.");
    await expect(page.getByRole("heading", { name: "About Claude" })).toHaveCount(0);
    await expect(page.getByText("by Anthropic").first()).toBeVisible();
  });
});
