import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 10's journey: a visitor types a tool, signs up without losing it and submits; a second
 * tool follows; an admin bulk-rejects without a reason (refused), rejects one with a reason and
 * approves the other; the maker's dashboard shows both decisions, the approved tool is live in
 * search and both e-mails are in the outbox.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const octet = () => 1 + Math.floor(Math.random() * 254);
const address = () => `10.${octet()}.${octet()}.${octet()}`;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address() } });
  return context.newPage();
}

async function fillTool(page: Page, tool: { name: string; url: string; description: string }) {
  const main = page.getByRole("main");
  await main.getByLabel("Tool name").fill(tool.name);
  await main.getByLabel("Description").fill(tool.description);
  await main.getByLabel("Website URL").fill(tool.url);
  await main.getByLabel("Category", { exact: true }).selectOption({ label: "Image Generation" });
}

test("a submission goes through the moderation queue to the maker's dashboard, search and inbox", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const run = Math.random().toString(36).slice(2, 7);
  const email = `maker-${run}@example.com`;
  const rejectName = `Platypus Doodler ${run}`;
  const approveName = `Numbat Sketchpad ${run}`;

  // A visitor fills in the form; blanks get our messages, not the browser's.
  const maker = await newPage(browser);
  await maker.goto("/submit-tool");
  await waitForHydration(maker);
  await maker.getByRole("button", { name: "Sign in and submit" }).click();
  await expect(maker.getByText("Tool name is required")).toBeVisible();
  await expect(maker.getByText("Valid URL is required")).toBeVisible();
  await fillTool(maker, {
    name: rejectName,
    url: `https://platypus-doodler-${run}.io`,
    description: "Doodles for platypus lovers.",
  });
  await maker.getByRole("button", { name: "Sign in and submit" }).click();

  // Sign in is asked for; signing up instead keeps the return address, and the form comes back filled.
  await expect(maker).toHaveURL(/\/sign-in\?redirectTo=/);
  await maker.getByRole("main").getByRole("link", { name: "Join free", exact: true }).click();
  await expect(maker).toHaveURL(/\/sign-up\?redirectTo=/);
  await waitForHydration(maker);
  const signUp = maker.getByRole("main");
  await signUp.getByLabel("Name").fill("Maya Maker");
  await signUp.getByLabel("Email").fill(email);
  await signUp.getByLabel("Password", { exact: true }).fill("maker-pass-1");
  await signUp.getByLabel("Confirm password").fill("maker-pass-1");
  await signUp.getByRole("button", { name: "Create free account" }).click();
  await expect(maker).toHaveURL(/\/submit-tool\?/);
  await expect(maker.getByRole("main").getByLabel("Tool name")).toHaveValue(rejectName);
  await waitForHydration(maker);
  await maker.getByRole("button", { name: "Submit tool" }).click();
  await expect(maker.getByText("is in the moderation queue")).toBeVisible();

  // A second tool, from the dashboard's Add New Tool.
  await maker.goto("/dashboard");
  await maker.getByRole("link", { name: "Add New Tool" }).click();
  await expect(maker).toHaveURL(/\/submit-tool$/);
  await waitForHydration(maker);
  await fillTool(maker, {
    name: approveName,
    url: `https://numbat-sketchpad-${run}.io`,
    description: "A sketchpad that tidies drawings.",
  });
  await maker.getByRole("button", { name: "Submit tool" }).click();
  await expect(maker.getByText("is in the moderation queue")).toBeVisible();

  // The admin signs in and opens the queue.
  const admin = await newPage(browser);
  await admin.goto("/sign-in?redirectTo=%2Fadmin%2Fmoderation%3Flimit%3D100");
  await waitForHydration(admin);
  await admin.getByRole("main").getByLabel("Email").fill(ADMIN_EMAIL);
  await admin.getByRole("main").getByLabel("Password").fill(ADMIN_PASSWORD);
  await admin.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(admin).toHaveURL(/\/admin\/moderation/);
  await waitForHydration(admin);
  const item = (name: string) => admin.getByTestId("queue-item").filter({ hasText: name });
  await expect(item(rejectName)).toBeVisible();
  await expect(item(approveName)).toBeVisible();

  // Bulk reject without a reason is refused with the spec's message.
  await admin.getByRole("checkbox", { name: `Select ${rejectName}` }).check();
  await admin.getByRole("checkbox", { name: `Select ${approveName}` }).check();
  await admin.getByRole("button", { name: "Bulk reject" }).click();
  await expect(admin.getByText("Please provide a rejection reason")).toBeVisible();

  // One rejected with a reason, the other approved.
  await item(rejectName)
    .getByLabel(/^Reason/)
    .fill("Not an AI tool");
  await item(rejectName)
    .getByRole("button", { name: `Reject ${rejectName}` })
    .click();
  await expect(admin.getByTestId("moderation-result")).toHaveText("Submission rejected.");
  await expect(item(rejectName)).toHaveCount(0);
  await item(approveName)
    .getByRole("button", { name: `Approve ${approveName}` })
    .click();
  await expect(admin.getByTestId("moderation-result")).toHaveText("Submission approved.");
  await expect(item(approveName)).toHaveCount(0);

  // The maker's dashboard shows both decisions; the approved tool is live in search.
  await maker.goto("/dashboard/submissions");
  const mine = (name: string) => maker.getByTestId("my-submission").filter({ hasText: name });
  await expect(mine(rejectName)).toContainText("Rejected");
  await expect(mine(rejectName)).toContainText("Not an AI tool");
  await expect(mine(approveName)).toContainText("Approved");
  await mine(approveName).getByRole("link", { name: "See it in the directory" }).click();
  await expect(maker.getByRole("heading", { level: 1, name: approveName })).toBeVisible();
  await maker.goto(`/search?q=${encodeURIComponent(approveName)}`);
  await expect(
    maker.getByRole("list", { name: "Search results" }).getByRole("article").filter({ hasText: approveName }),
  ).toHaveCount(1);

  // Both e-mails reached the maker (the job runner sends them within a poll or two).
  await expect(async () => {
    await maker.goto("/dev/mail");
    const mails = maker.getByTestId("outbox-message").filter({ hasText: `To ${email}` });
    await expect(mails.filter({ hasText: `${approveName} is now listed on Toolscape` })).toHaveCount(1);
    await expect(mails.filter({ hasText: `Your submission "${rejectName}" was not accepted` })).toHaveCount(1);
  }).toPass({ timeout: 20_000 });
});
