import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/** The affiliate programme and referrals in a real browser: join, a visitor through the link, the figures. */
const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const octet = () => 1 + Math.floor(Math.random() * 254);

async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // One client address per person (the server trusts X-Forwarded-For in the e2e run).
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
  return page;
}

async function signUp(page: Page, name: string, next = "/dashboard", email = uniqueEmail("growth")) {
  await page.goto(`/sign-up?redirectTo=${encodeURIComponent(next)}`);
  await waitForHydration(page);
  const form = page.getByRole("main");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("growth-secret-1");
  await form.getByLabel("Confirm password").fill("growth-secret-1");
  await form.getByRole("button", { name: "Create free account" }).click();
}

test("an affiliate joins, a visitor follows the link and signs up: one click on the dashboard", async ({ browser }) => {
  const affiliate = await newPerson(browser);
  await signUp(affiliate, "Ava Affiliate", "/affiliate");
  await expect(affiliate).toHaveURL(/\/affiliate$/);
  await affiliate.getByLabel("PayPal e-mail for payouts").fill("ava-paypal@example.com");
  await affiliate.getByLabel("I accept the affiliate terms above.").check();
  await affiliate.getByRole("button", { name: "Join the programme" }).click();
  await expect(affiliate).toHaveURL(/\/affiliate\/dashboard$/);
  const link = await affiliate.getByRole("textbox", { name: "Affiliate link" }).inputValue();
  expect(link).toMatch(/\/a\/[A-Z2-9]{8}$/);
  await expect(affiliate.getByRole("button", { name: "Copy affiliate link" })).toBeVisible();

  const visitor = await newPerson(browser);
  await visitor.goto(`${new URL(link).pathname}?to=/tools/midjourney`);
  await expect(visitor).toHaveURL(/\/tools\/midjourney$/);
  await signUp(visitor, "Vic Visitor");
  await expect(visitor).toHaveURL(/\/dashboard$/);

  await affiliate.reload();
  const clicks = affiliate.locator("div", { has: affiliate.getByText("Clicks", { exact: true }) }).last();
  await expect(clicks).toContainText("1");
  await expect(affiliate.getByText("No commissions yet.")).toBeVisible();
});

test("a member invites a friend by e-mail; a friend who joins through the link and confirms earns 7 days of Standard", async ({
  browser,
}) => {
  const member = await newPerson(browser);
  await signUp(member, "Rory Referrer", "/referrals");
  await expect(member).toHaveURL(/\/referrals$/);
  await expect(member.getByRole("textbox", { name: "Invite link" })).toHaveValue(/\/r\/[A-Z2-9]{8}$/);
  const friend = uniqueEmail("friend");
  await member.getByLabel("Friend's e-mail").fill(friend);
  await member.getByRole("button", { name: "Send invitation" }).click();
  await expect(member.getByText(`Invitation sent to ${friend}`)).toBeVisible();
  await expect(member.getByRole("cell", { name: friend })).toBeVisible();
  await expect(member.getByRole("cell", { name: "Invited" })).toBeVisible();

  const link = await member.getByRole("textbox", { name: "Invite link" }).inputValue();
  const friendPage = await newPerson(browser);
  await friendPage.goto(new URL(link).pathname);
  await expect(friendPage).toHaveURL(/\/sign-up$/);
  const friendEmail = uniqueEmail("fran");
  await signUp(friendPage, "Fran Friend", "/dashboard", friendEmail);
  await expect(friendPage).toHaveURL(/\/dashboard$/);
  await member.reload();
  await expect(member.getByRole("cell", { name: "Fran Friend" })).toBeVisible();
  await expect(member.getByRole("cell", { name: "Joined" })).toBeVisible();
  const days = member.locator("div", { has: member.getByText("Days of Standard earned", { exact: true }) }).last();
  // The reward waits for the friend's confirmed address (ADR 0024).
  await expect(days).toContainText("0");
  await friendPage.goto("/dev/mail");
  const mail = friendPage
    .getByTestId("outbox-message")
    .filter({ hasText: `To ${friendEmail}` })
    .first();
  await expect(mail.getByRole("heading", { name: "Confirm your Toolscape e-mail address" })).toBeVisible();
  const confirm = await mail.getByRole("link", { name: /\/api\/auth\/verify-email\?token=/ }).getAttribute("href");
  const confirmUrl = new URL(String(confirm));
  await friendPage.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
  await member.reload();
  await expect(days).toContainText("7");
});
