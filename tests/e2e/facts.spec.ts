import { type APIRequestContext, expect, test } from "@playwright/test";

/**
 * Issue 20: a tool page says where its facts come from and lists their history; a price verified
 * from a member's correction shows beside the pricing model on the page and on the tool's card.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const octet = () => 1 + Math.floor(Math.random() * 254);

async function post(request: APIRequestContext, baseURL: string, path: string, data?: unknown) {
  return request.post(path, { data, headers: { origin: baseURL } });
}

test("the tool page shows its facts' sources and history", async ({ page }) => {
  await page.goto("/tools/midjourney");
  const sources = page.getByTestId("fact-sources");
  await expect(sources).toContainText("Where these facts come from");
  // A quiet footnote, folded (issue 36): opened, seeded facts name their dataset and its licence.
  await sources.locator("summary").click();
  await expect(sources.getByText(/Category · from .+ \((MIT|CC0-1\.0|CC BY 4\.0)\)/)).toBeVisible();
  await page.goto("/tools/midjourney?tab=history");
  const history = page.getByTestId("fact-history");
  await expect(history).toBeVisible();
  await expect(history).toContainText(/Listed from .+ \(\d+ facts\)/);
});

test("a verified price shows on the tool page, in its history and on its card", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const base = baseURL as string;
  const run = Math.random().toString(36).slice(2, 7);
  const member = await playwright.request.newContext({
    baseURL: base,
    extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
  });
  const signUp = await post(member, base, "/api/auth/sign-up/email", {
    name: "Price Finder",
    email: `price-${run}@example.com`,
    password: "member-pass-1",
  });
  expect(signUp.status()).toBe(200);
  const proposed = await post(member, base, "/api/community/corrections", {
    toolId: "perplexity-ai",
    field: "price",
    value: "$20/month",
    evidence_url: "https://www.perplexity.ai/pro",
  });
  expect(proposed.status()).toBe(201);
  const { correction } = (await proposed.json()) as { correction: { id: string } };

  const admin = await playwright.request.newContext({
    baseURL: base,
    extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
  });
  const signIn = await post(admin, base, "/api/auth/sign-in/email", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(signIn.status()).toBe(200);
  const verified = await post(admin, base, `/api/admin/corrections/${correction.id}/verify`);
  expect(verified.status()).toBe(200);

  await page.goto("/tools/perplexity-ai");
  await expect(page.getByTestId("tool-pricing")).toContainText("$20/month");
  await expect(page.getByTestId("fact-sources")).toContainText(/Price · corrected by a member \(Correction #/);
  await page.goto("/tools/perplexity-ai?tab=history");
  const change = page.getByTestId("fact-history").locator('[data-field="pricing"]').first();
  // In a reader's words (issue 36): what changed and why, no rule or file names.
  await expect(change).toContainText(/Price (noted|changed to)/);
  await expect(change).toContainText("$20/month");
  await expect(change).toContainText("A member's correction, checked by our editors");

  await page.goto("/search?q=Perplexity%20AI");
  const card = page.getByTestId("tool-card").filter({ hasText: "Perplexity AI" }).first();
  await expect(card.getByTestId("card-facts")).toContainText("$20/month");
});
