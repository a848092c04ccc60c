import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/** Issue 32: /tasks and a task's page, with and without JavaScript, and "Tasks that match" on search. */

async function browseTasks(page: Page) {
  const response = await page.goto("/tasks");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What do you want to do?");
  await expect(page.getByRole("heading", { name: "Video", level: 2 })).toBeVisible();

  // Describe the job: the search form narrows the tasks (a plain GET form).
  await page.getByRole("searchbox", { name: "Describe the job" }).fill("summarise youtube videos");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/\/tasks\?q=summarise/);
  await page.getByTestId("task-matches").getByRole("link", { name: "Summarise a video" }).click();

  await expect(page).toHaveURL(/\/tasks\/summarise-a-video$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Summarise a video");
  await expect(page.getByTestId("task-synonyms")).toContainText("summarise youtube videos into notes");
  await expect(
    page.getByTestId("task-tools").getByRole("link", { name: "Eightify", exact: true }).first(),
  ).toBeVisible();

  // The price filter is a GET form too.
  await page.getByLabel("Price", { exact: true }).selectOption("free");
  await page.getByRole("button", { name: "Apply" }).click();
  // A plain GET form also sends the decision filters' empty price ceiling (issue 33); the server reads it as unset.
  await expect(page).toHaveURL(/\/tasks\/summarise-a-video\?price=free(&max_price=)?$/);
  await expect(page.getByRole("heading", { name: /Free tools for this job/ })).toBeVisible();

  await page.getByTestId("related-tasks").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/tasks\/[a-z0-9-]+$/);
}

test.describe("tasks", () => {
  test("browse, describe the job, filter by price and follow a related task (JavaScript on)", async ({ page }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/tasks");
    await waitForHydration(page);
    await browseTasks(page);
    expect(problems).toEqual([]);
  });

  test("the search page shows the tasks that match above the results", async ({ page }) => {
    await page.goto("/search?q=remove+background");
    const tasks = page.getByTestId("tasks-that-match");
    await expect(tasks.getByRole("heading", { name: "Tasks that match" })).toBeVisible();
    await expect(tasks.getByRole("link", { name: "Remove an image background" })).toBeVisible();
  });
});

test.describe("tasks without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same journey works as plain HTML", async ({ page }) => {
    await browseTasks(page);
  });
});
