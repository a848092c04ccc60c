import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { liveCompare, waitForHydration } from "./support";

function drawer(page: Page): Locator {
  return page.getByRole("dialog", { name: "Tool Comparison" });
}

function firstCard(page: Page): Locator {
  return page.getByTestId("tool-grid").getByRole("article").first();
}

async function cardName(card: Locator): Promise<string> {
  return ((await card.getByRole("heading").textContent()) ?? "").trim();
}

/** Searches the catalogue with the page's own form (a client-side navigation once hydrated). */
async function search(page: Page, q: string): Promise<void> {
  const box = page.getByRole("search").getByRole("searchbox", { name: "Search tools" });
  await box.fill(q);
  await page.getByRole("search").getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${q}(&|$)`));
  await expect(firstCard(page).getByRole("heading")).toHaveText(new RegExp(q, "i"));
}

/** The cookie bar is answered up front so that it does not cover the compare button. */
async function acceptCookies(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);
}

test.describe("tool comparison", () => {
  let problems: string[] = [];
  test.beforeEach(async ({ page, context, baseURL }) => {
    problems = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
    });
    await acceptCookies(context, baseURL);
  });
  test.afterEach(() => {
    expect(problems, "no page errors or console errors").toEqual([]);
  });

  test("add two tools, hit the cap, clear, and keep the list across reloads and tabs", async ({ page, context }) => {
    await page.goto("/tools");
    await waitForHydration(page);

    // First tool: the drawer opens with it.
    await search(page, "airbyte");
    const first = firstCard(page);
    const firstName = await cardName(first);
    expect(firstName).toBe("Airbyte");
    const firstButton = first.getByRole("button", { name: /Airbyte$/ });
    await expect(firstButton).toHaveAttribute("aria-pressed", "false");
    await firstButton.click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByTestId("compare-count")).toHaveText("1 of 2");
    await expect(drawer(page)).toContainText(
      "You can compare up to 2 tools. Add 1 more tool(s) for a complete comparison.",
    );
    await expect(drawer(page).getByTestId("compare-card").getByRole("heading", { name: "Airbyte" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer(page)).toBeHidden();
    // Focus goes back to the button, which now shows the Added state.
    await expect(firstButton).toBeFocused();
    await expect(firstButton).toHaveAttribute("aria-pressed", "true");
    await expect(firstButton).toContainText("Added");

    // Second tool.
    await search(page, "appwrite");
    await firstCard(page)
      .getByRole("button", { name: /Appwrite$/ })
      .click();
    const sheet = drawer(page);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId("compare-count")).toHaveText("2 of 2");
    const cards = sheet.getByTestId("compare-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByRole("heading")).toHaveText("Airbyte");
    await expect(cards.nth(1).getByRole("heading")).toHaveText("Appwrite");
    await expect(cards.nth(0).getByRole("link", { name: /Visit website/ })).toHaveAttribute(
      "href",
      "/go/airbyte?to=website&source=compare",
    );
    await expect(cards.nth(0)).toContainText("No reviews yet");

    // The feature table: the union of both tools' features, read out as Yes / No.
    const table = sheet.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Feature", "Airbyte", "Appwrite"]);
    const apiRow = table.getByRole("row", { name: /API available/ });
    await expect(apiRow.getByRole("cell")).toHaveText(["✓Yes", "✓Yes"]);
    await expect(sheet.getByRole("heading", { name: "Pros & Cons" })).toBeVisible();
    await expect(sheet.getByText("No pros or cons are listed yet.")).toHaveCount(2);
    await sheet.getByRole("button", { name: "Close comparison" }).click();
    await expect(sheet).toBeHidden();

    // A third tool at the cap: the message, and nothing added.
    await search(page, "chatgpt");
    const third = firstCard(page).getByRole("button", { name: /ChatGPT$/ });
    await third.click();
    await expect(
      page.getByRole("status").filter({ hasText: "You can compare up to 2 tools. Remove a tool to add another." }),
    ).toBeVisible();
    await expect(drawer(page)).toBeHidden();
    await expect(third).toHaveAttribute("aria-pressed", "false");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("compareTools") ?? "[]"));
    expect(stored).toHaveLength(2);

    // Reload: the list is still there (localStorage).
    await page.reload();
    await waitForHydration(page);
    const reopen = page.getByRole("button", { name: "Compare (2)" });
    await expect(reopen).toBeVisible();
    await reopen.click();
    await expect(drawer(page).getByTestId("compare-card")).toHaveCount(2);

    // The footer's plain /compare opens what the drawer holds (issue 21).
    const plain = await context.newPage();
    await plain.goto("/compare");
    await expect(plain).toHaveURL(/\/compare\?tools=/);
    await expect(plain.getByRole("heading", { name: "Tool Comparison" })).toBeVisible();
    await expect(plain.getByText("2 of 2")).toBeVisible();
    await plain.close();

    // A second tab shows the same list and follows changes made in the first (the storage event).
    const other = await context.newPage();
    await other.goto("/tools");
    await waitForHydration(other);
    await other.getByRole("button", { name: "Compare (2)" }).click();
    await expect(drawer(other).getByTestId("compare-card")).toHaveCount(2);

    // Clear All empties the list: the empty state here and in the other tab.
    await drawer(page).getByRole("button", { name: "Clear All" }).click();
    await expect(drawer(page).getByText("No tools to compare")).toBeVisible();
    await expect(drawer(page).getByTestId("compare-count")).toHaveText("0 of 2");
    await expect(drawer(page).getByRole("link", { name: "Browse tools" })).toHaveAttribute("href", "/tools");
    await expect(drawer(other).getByText("No tools to compare")).toBeVisible();
    await expect(drawer(other).getByTestId("compare-count")).toHaveText("0 of 2");

    // And the other way round: a tool added in the second tab appears in the first tab's open drawer.
    await other.keyboard.press("Escape");
    const otherCard = firstCard(other);
    const otherName = await cardName(otherCard);
    await (await liveCompare(otherCard.getByRole("button", { name: /^Compare / }))).click();
    await expect(drawer(page).getByTestId("compare-count")).toHaveText("1 of 2");
    await expect(drawer(page).getByTestId("compare-card").getByRole("heading")).toHaveText(otherName);

    // Browse tools closes the drawer and goes to the catalogue.
    await drawer(page).getByRole("button", { name: "Clear All" }).click();
    await drawer(page).getByRole("link", { name: "Browse tools" }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(page).toHaveURL(/\/tools$/);
    await other.close();
  });

  test("the app-wide open event opens the drawer; a tool is removed from it", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("compare:open")));
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByText("No tools to compare")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.evaluate(() => window.dispatchEvent(new CustomEvent("compare:add", { detail: { id: "chatgpt" } })));
    await expect(drawer(page).getByTestId("compare-count")).toHaveText("1 of 2");
    await expect(drawer(page).getByTestId("compare-card").getByRole("heading", { name: "ChatGPT" })).toBeVisible();
    await drawer(page).getByRole("button", { name: "Remove ChatGPT from comparison" }).click();
    await expect(drawer(page).getByText("No tools to compare")).toBeVisible();
  });

  test("the shareable /compare page: remove a tool by its link, copy the address", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const response = await page.goto("/compare?tools=airbyte,appwrite");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Airbyte vs Appwrite — Tool Comparison | Toolscape");
    await expect(page.getByRole("heading", { level: 1, name: "Tool Comparison" })).toBeVisible();
    await expect(page.getByTestId("compare-card")).toHaveCount(2);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied to clipboard" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/compare\?tools=airbyte,appwrite$/);

    await page.getByRole("link", { name: "Remove Airbyte from comparison" }).click();
    await expect(page).toHaveURL(/\/compare\?tools=appwrite$/);
    await expect(page.getByTestId("compare-card")).toHaveCount(1);
    await page.getByRole("link", { name: "Remove Appwrite from comparison" }).click();
    await expect(page).toHaveURL(/\/compare$/);
    await expect(page.getByText("No tools to compare")).toBeVisible();
  });
});

test.describe("tool comparison without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Compare button opens /compare; tools are added and removed with plain forms and links", async ({
    page,
  }) => {
    await page.goto("/tools?q=airbyte");
    const card = firstCard(page);
    await expect(card.getByRole("heading")).toHaveText("Airbyte");
    await card.getByRole("button", { name: "Compare Airbyte" }).click();
    await expect(page).toHaveURL(/\/compare\?tools=[0-9a-f-]{36}$/);
    await expect(page.getByTestId("compare-card")).toHaveCount(1);
    await expect(page.getByText("Add 1 more tool(s) for a complete comparison.")).toBeVisible();

    await page.getByRole("searchbox", { name: "Add a tool" }).fill("appwrite");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page).toHaveURL(/\/compare\?tools=airbyte,appwrite$/);
    await expect(page.getByTestId("compare-card")).toHaveCount(2);
    await expect(page.getByRole("table").getByRole("row", { name: /Open source/ })).toBeVisible();

    await page.getByRole("link", { name: "Remove Appwrite from comparison" }).click();
    await expect(page).toHaveURL(/\/compare\?tools=airbyte$/);
    await expect(page.getByTestId("compare-card")).toHaveCount(1);
  });
});
