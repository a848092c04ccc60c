import { expect, request, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 34 items 1 and 2 in a real browser: a free member meets the upgrade prompts for the advanced
 * filters and the comparison sheet (a crafted exclusion URL gives the basic results); an operator makes
 * the member Standard; the member excludes "open source", saves, applies, renames and deletes (in the dashboard) a filter
 * set, and opens the detailed comparison sheet from /compare.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.9`;

test("advanced filters and the comparison sheet: refused on Free, working on Standard", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
  await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);

  const email = `member-tools-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await page.goto("/sign-up");
  await waitForHydration(page);
  const form = page.getByRole("main");
  await form.getByLabel("Name").fill("Member Tools");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("member-tools-1");
  await form.getByLabel("Confirm password").fill("member-tools-1");
  await form.getByRole("button", { name: "Create free account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Free: a crafted exclusion URL gets the basic results with a notice and the plan to get.
  await page.goto("/tools?exclude=open_source");
  await expect(page.getByTestId("advanced-refused")).toBeVisible();
  await expect(page.getByTestId("advanced-filters")).toContainText("are available for Standard and Expert members.");
  await page.goto("/compare?tools=chatgpt,claude");
  await expect(page.getByTestId("sheet-offer")).toContainText("available for Standard and Expert members");
  await page.goto("/compare/sheet?tools=chatgpt,claude");
  await expect(page.getByTestId("sheet-gate")).toContainText("Upgrade to Standard");

  // An operator sets the tier to Standard (the admin API, as an admin signed in elsewhere).
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { id: string } };
  const operator = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "", "x-forwarded-for": address() },
  });
  expect(
    (
      await operator.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
    ).status(),
  ).toBe(200);
  expect((await operator.put(`/api/admin/users/${session.user.id}`, { data: { tier: "standard" } })).status()).toBe(
    200,
  );
  await operator.dispose();

  // Standard: the exclusion is honoured and the filters can be saved under a name.
  await page.goto("/tools?exclude=open_source");
  await expect(page.getByTestId("advanced-refused")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Not open source" })).toBeChecked();
  await page.getByLabel("Save these filters as").fill("Closed source");
  await page.getByRole("button", { name: "Save filter set" }).click();
  // The list is the member's own: the dashboard's "Filter sets" section (/tools is shared per tier).
  await expect(page).toHaveURL(/\/dashboard\/filter-sets\?notice=/);
  await expect(page.getByRole("status").filter({ hasText: "Saved the filter set" })).toBeVisible();
  const sets = page.getByTestId("filter-sets");
  await sets.getByRole("link", { name: "Closed source" }).click();
  await expect(page).toHaveURL(/\/tools\?.*exclude=open_source/);
  await expect(page.getByRole("checkbox", { name: "Not open source" })).toBeChecked();
  await page.getByRole("link", { name: "My filter sets" }).click();
  await expect(page).toHaveURL(/\/dashboard\/filter-sets$/);
  await sets.getByLabel("New name for Closed source").fill("Proprietary tools");
  await sets.getByRole("button", { name: "Rename" }).click();
  await expect(sets.getByRole("link", { name: "Proprietary tools" })).toBeVisible();
  await sets.getByRole("button", { name: "Delete Proprietary tools" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted the filter set" })).toBeVisible();
  await expect(sets.getByRole("link", { name: "Proprietary tools" })).toHaveCount(0);

  // The comparison sheet from /compare: costs, facts with sources, a link to share.
  await page.goto("/compare?tools=chatgpt,claude&seats=2&usage=100");
  await page.getByRole("link", { name: "Open the detailed comparison sheet" }).click();
  await expect(page).toHaveURL(/\/compare\/sheet\?tools=chatgpt,claude&seats=2&usage=100/);
  const sheet = page.getByTestId("compare-sheet");
  await expect(sheet.getByRole("heading", { name: "Plans and cost for your usage" })).toBeVisible();
  await expect(sheet.getByRole("heading", { name: "Facts, sources and dates" })).toBeVisible();
  await expect(page.getByTestId("share-link")).toContainText("/compare/sheet?tools=chatgpt,claude");
});
