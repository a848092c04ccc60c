import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 10 (admin tools) in a real browser: an operator edits a tool in the dialog on /admin/tools,
 * the table comes back with a notice, and the public tool page shows the change at once. The CSV
 * import refuses to run without a CSV file ('Please select a valid CSV file').
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.9`;

test.describe("admin tools", () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
    await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
    await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { origin: baseURL ?? "", "x-forwarded-for": address() },
    });
    expect(signIn.status()).toBe(200);
  });

  test("an admin edits a tool in the dialog and the public page shows it at once", async ({ page }) => {
    const text = `Edited in the admin dialog ${Date.now()}`;
    await page.goto("/tools/midjourney");
    await expect(page.getByText(text)).toHaveCount(0);

    await page.goto("/admin/tools?search=midjourney");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Edit Midjourney" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Edit Midjourney" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("One-line description").fill(text);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status")).toContainText("Saved Midjourney");
    // The filters the dialog was opened from are kept.
    await expect(page).toHaveURL(/search=midjourney/);

    await page.goto("/tools/midjourney");
    await expect(page.getByText(text).first()).toBeVisible();
  });

  test("a dialog error keeps it open with the server's message", async ({ page }) => {
    await page.goto("/admin/tools?search=midjourney");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add tool" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a tool" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Add tool" }).click();
    // The summary names how many fields are marked; each message sits at its field (issue 21).
    await expect(dialog.getByRole("alert")).toContainText(/Check the \d+ marked field/);
    await expect(dialog.getByText("Tool name is required")).toBeVisible();
    await expect(dialog.locator("#tf-name")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toBeVisible();
  });

  test("the CSV import asks for a CSV file", async ({ page }) => {
    await page.goto("/admin/tools");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByText("Please select a valid CSV file")).toBeVisible();
  });
});
