import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, request, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 9's money journey on the built-in test provider: a visitor on /pricing chooses Standard →
 * signs in → checkout says Test mode → approve → /payment/success → the dashboard and /pricing show
 * Standard as the Current Plan → compare takes 5. Declining or cancelling leaves the member on Free
 * with the spec's messages; the checkout also works with JavaScript off.
 */
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.9`;
const freshEmail = (what: string) =>
  `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const PASSWORD = "money-journey-1";

/** No serious or critical axe violation on the page as it stands (the a11y suite's rule). */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target.join(" ")}`);
  expect(serious, page.url()).toEqual([]);
}

/** An account made through the API, so the browser arrives signed out and signs in itself. */
async function createAccount(baseURL: string, email: string, name: string): Promise<void> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": address() },
  });
  const res = await api.post("/api/auth/sign-up/email", { data: { name, email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  await api.dispose();
}

async function signInOnPage(page: Page, email: string): Promise<void> {
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signedInAt(page: Page, baseURL: string, path: string, what: string): Promise<string> {
  const email = freshEmail(what);
  await createAccount(baseURL, email, "Money Journey");
  await page.goto(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await signInOnPage(page, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return email;
}

test.describe("money", () => {
  let problems: string[] = [];
  test.beforeEach(async ({ page, context, baseURL }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
    await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);
    problems = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // A signed-out checkout answers 401 on purpose.
      if (/Failed to load resource: the server responded with a status of 401/.test(message.text())) return;
      problems.push(`console.error: ${message.text()}`);
    });
  });
  test.afterEach(() => {
    expect(problems, "no page errors or console errors").toEqual([]);
  });

  test("pricing → sign in → test checkout → approve → Standard everywhere, compare takes 5", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL ?? "";
    const email = freshEmail("buyer");
    await createAccount(origin, email, "Money Buyer");

    // A visitor chooses Standard on /pricing; checkout asks them to sign in and brings them back.
    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByTestId("plan-standard").getByRole("link", { name: "Upgrade to Standard" }).click();
    // Spec §5: the message, on the sign-in page it redirects to.
    await expect(page).toHaveURL(/\/sign-in\?reason=checkout&redirectTo=%2Fcheckout%2Fstandard$/);
    await expect(page.getByRole("main").getByText("Please sign in to continue with checkout")).toBeVisible();
    await waitForHydration(page);
    await signInOnPage(page, email);

    // Checkout: the plan, its price from the server, the account, and Test mode.
    await expect(page).toHaveURL(/\/checkout\/standard$/);
    await expect(page.getByRole("heading", { name: "Checkout: Standard" })).toBeVisible();
    await expect(page.getByTestId("test-mode")).toContainText("Test mode");
    await expect(page.getByTestId("plan-price")).toHaveText("$2.99");
    await expect(page.getByTestId("checkout-email")).toHaveText(email);
    await expect(page.getByText("30-day money-back guarantee")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue (Test mode)" }).click();

    // The test provider's page: Test mode, what is paid, Approve.
    await expect(page).toHaveURL(/\/payment\/test\//);
    await expect(page.getByTestId("test-mode")).toContainText("Test mode");
    await expect(page.getByTestId("test-amount")).toHaveText("$2.99 USD");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Approve" }).click();

    await expect(page).toHaveURL(/\/payment\/success\?order(_id)?=/);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await expect(page.getByTestId("success-plan")).toHaveText("Welcome to Toolscape Standard!");
    await expect(page.getByTestId("test-mode")).toContainText("Test mode");
    await expectAccessible(page);
    // A reload applies nothing twice: still one payment in the history.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();

    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("dashboard-tier")).toHaveText("Standard");
    await expectAccessible(page);
    // Billing is its own dashboard section (ADR 0050), one link away in the section nav.
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Billing" }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(page.getByTestId("billing-plan")).toHaveText("Standard");
    await expect(page.getByTestId("billing-history").locator("tbody tr")).toHaveCount(1);
    await expectAccessible(page);

    await page.goto("/pricing");
    await expect(page.getByTestId("plan-standard").getByRole("button", { name: "Current Plan" })).toBeDisabled();
    await expect(page.getByTestId("plan-expert").getByRole("link", { name: "Upgrade to Expert" })).toBeVisible();

    // Compare takes 5 now (the cap from the entitlements data, on the server).
    const listed = await page.request.get("/api/tools?limit=6&sort=name-asc");
    const slugs = ((await listed.json()) as { tools: { slug: string }[] }).tools.map((t) => t.slug);
    const compared = await page.request.get(`/api/tools/compare?ids=${slugs.join(",")}`);
    const body = (await compared.json()) as { max: number; tools: unknown[]; message: string | null };
    expect(body.max).toBe(5);
    expect(body.tools).toHaveLength(5);
    expect(body.message).toBe("You can compare up to 5 tools. Remove a tool to add another.");
  });

  for (const [choice, heading, text] of [
    ["Decline", "Payment was declined", "Payment failed. Please try again."],
    ["Cancel", "Payment cancelled", "Payment was cancelled. You can try again anytime."],
  ] as const) {
    test(`${choice} on the test provider's page leaves the member on Free`, async ({ page, baseURL }) => {
      await signedInAt(page, baseURL ?? "", "/checkout/standard", choice.toLowerCase());
      await expect(page.getByTestId("test-mode")).toBeVisible();
      await page.getByRole("button", { name: "Continue (Test mode)" }).click();
      await expect(page).toHaveURL(/\/payment\/test\//);
      await page.getByRole("button", { name: choice, exact: true }).click();
      await expect(page).toHaveURL(/\/payment\/cancel\?/);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      // The page says it (the toast says it too, outside the main region).
      await expect(page.getByRole("main").getByText(text)).toBeVisible();
      await expect(page.getByTestId("test-mode")).toBeVisible();
      await expectAccessible(page);
      await page.goto("/dashboard/billing");
      await expect(page.getByTestId("dashboard-tier")).toHaveText("Free");
      await expect(page.getByText("No payments yet.")).toBeVisible();
    });
  }

  test("the payment form, dark: plan preselected from the query, no serious axe violations", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: "dark", url: baseURL ?? "http://127.0.0.1" }]);
    await page.goto("/payment?tier=expert");
    await expect(page.getByLabel("Plan")).toHaveValue("expert");
    await expect(page.getByTestId("test-mode")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeDisabled();
    await expectAccessible(page);
    await page.goto("/payment?tier=nonsense");
    await expect(page.getByLabel("Plan")).toHaveValue("standard");
  });

  test("checkout works with JavaScript off", async ({ browser, baseURL }) => {
    const page = await noScriptPage(browser, baseURL ?? "");
    const email = freshEmail("nojs");
    await createAccount(baseURL ?? "", email, "No Script");
    // Signed out, checkout sends the buyer to sign in and back (issue 18), without JavaScript too.
    await page.goto("/checkout/expert");
    await expect(page).toHaveURL(/\/sign-in\?/);
    await signInOnPage(page, email);
    await expect(page).toHaveURL(/\/checkout\/expert$/);
    await expect(page.getByTestId("test-mode")).toBeVisible();
    await expect(page.getByTestId("plan-price")).toHaveText("$29.99");
    await page.getByRole("button", { name: "Continue (Test mode)" }).click();
    await expect(page).toHaveURL(/\/payment\/test\//);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/payment\/success\?order(_id)?=/);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByTestId("dashboard-tier")).toHaveText("Expert");
    await page.context().close();
  });
});

async function noScriptPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": address() },
  });
  await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL }]);
  return context.newPage();
}
