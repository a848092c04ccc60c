import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 35 items 2, 3 and 5: an editor schedules a maker AMA, members ask (without JavaScript) and
 * upvote (with it); a member submits a success story without JavaScript, a moderator publishes it,
 * and it shows on /community/stories, the tool's page and /community's six feature cards.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const octet = () => 1 + Math.floor(Math.random() * 254);
const address = () => `10.${octet()}.${octet()}.${octet()}`;

async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  javaScriptEnabled: boolean,
  who: { email: string; password: string; name?: string },
): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "x-forwarded-for": address() } });
  const path = who.name ? "/api/auth/sign-up/email" : "/api/auth/sign-in/email";
  const res = await context.request.post(path, { data: who, headers: { origin: baseURL ?? "" } });
  expect(res.status()).toBe(200);
  return context.newPage();
}

/** A `datetime-local` value in UTC, `days` from now. */
function utcLocal(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString().slice(0, 16);
}

test("community: six feature cards, an AMA that takes questions and votes, a moderated success story", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const run = Math.random().toString(36).slice(2, 7);

  // /community: the spec's six features, each a link to a working page, never a zero.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto("/community");
  const cards = visitor.getByTestId("community-feature");
  await expect(cards).toHaveCount(6);
  for (const title of [
    "Tool Reviews",
    "Beta Testing",
    "Weekly Newsletter",
    "Discussion Forums",
    "Expert AMAs",
    "Success Stories",
  ]) {
    await expect(cards.filter({ hasText: title })).toHaveCount(1);
  }
  for (const figure of await visitor.getByTestId("community-feature-count").allTextContents()) {
    expect(figure).not.toMatch(/^0\b/);
  }

  // An editor schedules an AMA for a tool (with JavaScript).
  const editor = await signedIn(browser, baseURL, true, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await editor.goto("/community/amas/new?tool=cursor");
  await waitForHydration(editor);
  const form = editor.getByRole("main");
  await form.getByLabel("Title").fill(`Cursor roadmap AMA ${run}`);
  await form.getByLabel(/Starts/).fill(utcLocal(3, 15));
  await form.getByLabel(/Ends/).fill(utcLocal(3, 16));
  await form.getByRole("button", { name: "Schedule the AMA" }).click();
  await expect(editor).toHaveURL(/\/community\/amas\/[0-9a-f-]{36}\?scheduled=1$/);
  await expect(editor.getByText("Your AMA is scheduled")).toBeVisible();
  const amaPath = new URL(editor.url()).pathname;

  // A member asks without JavaScript: a plain form post, the page answers.
  const asker = await signedIn(browser, baseURL, false, {
    name: "Asha Asker",
    email: `asker-${run}@example.com`,
    password: "member-pass-1",
  });
  await asker.goto("/community/amas");
  await asker.getByRole("link", { name: `Cursor roadmap AMA ${run}` }).click();
  await expect(asker).toHaveURL(new RegExp(`${amaPath}$`));
  await asker.getByRole("main").getByLabel("Your question").fill("Will the free plan keep its completions limit?");
  await asker.getByRole("button", { name: "Ask", exact: true }).click();
  await expect(asker.getByText("Your question is in")).toBeVisible();
  await expect(asker.getByTestId("ama-question")).toContainText("Asha Asker");

  // Another member upvotes with JavaScript, once.
  const voter = await signedIn(browser, baseURL, true, {
    name: "Vera Voter",
    email: `voter-${run}@example.com`,
    password: "member-pass-1",
  });
  await voter.goto(amaPath);
  await waitForHydration(voter);
  const question = voter.getByTestId("ama-question").filter({ hasText: "completions limit" });
  await question.getByRole("button", { name: "Upvote" }).click();
  await expect(voter.getByText("Upvoted: 1 vote now")).toBeVisible();
  await expect(question.getByRole("button", { name: "Upvoted" })).toBeDisabled();

  // A member submits a success story without JavaScript.
  await asker.goto("/tools/cursor");
  await asker.getByRole("link", { name: /Share your story/ }).click();
  await expect(asker).toHaveURL(/\/community\/stories\/new\?tool=cursor$/);
  await asker.getByRole("main").getByLabel("Title").fill(`Shipped the refactor in a week ${run}`);
  await asker
    .getByRole("main")
    .getByLabel("The problem")
    .fill("A legacy billing module nobody wanted to touch, 12k lines.");
  await asker.getByRole("main").getByLabel("Tool 2").fill("GitHub Copilot");
  await asker
    .getByRole("main")
    .getByLabel("The outcome")
    .fill("Split into four services with tests; the on-call pages stopped.");
  await asker
    .getByRole("main")
    .getByLabel(/Numbers/)
    .fill("3 weeks planned, 1 week spent");
  await asker.getByRole("button", { name: "Send for review" }).click();
  await expect(asker).toHaveURL(/\/community\/stories\?submitted=1$/);
  await expect(asker.getByTestId("my-story").filter({ hasText: run })).toContainText("Waiting for a moderator");

  // The moderator publishes it (with JavaScript).
  await editor.goto("/admin/stories");
  await waitForHydration(editor);
  const pending = editor.getByTestId("pending-story").filter({ hasText: run });
  await pending.getByRole("button", { name: "Publish" }).click();
  await expect(editor.getByText("Story published.")).toBeVisible();

  // Published: on the stories page, the tool's page and /community.
  await visitor.goto("/community/stories");
  await visitor.getByRole("link", { name: `Shipped the refactor in a week ${run}` }).click();
  await expect(visitor.getByTestId("story-numbers")).toHaveText("3 weeks planned, 1 week spent");
  await visitor.goto("/tools/cursor");
  await expect(visitor.getByTestId("tool-community")).toContainText(`Shipped the refactor in a week ${run}`);
  await visitor.goto("/community");
  await expect(visitor.getByTestId("community-feature").filter({ hasText: "Success Stories" })).toContainText(
    /\d+ stor(y|ies)/,
  );
  await expect(visitor.getByTestId("community-feature").filter({ hasText: "Expert AMAs" })).toContainText(/\d+ AMAs?/);
});
