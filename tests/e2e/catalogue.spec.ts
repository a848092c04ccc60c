import { expect, type Locator, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/** The seeded catalogue holds this many tools; a database may hold more, never fewer. */
const SEEDED_TOOLS = 2658;
const PAGE_SIZE = 30;

function toolGrid(page: Page): Locator {
  return page.getByTestId("tool-grid");
}

function toolCards(page: Page): Locator {
  return toolGrid(page).getByRole("article");
}

/** The name link inside a tool card (the card's heading). */
function cardTitleLink(card: Locator): Locator {
  return card.getByRole("heading").getByRole("link");
}

/** Reads the "2,658 tools" line under the /tools heading. */
async function totalTools(page: Page): Promise<number> {
  const line = page.getByText(/^[\d,]+ tools?$/);
  await expect(line).toBeVisible();
  const text = (await line.textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

/** Names of the first n tools in the grid. */
async function firstNames(page: Page, n: number): Promise<string[]> {
  const names = await toolCards(page).getByRole("heading").allTextContents();
  return names.slice(0, n).map((s) => s.trim());
}

/** Counts full document loads from now on; client-side navigations do not add to it. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

function pagination(page: Page): Locator {
  return page.getByRole("navigation", { name: "Pagination" });
}

test.describe("tool catalogue", () => {
  // Uncaught exceptions and console errors (React reports hydration mismatches there) fail the test.
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    problems = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // The 404 journeys load documents with status 404 on purpose; Chromium logs those.
      if (/Failed to load resource: the server responded with a status of 404/.test(message.text())) return;
      problems.push(`console.error: ${message.text()}`);
    });
  });
  test.afterEach(() => {
    expect(problems, "no page errors or console errors").toEqual([]);
  });

  test("browse the grid, page through it and open a tool", async ({ page }) => {
    const response = await page.goto("/tools");
    expect(response?.status()).toBe(200);

    // The grid is in the server-rendered HTML, not only after hydration.
    const html = (await response?.text()) ?? "";
    expect(html).toContain('data-testid="tool-grid"');
    expect(html.match(/<article\b/g)?.length).toBe(PAGE_SIZE);

    await expect(page).toHaveTitle(/AI Tools/);
    await expect(page.getByRole("heading", { level: 1, name: "AI Tools" })).toBeVisible();
    await expect(toolCards(page)).toHaveCount(PAGE_SIZE);
    expect(await totalTools(page)).toBeGreaterThanOrEqual(SEEDED_TOOLS);

    const firstOnPage1 = (await cardTitleLink(toolCards(page).first()).textContent())?.trim() ?? "";
    expect(firstOnPage1).not.toBe("");
    await expect(pagination(page).locator('[aria-current="page"]')).toHaveText("1");

    await waitForHydration(page);
    const documentLoads = countDocumentLoads(page);
    await pagination(page).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/tools\?(.*&)?page=2(&|$)/);
    await expect(page).toHaveTitle(/page 2/);
    await expect(pagination(page).locator('[aria-current="page"]')).toHaveText("2");
    await expect(toolCards(page)).toHaveCount(PAGE_SIZE);
    await expect(cardTitleLink(toolCards(page).first())).not.toHaveText(firstOnPage1);
    await expect(pagination(page).getByRole("link", { name: "← Previous" })).toBeVisible();

    const card = toolCards(page).nth(4);
    const link = cardTitleLink(card);
    const name = (await link.textContent())?.trim() ?? "";
    const href = (await link.getAttribute("href")) ?? "";
    expect(name).not.toBe("");
    expect(href).toMatch(/^\/tools\/[^/?#]+$/);

    await link.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    const visit = page.getByRole("link", { name: "Visit website" });
    await expect(visit).toBeVisible();
    // Outbound links go through /go, which records the click and redirects to the tool's own URL.
    await expect(visit).toHaveAttribute("href", /^\/go\/[^/?#]+\?to=website&source=detail$/);
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Tools" }),
    ).toBeVisible();
    // Paging and opening the tool were client-side navigations of the hydrated app.
    expect(documentLoads()).toBe(0);

    // The detail page is server-rendered with a 200 when loaded directly.
    const direct = await page.request.get(href);
    expect(direct.status()).toBe(200);
  });

  test("search tolerates a typo: 'midjurney' finds Midjourney", async ({ page }) => {
    await page.goto("/tools");
    await waitForHydration(page);
    const documentLoads = countDocumentLoads(page);
    const search = page.getByRole("search");
    await search.getByRole("searchbox", { name: "Search tools" }).fill("midjurney");
    await search.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(/[?&]q=midjurney(&|$)/);
    await expect(page.getByRole("searchbox", { name: "Search tools" })).toHaveValue("midjurney");
    await expect.poll(() => firstNames(page, 3)).toContain("Midjourney");
    expect(documentLoads()).toBe(0);
  });

  test("an unknown route shows the 404 page with status 404", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole("main").getByRole("link", { name: "Tools" })).toHaveAttribute("href", "/tools");
  });

  test("an unknown tool shows 'Tool Not Found' with status 404", async ({ page }) => {
    const response = await page.goto("/tools/no-such-tool-e2e");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Tool Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse all tools" })).toBeVisible();
  });

  test("the home page shows the tool of the day and featured tools", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find the right AI tool, fast.");

    const totd = page.getByRole("region", { name: "Tool of the day" });
    await expect(totd).toBeVisible();
    const totdLink = totd.getByRole("link").first();
    await expect(totdLink).toHaveAttribute("href", /^\/tools\/[^/?#]+$/);
    const totdName = (await totdLink.textContent())?.trim() ?? "";
    expect(totdName).not.toBe("");

    const featured = page.getByRole("region", { name: "Featured tools" });
    await expect(featured).toBeVisible();
    const featuredCards = featured.getByRole("article");
    await expect(featuredCards.first()).toBeVisible();
    const count = await featuredCards.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(7);
    for (const card of await featuredCards.all()) {
      await expect(card.getByText("Featured", { exact: true })).toBeVisible();
    }
    await expect(featured.getByRole("link", { name: /^Browse all [\d,]+ tools/ })).toHaveAttribute("href", "/tools");

    await waitForHydration(page);
    await totdLink.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(totdName);
    await expect(page.getByRole("link", { name: "Visit website" })).toBeVisible();
  });
});

test.describe("tool catalogue without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("paging links and the search form work as plain HTML", async ({ page }) => {
    const response = await page.goto("/tools");
    expect(response?.status()).toBe(200);
    await expect(toolCards(page)).toHaveCount(PAGE_SIZE);
    expect(await totalTools(page)).toBeGreaterThanOrEqual(SEEDED_TOOLS);
    const firstOnPage1 = (await cardTitleLink(toolCards(page).first()).textContent())?.trim() ?? "";

    await pagination(page).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/tools\?(.*&)?page=2(&|$)/);
    await expect(pagination(page).locator('[aria-current="page"]')).toHaveText("2");
    await expect(toolCards(page)).toHaveCount(PAGE_SIZE);
    await expect(cardTitleLink(toolCards(page).first())).not.toHaveText(firstOnPage1);

    await pagination(page).getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/\/tools\?(.*&)?page=3(&|$)/);
    await expect(pagination(page).locator('[aria-current="page"]')).toHaveText("3");

    const search = page.getByRole("search");
    await search.getByRole("searchbox", { name: "Search tools" }).fill("midjurney");
    await search.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/tools\?(.*&)?q=midjurney(&|$)/);
    // A new search starts from the first page.
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await expect(page.getByRole("searchbox", { name: "Search tools" })).toHaveValue("midjurney");
    await expect.poll(() => firstNames(page, 3)).toContain("Midjourney");
  });
});
