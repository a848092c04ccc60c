import { type Cookie, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 21 in a real browser: at 390 px the admin opens its menu and navigates (with and without
 * JavaScript); the tool dialog sits in the middle of the screen and puts its errors at the fields,
 * focusing the first. The admin pages' axe and layout checks (every violation, light and dark, 1280 and
 * 390 px) are in tests/e2e/a11y.spec.ts with every other page type.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.21`;

/** The session cookies, signed in once per worker: signing in per test trips the sign-in rate limit. */
let session: Cookie[] | null = null;

async function signIn(page: Page, baseURL: string | undefined, theme: "light" | "dark" = "light") {
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
  const url = baseURL ?? "http://127.0.0.1";
  await page.context().addCookies([
    { name: "cookieConsent", value: "essential", url },
    { name: "theme", value: theme, url },
  ]);
  if (session) {
    await page.context().addCookies(session);
    return;
  }
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { origin: baseURL ?? "", "x-forwarded-for": address() },
  });
  expect(res.status()).toBe(200);
  session = (await page.context().cookies()).filter((c) => c.name !== "theme" && c.name !== "cookieConsent");
}

test.describe("admin at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the admin opens its menu and navigates; the page never scrolls sideways", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto("/admin");
    await waitForHydration(page);
    // One menu line, not rows of tabs: the sidebar is not shown on a phone.
    await expect(page.getByTestId("admin-sidebar")).toBeHidden();
    const menu = page.getByTestId("admin-menu");
    await expect(menu.locator("summary")).toContainText("Overview");
    await menu.locator("summary").click();
    const nav = menu.getByRole("navigation", { name: "Admin sections" });
    await expect(nav.getByText("Catalogue")).toBeVisible();
    await nav.getByRole("link", { name: /^Audit log/ }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
    // Closed again after navigating, and it names where we are.
    await expect(menu.locator("summary")).toContainText("Audit log");
    await expect(nav).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test("the menu works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, baseURL);
    await page.goto("/admin/tools");
    const menu = page.getByTestId("admin-menu");
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: /^Users/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(menu.locator("summary")).toContainText("Users");
    await context.close();
  });
});

test.describe("the tool dialog", () => {
  test("sits in the middle of the screen and puts a refusal at its field, focused", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto("/admin/tools?search=midjourney");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Edit Midjourney" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Edit Midjourney" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error("no layout");
    // Centred horizontally (within a pixel or two).
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(3);
    expect(box.y).toBeGreaterThan(0);

    const url = dialog.getByLabel("Website URL *");
    await url.fill("not a url");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toBeFocused();
    const describedBy = (await url.getAttribute("aria-describedby")) ?? "";
    await expect(page.locator(`[id="${describedBy.split(" ").at(-1)}"]`)).toContainText("Valid URL is required");
  });
});
