import { type APIRequestContext, expect, request, test } from "@playwright/test";

/**
 * Issue 34 items 4 and 9 in a real browser: a Standard member gets "For you" with a reason per tool and
 * is told which plan has the stack, the weekly e-mail and the trends; as Expert the stack form, the
 * weekly e-mail setting and the trends page (SVG charts) work.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.9`;

async function setTier(baseURL: string, userId: string, tier: "standard" | "expert") {
  const operator: APIRequestContext = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": address() },
  });
  expect(
    (
      await operator.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
    ).status(),
  ).toBe(200);
  expect((await operator.put(`/api/admin/users/${userId}`, { data: { tier } })).status()).toBe(200);
  await operator.dispose();
}

test("Standard gets For you with reasons; Expert gets the stack, the weekly e-mail and trends", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const origin = baseURL ?? "";
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
  await context.addCookies([{ name: "cookieConsent", value: "essential", url: origin }]);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));

  const email = `for-you-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "For You", email, password: "for-you-journey-1" },
    headers: { origin },
  });
  expect(signUp.status()).toBe(200);
  const { user } = (await signUp.json()) as { user: { id: string } };

  // Free: the page names the plan that has it.
  await page.goto("/for-you");
  await expect(page.getByTestId("feature-gate")).toContainText("available for Standard and Expert members");

  await setTier(origin, user.id, "standard");
  const { tool } = (await (await page.request.get("/api/tools/midjourney")).json()) as { tool: { id: string } };
  const id = tool.id;
  expect(id).toBeTruthy();
  expect(
    (await page.request.post("/api/saved-tools", { data: { tool_id: id }, headers: { origin } })).status(),
  ).toBeLessThan(300);
  await page.goto("/for-you");
  await expect(page.getByRole("heading", { name: "For you", level: 1 })).toBeVisible();
  const first = page.getByTestId("recommendation").first();
  await expect(first).toContainText("Why: Because you saved");
  await expect(page.getByText("are available for Expert members.")).toBeVisible();
  await page.goto("/insights");
  await expect(page.getByTestId("feature-gate")).toContainText("Advanced analytics is available for Expert members.");

  await setTier(origin, user.id, "expert");
  await page.goto("/for-you");
  await page.getByLabel(/^Tasks/).selectOption(["write-a-blog-post", "improve-grammar-and-spelling"]);
  await page.getByLabel("Monthly budget (USD)").fill("30");
  await page.getByRole("button", { name: "Recommend a stack" }).click();
  const stack = page.getByTestId("stack");
  await expect(stack).toContainText("Write a blog post");
  await expect(stack).toContainText("Known cost:");
  await page.getByRole("button", { name: "Send me the weekly e-mail" }).click();
  await expect(page.getByText("You get this e-mail.")).toBeVisible();

  await page.goto("/insights");
  await expect(page.getByRole("heading", { name: "Trends", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What members like you save" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Price movements by category" })).toBeVisible();
  expect(problems).toEqual([]);
});
