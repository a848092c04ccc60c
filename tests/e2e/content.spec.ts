import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 12 (blog, documentation, info pages): the blog's chips, search and empty state with Clear
 * filters; the documentation search and its empty state; every info page's heading; and an admin
 * who writes a post in /admin that then appears on /blog.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const octet = () => 1 + Math.floor(Math.random() * 254);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
  });
  return context.newPage();
}

test("the blog filters by category and search, and an empty result offers Clear filters", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Toolscape Blog" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Featured post" })).toBeVisible();

  await main.getByRole("navigation", { name: "Blog categories" }).getByRole("link", { name: "Tips" }).click();
  await expect(page).toHaveURL(/category=Tips/);
  await expect(main.getByRole("region", { name: "Featured post" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Choosing a free AI writing tool" })).toBeVisible();
  await expect(main.getByRole("link", { name: "How we test AI tools" })).toHaveCount(0);

  await main.getByRole("searchbox", { name: "Search posts" }).fill("no such post anywhere");
  await main.getByRole("button", { name: "Search" }).click();
  await expect(main.getByText("No posts found")).toBeVisible();
  await main.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(main.getByRole("region", { name: "Featured post" })).toBeVisible();

  await main.getByRole("link", { name: "How we test AI tools" }).click();
  await expect(main.getByRole("heading", { level: 1, name: "How we test AI tools" })).toBeVisible();
  await expect(main.getByRole("cell", { name: "30%" })).toBeVisible();
});

test("the documentation search finds the API guide and says 'No documentation found' otherwise", async ({ page }) => {
  await page.goto("/documentation");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /^Community Ask/ })).toBeVisible();
  await expect(main.getByRole("link", { name: /^Contact us/ })).toBeVisible();
  const search = main.getByRole("searchbox", { name: "Search documentation" });
  await search.fill("api");
  await search.press("Enter");
  await expect(page).toHaveURL(/q=api/);
  await expect(main.getByRole("link", { name: "Using the public API" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Comparing tools" })).toHaveCount(0);
  await main.getByRole("link", { name: "Using the public API" }).click();
  await expect(main.getByRole("heading", { level: 1, name: "Using the public API" })).toBeVisible();

  await page.goto("/documentation?q=zzzz-nothing-here");
  await expect(main.getByText("No documentation found")).toBeVisible();
});

test("each info page renders its heading and is linked from the footer", async ({ page }) => {
  const pages: [string, string, string][] = [
    ["About", "/about", "About Toolscape"],
    ["How we test", "/how-we-test", "How We Test"],
    ["Accessibility", "/accessibility", "Accessibility Statement"],
    ["Privacy", "/privacy", "Privacy Policy"],
    ["Terms", "/terms", "Terms of Service"],
    ["Documentation", "/documentation", "Documentation"],
  ];
  for (const [label, path, heading] of pages) {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});

test("an admin writes a post in /admin, previews it, publishes it, and it appears on /blog", async ({ browser }) => {
  test.setTimeout(60_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const run = Math.random().toString(36).slice(2, 7);
  const title = `Prompting tips ${run}`;

  const admin = await newPage(browser);
  await admin.goto("/sign-in?redirectTo=%2Fadmin%2Fblog");
  await waitForHydration(admin);
  await admin.getByRole("main").getByLabel("Email").fill(ADMIN_EMAIL);
  await admin.getByRole("main").getByLabel("Password").fill(ADMIN_PASSWORD);
  await admin.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(admin).toHaveURL(/\/admin\/blog$/);
  await admin.getByRole("link", { name: "New post" }).click();
  await expect(admin.getByRole("heading", { name: "New post" })).toBeVisible();

  const main = admin.getByRole("main");
  await main.getByLabel("Title", { exact: true }).fill(title);
  await main.getByLabel("Excerpt").fill("Three habits that get better answers from AI assistants.");
  await main.getByLabel("Category").selectOption("Tips");
  await main.getByLabel("Body (Markdown)").fill("## Be specific\n\nSay **who** the answer is for.");
  await main.getByRole("button", { name: "Preview" }).click();
  await expect(
    main.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Be specific" }),
  ).toBeVisible();
  // The form keeps what was typed across the preview.
  await expect(main.getByLabel("Title", { exact: true })).toHaveValue(title);
  await main.getByLabel("Published").check();
  await main.getByRole("button", { name: "Save post" }).click();
  await expect(main.getByText("Saved.")).toBeVisible();

  const visitor = await newPage(browser);
  await visitor.goto("/blog?category=Tips");
  await visitor.getByRole("main").getByRole("link", { name: title }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("main").getByRole("heading", { name: "Be specific" })).toBeVisible();
});
