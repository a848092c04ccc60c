import { expect, test } from "@playwright/test";
import { liveCompare, waitForHydration } from "./support";

test("home → search → filter → tool → compare", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const hero = page.getByRole("search").first();
  await hero.getByLabel("Search AI tools").fill("image");
  await hero.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=image/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("results for 'image'");

  // narrow by a pricing model; the badge appears and the results obey it
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: "Freemium" }).check();
  await page.getByRole("button", { name: "Search", exact: true }).last().click();
  await expect(page).toHaveURL(/pricing=freemium/i);
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of (await cards.all()).slice(0, 5)) await expect(card).toContainText("Freemium");

  // open the first result, then compare it with the second one found
  const secondName = (await cards.nth(1).getByRole("heading").textContent())?.trim() ?? "";
  await (await liveCompare(cards.nth(1).getByRole("button", { name: /Compare/ }))).click();
  const drawer = page.getByRole("dialog", { name: "Tool Comparison" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: /Close/ }).first().click();
  await cards.first().getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
  await (await liveCompare(page.getByRole("button", { name: /^Compare/ }).first())).click();
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText("2 of 2");
  await expect(drawer).toContainText(secondName);
});

test("category browsing: categories → a category → a tool", async ({ page }) => {
  await page.goto("/categories");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page
    .getByRole("link", { name: /category page$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/category\//);
  const crumb = page.getByRole("navigation", { name: /Breadcrumb/i });
  await expect(crumb).toContainText("Home");
  await expect(crumb).toContainText("Tools");
  const first = page.getByRole("article").first();
  await expect(first).toBeVisible();
  const name = (await first.getByRole("heading").textContent())?.trim() ?? "";
  await first.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});
