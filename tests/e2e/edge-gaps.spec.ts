import { expect, request, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 18 in a real browser: a signed-out checkout lands on /sign-in with the spec's message and
 * returns to the same checkout after signing in; the support ticket form clears after sending (no
 * second ticket from a second click); /pricing has no sideways scroll at 390 px.
 */
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.18`;
const freshEmail = (what: string) =>
  `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const PASSWORD = "edge-journey-1";

async function createAccount(baseURL: string, email: string, name: string): Promise<void> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": address() },
  });
  const res = await api.post("/api/auth/sign-up/email", { data: { name, email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  await api.dispose();
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
  await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);
});

test("signed-out checkout → /sign-in with the message → back to the same checkout", async ({ page, baseURL }) => {
  const email = freshEmail("edge-buyer");
  await createAccount(baseURL ?? "", email, "Edge Buyer");
  await page.goto("/checkout/expert");
  await expect(page).toHaveURL(/\/sign-in\?reason=checkout&redirectTo=%2Fcheckout%2Fexpert$/);
  await expect(page.getByRole("main").getByText("Please sign in to continue with checkout")).toBeVisible();
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/expert$/);
  await expect(page.getByRole("heading", { name: "Checkout: Expert" })).toBeVisible();
});

test("the support ticket form clears after sending; a second click files nothing", async ({ page }) => {
  await page.goto("/support");
  await waitForHydration(page);
  const form = page.getByTestId("ticket-form");
  await form.getByLabel("Name").fill("Edge Ticket");
  await form.getByLabel("Email").fill(freshEmail("edge-ticket"));
  await form.getByLabel("Subject").fill("Form clears");
  await form.getByLabel("Message").fill("This message must not stay in the box.");
  await form.getByRole("button", { name: "Submit ticket" }).click();
  const banner = page.getByRole("status").filter({ hasText: "was received" });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId("ticket-form").getByLabel("Message")).toHaveValue("");
  await expect(page.getByTestId("ticket-form").getByLabel("Subject")).toHaveValue("");
  // The banner is not hidden under the sticky header.
  const header = await page.locator("header").first().boundingBox();
  const box = await banner.boundingBox();
  expect((box?.y ?? 0) >= (header?.y ?? 0) + (header?.height ?? 0) - 1).toBe(true);
  // A second click does not file the ticket again: the empty form is refused by its own validation.
  const url = page.url();
  await page.getByTestId("ticket-form").getByRole("button", { name: "Submit ticket" }).click();
  await expect(page).toHaveURL(url);
});

test("/pricing at 390 px: no sideways page scroll, all three plans in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/pricing");
  await waitForHydration(page);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll).toBe(widths.inner);
  const table = page.getByTestId("plan-comparison");
  for (const plan of ["Free", "Standard", "Expert"]) {
    const header = table.getByRole("columnheader", { name: new RegExp(`^${plan}`) });
    await expect(header).toBeVisible();
    const box = await header.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
});
