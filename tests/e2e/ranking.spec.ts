import { expect, test } from "@playwright/test";

/**
 * ADR 0029 in a real browser: /graveyard renders (the E2E server checks no links, so it is the empty
 * state or whatever is gone), /how-we-rank shows the formula, and a search result's "Why this rank?"
 * opens without JavaScript of its own (a native <details>).
 */
test("/graveyard renders", async ({ page }) => {
  const res = await page.goto("/graveyard");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "The Graveyard" })).toBeVisible();
  await expect(page.getByText("separate days over at least")).toBeVisible();
});

test("/how-we-rank shows the formula; 'Why this rank?' opens under a search result", async ({ page }) => {
  await page.goto("/how-we-rank");
  await expect(page.getByTestId("bayes-formula")).toContainText("score = (average × reviews + mean × 5)");
  await page.goto("/search?q=claude");
  const why = page.getByTestId("why-rank").first();
  await expect(why).toBeVisible();
  await why.getByText("Why this rank?").click();
  await expect(why.getByText("No paid placement")).toBeVisible();
  await expect(why.getByText(/name is exactly what you searched for/)).toBeVisible();
});
