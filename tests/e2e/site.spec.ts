import { expect, test } from "@playwright/test";
import { liveCompare, waitForHydration } from "./support";

test.describe("site frame", () => {
  test("the cookie choice is stored and the bar stays away", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("region", { name: "Cookie consent" });
    await expect(bar).toBeVisible();
    await waitForHydration(page);
    await bar.getByRole("button", { name: "Accept all" }).click();
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("accepted");
    await page.reload();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
    await page.goto("/cookies");
    await expect(page.getByRole("checkbox", { name: "Allow" }).first()).toBeChecked();
  });

  test("'Essential only' works without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/tools?page=2");
    await page.getByRole("button", { name: "Essential only" }).click();
    await expect(page).toHaveURL(/\/tools\?page=2$/);
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
    await context.close();
  });

  test("the theme toggle switches, confirms with a toast and is remembered", async ({ page }) => {
    await page.goto("/tools");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("status").filter({ hasText: "Switched to dark mode!" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expect(page.getByRole("status").filter({ hasText: "Switched to light mode!" })).toBeVisible();
  });

  test("the AI Tools menu lists the real categories and opens the filtered catalogue", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: /AI Tools/ }).click();
    const link = page.getByRole("link", { name: /Image Generation/ }).first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/tools\?category=Image(%20|\+)Generation/);
    await expect(page.getByTestId("tool-grid").getByRole("article").first()).toContainText("Image Generation");
  });

  test("the mobile menu opens and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "AI Tools" }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the mobile menu closes on Escape and on the backdrop, and gives focus back", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await waitForHydration(page);
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    // The page behind a modal does not scroll.
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.mouse.click(20, 400); // the backdrop, left of the right-hand panel
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Toolscape" }).first()).toBeVisible();
  });

  test("without JavaScript, AI Tools is a link to the catalogue", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /AI Tools/ })
      .click();
    await expect(page).toHaveURL(/\/tools$/);
    await context.close();
  });

  test("code that fails to load (offline, or a file gone after an update) breaks only its own part", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route(/\/assets\/(join-free-dialog|compare-sheet)-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/tools/midjourney");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("button", { name: "Join free" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "This part of the page could not be loaded." }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Midjourney", level: 1 })).toBeVisible();
    await (await liveCompare(page.getByRole("complementary").getByRole("button", { name: /^Compare/ }))).click();
    await expect(
      page.getByRole("status").filter({ hasText: "The comparison could not be loaded. Reload the page to try again." }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Midjourney", level: 1 })).toBeVisible();
  });

  test("the AI Tools menu works from the keyboard and on hover", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await waitForHydration(page);
    const trigger = page.getByRole("button", { name: /AI Tools/ });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator("#categories-menu");
    await expect(panel.getByRole("link", { name: /Browse all tools/ })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
    // A pointer resting on it opens it; moving away closes it.
    await trigger.hover();
    await expect(panel).toBeVisible();
    await page.mouse.move(1200, 700);
    await expect(panel).toBeHidden();
  });
});

test.describe("home", () => {
  test("newsletter: the spec's validation, then the success panel", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const email = page.getByLabel("Email address");
    const button = page.getByRole("button", { name: "Subscribe" });
    await expect(button).toBeDisabled();
    await email.fill("not-an-email");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(button).toBeDisabled();
    await email.fill("e2e-reader@example.com");
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page.getByText("Thank you for subscribing! Check your email for confirmation.")).toBeVisible();
  });

  test("hero search runs only for non-blank text and sends the spec's parameters", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const search = page.getByRole("search").first();
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/$/);
    await search.getByLabel("Search AI tools").fill("transcribe meetings");
    await search.getByLabel("Category").selectOption("Transcription");
    await search.getByLabel("Price").selectOption("Free");
    await search.getByLabel("Rating").selectOption("4");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=transcribe\+meetings&categories=Transcription&price=Free&rating=4/);
  });

  test("the 404 page searches only for non-blank text", async ({ page }) => {
    const res = await page.goto("/this/does/not/exist");
    expect(res?.status()).toBe(404);
    const box = page.getByRole("search").getByLabel("Search AI tools");
    await box.fill("   ");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/this\/does\/not\/exist$/);
    await box.fill("video");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=video$/);
  });
});
