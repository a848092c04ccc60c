import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 11's journeys (reviews and polls): a new member reviews a tool (4 stars) → the review is
 * listed, labelled as not counted yet (ADR 0029: accounts count after a day with a verified e-mail;
 * the counting itself is tested in tests/integration/ranking-trust.db.test.ts), the rating does not
 * move → a second member reviews → two reviews listed; the operator attaches a poll in the admin
 * panel; a visitor votes, sees the percentages, and a reload keeps the vote.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const octet = () => 1 + Math.floor(Math.random() * 254);
const address = () => `10.${octet()}.${octet()}.${octet()}`;

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address() } });
  await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL }]);
  return context.newPage();
}

async function signUp(page: Page, baseURL: string, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: "review-pass-1" },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

async function review(page: Page, slug: string, stars: number, comment: string) {
  // A member's tool page is the shared cached page; their own parts (their review, marks) arrive by one
  // personal request after hydration (ADR 0032): the form is filled once they are in.
  const personal = page.waitForResponse((res) => res.url().includes("/api/me/page-state"));
  await page.goto(`/tools/${slug}?tab=reviews`);
  await waitForHydration(page);
  await personal;
  await page.waitForLoadState("networkidle");
  const panel = page.getByTestId("reviews");
  const radio = panel.getByRole("radio", { name: `${stars} ${stars === 1 ? "star" : "stars"}` });
  // The tab is an island: when the personal request changes its props, the server's copy of the form is
  // replaced by the component once its code has loaded (app/lib/island.tsx), and a form filled in between
  // is a new, empty one. Filled again until the filled one is the one on screen.
  await expect(async () => {
    await radio.check();
    await panel.getByLabel("Your review").fill(comment);
    await page.waitForTimeout(300);
    await expect(radio).toBeChecked({ timeout: 500 });
    await expect(panel.getByLabel("Your review")).toHaveValue(comment, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await panel.getByRole("button", { name: "Post review" }).click();
  await expect(panel.getByText("Thanks! Your review is published.")).toBeVisible();
}

test("reviews from new accounts are listed but wait to count; a visitor's poll vote survives a reload", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");

  // A tool nobody has reviewed (other journeys do not review): one of the catalogue, at random.
  const visitor = await newPage(browser, base);
  const list = await visitor.request.get("/api/tools?limit=50&sort=name-asc");
  const { tools } = (await list.json()) as {
    tools: { slug: string; name: string; review_count: number; tier: string }[];
  };
  const candidates = tools.filter((t) => t.review_count === 0 && t.tier === "free");
  const tool = candidates[Math.floor(Math.random() * candidates.length)];
  if (!tool) throw new Error("no unreviewed tool");

  const first = await newPage(browser, base);
  await signUp(first, base, "Rita Reviewer");
  await review(first, tool.slug, 4, "Does the job well, a few rough edges in exports.");
  await first.goto(`/tools/${tool.slug}?tab=reviews`);
  await expect(first.getByTestId("review-pending")).toBeVisible();
  await expect(first.getByTestId("review-not-counted")).toHaveCount(1);
  await expect(first.getByText("★ 4.0 (1)")).toHaveCount(0);

  const second = await newPage(browser, base);
  await signUp(second, base, "Sam Second");
  await review(second, tool.slug, 2, "Too expensive for what it offers, support was slow.");
  await second.goto(`/tools/${tool.slug}?tab=reviews`);
  await expect(second.getByTestId("review")).toHaveCount(2);
  await expect(second.getByTestId("review-not-counted")).toHaveCount(2);
  // The card in search results does not move either: no counted review, no rating.
  await visitor.goto(`/search?q=${encodeURIComponent(tool.name)}`);
  await expect(
    visitor.getByRole("article").filter({ hasText: tool.name }).first().getByTestId("card-facts"),
  ).not.toContainText("(2 reviews)");

  // The operator attaches a poll in the admin panel.
  const admin = await newPage(browser, base);
  const signIn = await admin.request.post("/api/auth/sign-in/email", {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { origin: base },
  });
  expect(signIn.status()).toBe(200);
  await admin.goto("/admin/reviews");
  await waitForHydration(admin);
  const main = admin.getByRole("main");
  await main.getByRole("combobox", { name: "Tool" }).fill(tool.slug);
  await main.getByLabel("Question").fill(`How do you use ${tool.name}?`);
  await main.getByLabel("Option 1").fill("At work");
  await main.getByLabel("Option 2").fill("For fun");
  await main.getByRole("button", { name: "Attach poll" }).click();
  await expect(main.getByText("Poll attached")).toBeVisible();

  // A visitor votes and sees counts with one decimal; a reload keeps the vote.
  await visitor.goto(`/tools/${tool.slug}`);
  await waitForHydration(visitor);
  const poll = visitor.getByTestId("tool-poll");
  await expect(poll.getByText(`How do you use ${tool.name}?`)).toBeVisible();
  await poll.getByRole("radio", { name: "For fun" }).check();
  await poll.getByRole("button", { name: "Vote" }).click();
  await expect(poll.getByText("Thanks for voting!")).toBeVisible();
  await expect(poll.getByText("1 vote · 100.0%")).toBeVisible();
  await expect(poll.getByText("0 votes · 0.0%")).toBeVisible();
  await expect(poll.getByRole("radio", { name: /For fun/ })).toBeDisabled();
  await visitor.reload();
  await expect(poll.getByText("Thanks for voting!")).toBeVisible();
  await expect(poll.getByText("1 vote · 100.0%")).toBeVisible();
  await expect(poll.getByRole("radio", { name: /For fun/ })).toBeChecked();
});
