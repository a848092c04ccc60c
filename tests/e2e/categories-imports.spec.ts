import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 21 items 1 and 2 in a real browser: an operator imports a CSV naming a category the catalogue
 * does not have — the row is refused with the closest names, never creating a category — maps it to an
 * existing one on the dry run's report and imports; later the report opens again from /admin/imports.
 * The pages' axe checks, in both themes and at both widths, are a11y.spec.ts's (page-types.ts lists them).
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.21`;

const HEADER = "name,one_line_description,category_name,official_url,pricing_model";

async function upload(page: Page, name: string, csv: string, button: "Dry run" | "Import") {
  await page.getByLabel("CSV file (up to 1 MB)").setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: button, exact: true }).click();
}

test.describe("categories and imports", () => {
  // A journey of several uploads: more than the default 30 s under load.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page, context, baseURL }) => {
    expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
    await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
    await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { origin: baseURL ?? "", "x-forwarded-for": address() },
      timeout: 30_000,
    });
    expect(signIn.status()).toBe(200);
  });

  test("an unknown category is refused, then mapped; the report opens again from /admin/imports", async ({ page }) => {
    const stamp = Date.now();
    const tool = `Qubit Helper ${stamp}`;
    const csv = [HEADER, `${tool},Helps with qubits,Quantum Stuff,https://qubit-helper-${stamp}.example,Free`].join(
      "\n",
    );

    // Imported straight away: the row is refused with the closest names; no category appears.
    await page.goto("/admin/imports");
    await waitForHydration(page);
    await upload(page, `quantum-${stamp}.csv`, csv, "Import");
    await expect(page).toHaveURL(/\/admin\/imports\/\d+$/);
    await expect(page.getByRole("heading", { name: /Refused rows/ })).toBeVisible();
    await expect(page.getByText("Category 'Quantum Stuff' does not exist").first()).toBeVisible();
    const refusedUrl = page.url();
    expect((await page.request.get("/category/quantum-stuff", { maxRedirects: 0 })).status()).toBe(404);

    // The dry run keeps the file; the operator maps the name to an existing category and imports.
    await page.goto("/admin/imports");
    await waitForHydration(page);
    await upload(page, `quantum-${stamp}.csv`, csv, "Dry run");
    await expect(page.getByRole("heading", { name: "Carry out this dry run" })).toBeVisible();
    await page.getByLabel(/'Quantum Stuff' \(1 row\)/).selectOption("research-education");
    // Imports land as drafts unless the operator chooses to publish them (issue 31).
    await page.getByLabel(/Publish on import/).check();
    await page.getByRole("button", { name: "Import with this mapping" }).click();
    await expect(page.getByRole("heading", { name: "Mapped categories (1)" })).toBeVisible();
    await expect(page.getByText("'Quantum Stuff' → Research & Education (1 row)")).toBeVisible();
    await expect(page.getByRole("link", { name: tool })).toBeVisible();
    const mappedUrl = page.url();

    // Later: both runs are listed with their counts and open again.
    await page.goto("/admin/imports");
    const runs = page.getByRole("table");
    const refusedId = refusedUrl.split("/").pop() ?? "";
    const mappedId = mappedUrl.split("/").pop() ?? "";
    // The mapped import's link, and the dry run's badge pointing at it.
    await expect(runs.getByRole("link", { name: `#${mappedId}`, exact: true })).toHaveCount(2);
    await runs
      .getByRole("link", { name: `#${refusedId}`, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(refusedUrl);
    await expect(page.getByText("Category 'Quantum Stuff' does not exist").first()).toBeVisible();

    await page.goto(`/tools?q=${encodeURIComponent(tool)}`);
    await expect(page.getByText(tool).first()).toBeVisible();
  });
});
