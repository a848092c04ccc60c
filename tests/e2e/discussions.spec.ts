import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Discussions (issue 35 item 1, issue 34 item 7; ADR 0076): a new member asks on a tool's board (the
 * question waits for a moderator, as a new account's review does), the admin keeps it, a member
 * answers and the asker accepts — with JavaScript, and again with plain forms and no script at all.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const octet = () => 1 + Math.floor(Math.random() * 254);
const address = () => `10.${octet()}.${octet()}.${octet()}`;

async function newPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "x-forwarded-for": address() } });
  return context.newPage();
}

async function signUp(page: Page, name: string, email: string, redirectTo: string, js: boolean) {
  await page.goto(`/sign-up?redirectTo=${encodeURIComponent(redirectTo)}`);
  if (js) await waitForHydration(page);
  const form = page.getByRole("main");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("member-pass-1");
  await form.getByLabel("Confirm password").fill("member-pass-1");
  await form.getByRole("button", { name: "Create free account" }).click();
  await expect(page).toHaveURL(new RegExp(redirectTo.replace(/[/?]/g, "\\$&")));
}

async function keepAsAdmin(browser: Browser, title: string, js: boolean) {
  const admin = await newPage(browser, js);
  await admin.goto("/sign-in?redirectTo=%2Fadmin%2Fdiscussions");
  if (js) await waitForHydration(admin);
  await admin.getByRole("main").getByLabel("Email").fill(ADMIN_EMAIL);
  await admin.getByRole("main").getByLabel("Password").fill(ADMIN_PASSWORD);
  await admin.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(admin).toHaveURL(/\/admin\/discussions/);
  if (js) await waitForHydration(admin);
  const item = admin.getByTestId("discussion-queue-item").filter({ hasText: title }).first();
  await item.getByRole("button", { name: "Keep" }).click();
  await expect(admin.getByText("Decision saved: keep")).toBeVisible();
  await admin.context().close();
}

for (const js of [true, false]) {
  test(`ask, wait for a moderator, answer and accept ${js ? "with" : "without"} JavaScript`, async ({ browser }) => {
    test.setTimeout(120_000);
    expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
    const run = Math.random().toString(36).slice(2, 7);
    const title = `Can it export to PDF? ${run}`;

    // A new member asks on the tool's board, reached from the tool page.
    const asker = await newPage(browser, js);
    await signUp(asker, "Asha Asker", `asker-${run}@example.com`, "/tools/cursor", js);
    await asker.getByRole("link", { name: "Discussions", exact: true }).click();
    await expect(asker).toHaveURL(/\/tools\/cursor\/discussions$/);
    if (js) await waitForHydration(asker);
    await asker.getByLabel("Title").fill(title);
    await asker.getByLabel("Your question").fill("I need a PDF of the chat for a client report.");
    await asker.getByRole("button", { name: "Post question" }).click();
    await expect(asker).toHaveURL(/\/community\/discussions\/[0-9a-f-]{36}\?posted=held$/);
    await expect(asker.getByText("wait for a moderator before others see them")).toBeVisible();
    const threadUrl = asker.url().replace(/\?.*$/, "");

    // The moderator keeps it; the board shows it and the search finds it.
    await keepAsAdmin(browser, title, js);
    const visitor = await newPage(browser, js);
    await visitor.goto("/tools/cursor/discussions");
    if (js) await waitForHydration(visitor);
    await visitor.getByLabel("Search discussions").fill(run);
    await visitor.getByRole("button", { name: "Search" }).click();
    await expect(visitor).toHaveURL(new RegExp(`q=${run}`));
    await visitor.getByRole("link", { name: title }).click();
    await expect(visitor).toHaveURL(threadUrl);

    // Another member answers (held too: a new account), the moderator keeps it, the asker accepts it.
    const helper = await newPage(browser, js);
    await signUp(helper, "Hugo Helper", `helper-${run}@example.com`, threadUrl.replace(/^https?:\/\/[^/]+/, ""), js);
    if (js) await waitForHydration(helper);
    await helper.getByLabel("Answer", { exact: true }).fill("Use Share, then Print to PDF from the browser.");
    await helper.getByRole("button", { name: "Post answer" }).click();
    await expect(helper).toHaveURL(/done=reply-held$/);
    await keepAsAdmin(browser, title, js);
    await asker.goto(threadUrl);
    if (js) await waitForHydration(asker);
    await expect(asker.getByText("1 answer", { exact: true })).toBeVisible();
    await asker.getByRole("button", { name: "Accept this answer" }).click();
    await expect(asker).toHaveURL(/done=accepted$/);
    await expect(asker.getByText("Accepted answer")).toBeVisible();

    // The VIP space names the plan that has it.
    await asker.goto("/community/vip");
    await expect(asker.getByText("The VIP community is available for Expert members.")).toBeVisible();
    await expect(asker.getByRole("link", { name: "Upgrade to Expert" })).toHaveAttribute("href", "/pricing");
  });
}
