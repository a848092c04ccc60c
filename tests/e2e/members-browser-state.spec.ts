import { type Browser, expect, type Page, request, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 31, members' state in the browser: what a visitor saved while signed out is added to an
 * account only when the member says so, a member's saves never stay in the browser after sign-out,
 * and without JavaScript a member still has Add to list and the change-alert control (their own
 * render of the shared tool page, `?own=1`).
 */
const TOOL = "chatgpt";
const PASSWORD = "browser-state-1";
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.7`;
const freshEmail = (what: string) =>
  `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** An account made through the API (optionally set to a tier by the operator); returns its e-mail. */
async function account(baseURL: string, what: string, tier?: "standard"): Promise<string> {
  const email = freshEmail(what);
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": address() },
  });
  const made = await api.post("/api/auth/sign-up/email", { data: { name: "State Member", email, password: PASSWORD } });
  expect(made.status()).toBe(200);
  const { user } = (await made.json()) as { user: { id: string } };
  await api.dispose();
  if (tier) {
    const operator = await request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": address() },
    });
    expect(
      (
        await operator.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
      ).status(),
    ).toBe(200);
    expect((await operator.put(`/api/admin/users/${user.id}`, { data: { tier } })).status()).toBe(200);
    await operator.dispose();
  }
  return email;
}

async function signIn(page: Page, email: string, back: string): Promise<void> {
  await page.goto(`/sign-in?redirectTo=${encodeURIComponent(back)}`);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${back.replace(/[?]/g, "\\?")}$`));
}

async function savedOnServer(page: Page): Promise<string[]> {
  const res = await page.request.get("/api/saved-tools");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { saved: { slug?: string; id?: string }[] };
  return body.saved.map((t) => t.slug ?? t.id ?? "");
}

async function newPage(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "x-forwarded-for": address() } });
  await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);
  return context.newPage();
}

test("a visitor's saves join an account only when asked; a member's never outlive sign-out", async ({
  browser,
  baseURL,
}) => {
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const page = await newPage(browser, baseURL, true);
  const [first, second] = [await account(baseURL ?? "", "state-one"), await account(baseURL ?? "", "state-two")];

  // Signed out: the save is kept in this browser.
  await page.goto(`/tools/${TOOL}`);
  await waitForHydration(page);
  await page.getByTestId("toggle-saved").click();
  await expect(page.getByTestId("toggle-saved")).toHaveAttribute("aria-pressed", "true");

  // The first member is asked, and says yes: the tool is in the account and gone from the browser.
  await signIn(page, first, `/tools/${TOOL}`);
  const prompt = page.getByTestId("saved-tools-prompt");
  await expect(prompt).toContainText("1 tool saved before you signed in");
  await prompt.getByRole("button", { name: "Add to my account" }).click();
  await expect(prompt).toHaveCount(0);
  expect(await savedOnServer(page)).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem("savedTools"))).toBeNull();

  // The member saves nothing into the browser; after sign-out the visitor sees nothing saved.
  await page.getByRole("banner").getByLabel("Account menu for State Member").click();
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto(`/tools/${TOOL}`);
  await waitForHydration(page);
  await expect(page.getByTestId("toggle-saved")).toHaveAttribute("aria-pressed", "false");

  // The second member on the same browser is offered nothing and gets nothing of the first's.
  await signIn(page, second, `/tools/${TOOL}`);
  await waitForHydration(page);
  await expect(page.getByTestId("save-toggles")).toBeVisible();
  await expect(page.getByTestId("saved-tools-prompt")).toHaveCount(0);
  expect(await savedOnServer(page)).toEqual([]);
  await page.context().close();
});

test("a visitor's saves can be declined at sign-in", async ({ browser, baseURL }) => {
  const page = await newPage(browser, baseURL, true);
  const email = await account(baseURL ?? "", "state-decline");
  await page.goto(`/tools/${TOOL}`);
  await waitForHydration(page);
  await page.getByTestId("toggle-favorite").click();
  await expect(page.getByTestId("toggle-favorite")).toHaveAttribute("aria-pressed", "true");
  await signIn(page, email, `/tools/${TOOL}`);
  const prompt = page.getByTestId("saved-tools-prompt");
  await prompt.getByRole("button", { name: "Discard" }).click();
  await expect(prompt).toHaveCount(0);
  const res = await page.request.get("/api/saved-tools");
  expect(((await res.json()) as { favorites: unknown[] }).favorites).toEqual([]);
  await page.context().close();
});

test("without JavaScript a member adds a tool to a list and sets a change alert", async ({ browser, baseURL }) => {
  const page = await newPage(browser, baseURL, false);
  const email = await account(baseURL ?? "", "state-nojs", "standard");
  await signIn(page, email, `/tools/${TOOL}`);

  // The shared page links the member's own render, which has the plain forms.
  await page.getByRole("link", { name: "Add to list" }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${TOOL}\\?own=1$`));
  const lists = page.getByTestId("add-to-list");
  await lists.getByText("Add to list").click();
  await lists.getByLabel("New list").fill("No-script stack");
  await lists.getByRole("button", { name: "Create and add" }).click();
  await expect(page).toHaveURL(/\/dashboard\/lists\?added=/);
  await expect(page.getByRole("main")).toContainText("No-script stack");

  // Alerts need the tool saved: save it on the member's own render, then choose a frequency.
  await page.goto(`/tools/${TOOL}?own=1&tab=history`);
  await page.getByTestId("toggle-saved").click();
  await page.goto(`/tools/${TOOL}?tab=history`);
  await page.getByRole("link", { name: "E-mail alerts for this tool" }).click();
  const form = page.getByTestId("change-alert-form");
  await form.getByLabel("E-mail me when its pricing or status changes:").selectOption("weekly");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${TOOL}\\?own=1&tab=history$`));
  await expect(
    page.getByTestId("change-alert-form").getByLabel("E-mail me when its pricing or status changes:"),
  ).toHaveValue("weekly");
  await page.context().close();
});

test("the error screen names the failing request's id, not the page load's", async ({ browser, baseURL }) => {
  const page = await newPage(browser, baseURL, true);
  await page.goto("/tools");
  await waitForHydration(page);
  const pageLoadId = await page.evaluate(async () => (await fetch("/tools")).headers.get("x-request-id"));
  // The next navigation's data request fails on the server with its own request id.
  await page.route("**/*.data*", (route) =>
    route.fulfill({ status: 500, headers: { "x-request-id": "e2e-failed-request" }, body: "Unexpected Server Error" }),
  );
  await page.getByRole("main").getByRole("link", { name: /^Next/ }).first().click();
  await expect(page.getByText(/error ID: e2e-failed-request/)).toBeVisible();
  expect(pageLoadId).not.toBe("e2e-failed-request");
  await page.context().close();
});
