import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 11's correction journey: a member proposes a pricing correction from the tool page, another
 * member votes for it, the admin verifies it in the review; the tool page shows the new pricing and
 * the proposer's next page announces the Detective badge.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const octet = () => 1 + Math.floor(Math.random() * 254);
const address = () => `10.${octet()}.${octet()}.${octet()}`;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address() } });
  return context.newPage();
}

async function signUp(page: Page, name: string, email: string, redirectTo: string) {
  await page.goto(`/sign-up?redirectTo=${encodeURIComponent(redirectTo)}`);
  await waitForHydration(page);
  const form = page.getByRole("main");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("member-pass-1");
  await form.getByLabel("Confirm password").fill("member-pass-1");
  await form.getByRole("button", { name: "Create free account" }).click();
  await expect(page).toHaveURL(new RegExp(redirectTo.replace(/[/?]/g, "\\$&")));
}

test("a pricing correction is proposed, voted, verified, applied and earns the Detective badge", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const run = Math.random().toString(36).slice(2, 7);

  // The proposer opens the tool page and suggests a correction.
  const proposer = await newPage(browser);
  await signUp(proposer, "Petra Proposer", `proposer-${run}@example.com`, "/tools/cursor");
  await proposer.getByRole("link", { name: "Suggest a correction" }).click();
  await expect(proposer).toHaveURL(/\/tools\/cursor\/correct$/);
  await waitForHydration(proposer);
  const form = proposer.getByRole("main");
  await form.getByLabel("Which fact is wrong?").selectOption("pricing_model");
  await form.getByLabel(/Correct pricing model/).selectOption({ label: "Open Source" });
  await form.getByLabel(/Evidence URL/).fill("https://cursor.com/pricing");
  await form.getByLabel(/Message/).fill("The editor's source is public now.");
  await form.getByRole("button", { name: "Submit correction" }).click();
  await expect(proposer).toHaveURL(/\/corrections\?proposed=/);
  await expect(proposer.getByText("Your correction is listed below")).toBeVisible();

  // Another member votes for it.
  const voter = await newPage(browser);
  await signUp(voter, "Victor Voter", `voter-${run}@example.com`, "/corrections");
  await waitForHydration(voter);
  const card = voter.getByTestId("correction").filter({ hasText: "Cursor" }).filter({ hasText: "Open Source" }).first();
  await card.getByRole("button", { name: "Vote for this correction" }).click();
  await expect(card.getByText("Thanks for voting: 1 vote now")).toBeVisible();
  await expect(card.getByRole("button", { name: "Voted" })).toBeDisabled();

  // The admin verifies it in the review.
  const admin = await newPage(browser);
  await admin.goto("/sign-in?redirectTo=%2Fadmin%2Fcommunity");
  await waitForHydration(admin);
  await admin.getByRole("main").getByLabel("Email").fill(ADMIN_EMAIL);
  await admin.getByRole("main").getByLabel("Password").fill(ADMIN_PASSWORD);
  await admin.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(admin).toHaveURL(/\/admin\/community/);
  await waitForHydration(admin);
  const review = admin
    .getByTestId("review-correction")
    .filter({ hasText: "Cursor" })
    .filter({ hasText: "Open Source" });
  await expect(review).toContainText("1 vote");
  await review.getByRole("button", { name: "Verify" }).click();
  await expect(admin.getByText("Correction verified and badge awarded!")).toBeVisible();

  // The proposer's next page: the new pricing and the badge's toast.
  await proposer.goto("/tools/cursor");
  await expect(proposer.getByText("New Achievement Unlocked: Detective!")).toBeVisible();
  const head = proposer.getByRole("main").locator("header");
  await expect(head.getByText("Open Source", { exact: true })).toBeVisible();
  await expect(head.getByText("✓ Verified")).toBeVisible();
  await proposer.goto("/achievements");
  await expect(proposer.getByTestId("badge-detective")).toContainText("You earned it");
  await expect(proposer.getByText("New Achievement Unlocked")).toHaveCount(0);
});
