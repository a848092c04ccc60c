import { expect, type Locator, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Filters apply at once (issue 13): with JavaScript a change of sort, category, pricing or rating
 * updates the list and the address without Apply, and the result count is announced politely;
 * without JavaScript the Apply button still submits the form.
 */

const cards = (page: Page): Locator => page.getByTestId("tool-grid").getByRole("article");
const names = async (page: Page, n: number): Promise<string[]> =>
  (await cards(page).getByRole("heading").allTextContents()).slice(0, n).map((s) => s.trim());

/** Counts full document loads from now on (client-side navigations do not add to it). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

test.describe("filters with JavaScript", () => {
  test("on /tools, choosing 'Name: Z to A' reorders the list and the address without Apply", async ({ page }) => {
    await page.goto("/tools");
    await waitForHydration(page);
    const loads = countDocumentLoads(page);
    const before = await names(page, 3);
    const filters = page.getByRole("search", { name: "Filter tools" });
    await filters.getByRole("combobox", { name: "Sort" }).selectOption("name-desc");

    await expect(page).toHaveURL(/\/tools\?sort=name-desc$/);
    await expect.poll(() => names(page, 3)).not.toEqual(before);
    expect((await names(page, 1))[0]).toMatch(/^Z/i);
    expect(loads()).toBe(0);

    // The count is a polite live region that follows the list.
    const status = page.locator('p[role="status"][aria-live="polite"]', { hasText: /tools?$/ });
    await expect(status).toHaveText(/^[\d,]+ tools$/);
    const all = Number(((await status.textContent()) ?? "").replace(/\D/g, ""));
    await filters.getByText("All categories").click();
    await filters.getByRole("checkbox", { name: /^Video Generation/ }).check();
    await expect(page).toHaveURL(/\/tools\?category=video-generation&sort=name-desc$/);
    await expect.poll(async () => Number(((await status.textContent()) ?? "").replace(/\D/g, ""))).toBeLessThan(all);
    expect(loads()).toBe(0);
  });

  test("on a category page, price and rating apply at once; typing applies after a pause", async ({ page }) => {
    await page.goto("/category/image-generation");
    await waitForHydration(page);
    const filters = page.getByRole("search", { name: "Filter Image Generation tools" });
    await filters.getByRole("combobox", { name: "Price" }).selectOption("free");
    await expect(page).toHaveURL(/\/category\/image-generation\?price=free$/);
    await expect(page.getByRole("status").filter({ hasText: /tools? match these filters/ })).toBeVisible();
    const box = filters.getByRole("searchbox", { name: /Search in/ });
    await box.pressSequentially("diff", { delay: 30 });
    await expect(page).toHaveURL(/\?q=diff&price=free$/);
    // The form applied itself without losing what was typed or the focus.
    await expect(box).toHaveValue("diff");
    await expect(box).toBeFocused();
  });

  test("on /search, a pricing checkbox applies at once and the count is announced", async ({ page }) => {
    await page.goto("/search?q=video");
    await waitForHydration(page);
    const form = page.getByRole("search", { name: "Search tools" });
    await form.getByRole("checkbox", { name: "Free", exact: true }).check();
    await expect(page).toHaveURL(/\/search\?q=video&pricing=free$/);
    await expect(page.locator('p[role="status"][aria-live="polite"]').first()).toHaveText(/^[\d,]+ tools?$/);
  });

  // The fields are a static island the form listens to with `input` events (ADR 0060): typing, a
  // select and a badge's remove link must behave as they did when React rendered the fields.
  test("on /search, typing and a category apply in place; removing a badge resets the fields", async ({ page }) => {
    await page.goto("/search?q=video");
    await waitForHydration(page);
    const loads = countDocumentLoads(page);
    const form = page.getByRole("search", { name: "Search tools" });
    const box = form.getByRole("searchbox", { name: "Search" });
    await box.press("End");
    await box.pressSequentially(" edit", { delay: 30 });
    await expect(page).toHaveURL(/\/search\?q=video\+edit$/);
    await expect(box).toHaveValue("video edit");
    await expect(box).toBeFocused();
    await form.getByRole("combobox", { name: "Category" }).selectOption("video-generation");
    await expect(page).toHaveURL(/\/search\?q=video\+edit&category=video-generation$/);
    // A badge's remove link changes the address by other means: the fields follow it.
    await page.getByRole("link", { name: /^Remove filter Video Generation/ }).click();
    await expect(page).toHaveURL(/\/search\?q=video(\+|%20)edit$/);
    await expect(form.getByRole("combobox", { name: "Category" })).toHaveValue("");
    await expect(box).toHaveValue("video edit");
    expect(loads()).toBe(0);
  });
});

test.describe("filters without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Apply submits the /tools form", async ({ page }) => {
    await page.goto("/tools");
    const filters = page.getByRole("search", { name: "Filter tools" });
    await filters.getByRole("combobox", { name: "Sort" }).selectOption("name-desc");
    // Nothing happens until Apply: no script runs.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/tools$/);
    await filters.getByRole("button", { name: "Apply" }).click();
    // A plain GET form also sends the decision filters' empty price ceiling (issue 33); the server reads it as unset.
    await expect(page).toHaveURL(/\/tools\?q=&sort=name-desc(&max_price=)?$/);
    expect((await names(page, 1))[0]).toMatch(/^Z/i);
  });
});
