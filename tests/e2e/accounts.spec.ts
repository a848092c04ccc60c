import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/** Accounts in a real browser: sign-up, the dashboard, sign-out, Join free, password reset by e-mail. */
const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function signUp(page: Page, email: string, password: string, name = "Journey Member") {
  await page.goto("/sign-up");
  await waitForHydration(page);
  const form = page.getByRole("main");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm password").fill(password);
  await form.getByRole("button", { name: "Create free account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe("accounts", () => {
  let problems: string[] = [];
  test.beforeEach(async ({ page }) => {
    // One client address per journey (the server trusts X-Forwarded-For in the e2e run).
    const octet = () => 1 + Math.floor(Math.random() * 254);
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
    problems = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // Signed-out dashboards answer 401 and bad forms 400 on purpose; Chromium logs those.
      if (/Failed to load resource: the server responded with a status of (400|401)/.test(message.text())) return;
      problems.push(`console.error: ${message.text()}`);
    });
  });
  test.afterEach(() => {
    expect(problems, "no page errors or console errors").toEqual([]);
  });

  test("sign up, see the dashboard with the e-mail and the Free tier, sign out, then 'Please log in'", async ({
    page,
  }) => {
    const email = uniqueEmail("journey");
    await page.goto("/sign-up");
    await waitForHydration(page);
    const form = page.getByRole("main");
    // The spec's messages come from our validation, not the browser's.
    await form.getByLabel("Name").fill("Journey Member");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill("12345");
    await form.getByLabel("Confirm password").fill("12345");
    await form.getByRole("button", { name: "Create free account" }).click();
    await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();
    await form.getByLabel("Password", { exact: true }).fill("journey-pass-1");
    await form.getByLabel("Confirm password").fill("journey-pass-2");
    await form.getByRole("button", { name: "Create free account" }).click();
    await expect(form.getByText("Passwords do not match")).toBeVisible();
    await form.getByLabel("Confirm password").fill("journey-pass-1");
    await form.getByRole("button", { name: "Create free account" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("dashboard-email")).toHaveText(email);
    await expect(page.getByTestId("dashboard-tier")).toHaveText("Free");
    await expect(page.getByRole("heading", { name: "Get more from Toolscape" })).toBeVisible();
    await expect(page.getByText("Dark mode is available for Standard and Expert members")).toBeVisible();

    // The header: Dashboard and the user menu instead of Sign in / Join free.
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await banner.getByLabel("Account menu for Journey Member").click();
    await banner.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner.getByRole("link", { name: "Sign in" })).toBeVisible();

    const res = await page.goto("/dashboard");
    expect(res?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Please log in" })).toBeVisible();
    await expect(page.getByText("Access Denied")).toBeVisible();
  });

  test("edit the profile from the dashboard and see it on the public profile", async ({ page }) => {
    await signUp(page, uniqueEmail("profile"), "profile-pass-1", "Profile Member");
    await page.getByRole("link", { name: "Edit Profile" }).click();
    const username = `pm_${Date.now().toString(36)}`;
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Bio").fill("I compare AI tools for a living.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible();
    await page.getByRole("link", { name: "View public profile" }).click();
    await expect(page.getByRole("heading", { name: "Profile Member", level: 1 })).toBeVisible();
    await expect(page.getByText(`@${username}`)).toBeVisible();
    await expect(page.getByText("I compare AI tools for a living.")).toBeVisible();
    await expect(page.getByText("No reviews yet.")).toBeVisible();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("button", { name: "Link Copied!" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Share" })).toBeVisible({ timeout: 4000 });
  });

  test("Join free opens the sign-up dialog and signs the visitor in where they were", async ({ page }) => {
    await page.goto("/pricing");
    await waitForHydration(page);
    await expect(page.getByTestId("plan-free").getByRole("link", { name: "Join free" })).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Join free" }).click();
    const dialog = page.getByRole("dialog", { name: "Join Toolscape free" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Name").fill("Dialog Member");
    await dialog.getByLabel("Email").fill(uniqueEmail("dialog"));
    await dialog.getByLabel("Password", { exact: true }).fill("dialog-pass-1");
    await dialog.getByLabel("Confirm password").fill("dialog-pass-1");
    await dialog.getByRole("button", { name: "Create free account" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("banner").getByLabel("Account menu for Dialog Member")).toBeVisible();
    await expect(page.getByTestId("plan-free").getByRole("button", { name: "Current Plan" })).toBeDisabled();
  });

  test("password reset through the mail outbox", async ({ page }) => {
    const email = uniqueEmail("reset");
    await signUp(page, email, "old-password-1", "Reset Member");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await page.getByRole("main").getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account exists for that address")).toBeVisible();

    await page.goto("/dev/mail");
    const message = page
      .getByTestId("outbox-message")
      .filter({ hasText: `To ${email}` })
      .first();
    await expect(message.getByRole("heading", { name: "Reset your Toolscape password" })).toBeVisible();
    await message.getByRole("link", { name: /\/reset-password\?token=/ }).click();

    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("new-password-1");
    await page.getByLabel("Confirm new password").fill("new-password-1");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/sign-in\?reset=done$/);
    await expect(page.getByText("Your password has been changed.")).toBeVisible();

    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Password").fill("old-password-1");
    await main.getByRole("button", { name: "Sign in" }).click();
    await expect(main.getByText("Sign in failed. Please try again.")).toBeVisible();
    await main.getByLabel("Password").fill("new-password-1");
    await main.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("dashboard-email")).toHaveText(email);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("sign up and sign out with plain forms; Join free is a link", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("banner").getByRole("link", { name: "Join free" })).toHaveAttribute(
        "href",
        "/sign-up",
      );
      const email = uniqueEmail("nojs");
      await page.goto("/sign-up");
      const form = page.getByRole("main");
      await form.getByLabel("Name").fill("No Script");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password", { exact: true }).fill("nojs-pass-1");
      await form.getByLabel("Confirm password").fill("nojs-pass-9");
      await form.getByRole("button", { name: "Create free account" }).click();
      await expect(form.getByText("Passwords do not match")).toBeVisible();
      await form.getByLabel("Password", { exact: true }).fill("nojs-pass-1");
      await form.getByLabel("Confirm password").fill("nojs-pass-1");
      await form.getByRole("button", { name: "Create free account" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("dashboard-email")).toHaveText(email);
      await page.getByRole("button", { name: "Logout" }).click();
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "Please log in" })).toBeVisible();
    });
  });
});
