import { randomUUID } from "node:crypto";
import { expect, request, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 23 / ADR 0032: a Standard member's tool page is their tier's shared (cached) page; their
 * own parts arrive with one request after hydration. Without JavaScript the save and compare forms
 * of that page still work for them.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.7`;

async function standardMember(page: import("@playwright/test").Page, baseURL: string) {
  const email = `shared-${randomUUID().slice(0, 8)}@example.com`;
  const name = `Shared Member ${randomUUID().slice(0, 4)}`;
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: "shared-pass-1" },
    headers: { origin: baseURL, "x-forwarded-for": address() },
  });
  expect(signUp.status()).toBe(200);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const operator = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": address() },
  });
  expect(
    (
      await operator.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
    ).status(),
  ).toBe(200);
  expect((await operator.put(`/api/admin/users/${user.id}`, { data: { tier: "standard" } })).status()).toBe(200);
  await operator.dispose();
  return { name, id: user.id };
}

test.describe("a member's shared tool page", () => {
  test("the cached page gets the member's own parts after hydration", async ({ page, baseURL }) => {
    const member = await standardMember(page, baseURL ?? "");
    // Saved through the API first: the shared page knows nothing of it, the personal request does.
    const saved = await page.request.post("/api/saved-tools", {
      data: { tool_id: "midjourney" },
      headers: { origin: baseURL ?? "" },
    });
    expect([200, 201]).toContain(saved.status());
    const personal = page.waitForResponse((res) => res.url().includes("/api/me/page-state"));
    const res = await page.goto("/tools/midjourney");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await waitForHydration(page);
    expect((await personal).status()).toBe(200);
    await expect(page.getByTestId("save-toggles").getByRole("button", { pressed: true }).first()).toBeVisible();
    await expect(page.locator(`[aria-label="Account menu for ${member.name}"]`)).toBeAttached();
  });
});

test.describe("a member's shared tool page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("save and compare with plain forms and links", async ({ page, baseURL }) => {
    await standardMember(page, baseURL ?? "");
    await page.goto("/tools/midjourney");
    // The shared page: the member's links, no sign-in; the toggles are the account's forms.
    await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
    const toggles = page.getByTestId("save-toggles");
    const save = toggles.getByRole("button").first();
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    // The action saved to the account and answered with the member's own page.
    await expect(page.getByTestId("save-toggles").getByRole("button").first()).toHaveAttribute("aria-pressed", "true");
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Midjourney" }).first()).toBeVisible();
    // Compare: a submit button to /compare, then plain forms there.
    await page.goto("/tools?q=airbyte");
    await page.getByRole("button", { name: "Compare Airbyte" }).first().click();
    await expect(page).toHaveURL(/\/compare\?tools=[0-9a-f-]{36}$/);
    await expect(page.getByTestId("compare-card")).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Add a tool" }).fill("appwrite");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByTestId("compare-card")).toHaveCount(2);
  });
});
