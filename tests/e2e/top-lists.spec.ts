import { expect, request, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Top lists and trending in a real browser: a member made Standard by an operator creates a public
 * list from one tool page, adds a second tool from another, and finds the list on /top-lists and on
 * their public profile; /trending renders (empty on a fresh install, which is the honest state).
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.9`;

test.describe("top lists", () => {
  let problems: string[] = [];
  test.beforeEach(async ({ page, context, baseURL }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
    await context.addCookies([{ name: "cookieConsent", value: "essential", url: baseURL ?? "http://127.0.0.1" }]);
    problems = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
    });
  });
  test.afterEach(() => {
    expect(problems, "no page errors or console errors").toEqual([]);
  });

  test("a Standard member publishes a list built from tool pages; it shows on /top-lists and the profile", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
    const email = `lists-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    await page.goto("/sign-up");
    await waitForHydration(page);
    const form = page.getByRole("main");
    await form.getByLabel("Name").fill("List Curator");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill("list-curator-1");
    await form.getByLabel("Confirm password").fill("list-curator-1");
    await form.getByRole("button", { name: "Create free account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Free: the tool page says lists come with a paid plan.
    const listed = await page.request.get("/api/tools?limit=2&sort=name-asc");
    const [first, second] = ((await listed.json()) as { tools: { slug: string; name: string }[] }).tools;
    if (!first || !second) throw new Error("the catalogue has fewer than two tools");
    await page.goto(`/tools/${first.slug}`);
    await page.getByTestId("add-to-list").locator("summary").click();
    await expect(page.getByTestId("add-to-list-refusal")).toContainText("not included in your Free plan");

    // An operator makes the member Standard.
    const session = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { id: string } };
    const operator = await request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL ?? "", "x-forwarded-for": address() },
    });
    expect(
      (
        await operator.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
      ).status(),
    ).toBe(200);
    expect((await operator.put(`/api/admin/users/${session.user.id}`, { data: { tier: "standard" } })).status()).toBe(
      200,
    );
    await operator.dispose();

    // From the first tool page: create a public list holding the tool.
    await page.goto(`/tools/${first.slug}`);
    await waitForHydration(page);
    const addFirst = page.getByTestId("add-to-list");
    await addFirst.locator("summary").click();
    await addFirst.getByLabel("New list").fill("My favourite AI tools");
    await addFirst.getByLabel("Public").check();
    await addFirst.getByRole("button", { name: "Create and add" }).click();
    await expect(page).toHaveURL(/\/dashboard\/lists/);
    await expect(page.getByText(`Added ${first.name} to “My favourite AI tools”.`)).toBeVisible();

    // From the second tool page: add it to that list.
    await page.goto(`/tools/${second.slug}`);
    await waitForHydration(page);
    const addSecond = page.getByTestId("add-to-list");
    await addSecond.locator("summary").click();
    await addSecond.getByRole("combobox", { name: /^List/ }).selectOption({ label: "My favourite AI tools" });
    await addSecond.getByRole("button", { name: `Add ${second.name}` }).click();
    await expect(page.getByText(`Added ${second.name} to “My favourite AI tools”.`)).toBeVisible();

    // On /top-lists with the author's name, and on the list's own page in order.
    await page.goto("/top-lists");
    const card = page.getByTestId("top-lists").getByRole("listitem").filter({ hasText: "My favourite AI tools" });
    await expect(card).toContainText("by List Curator");
    await expect(card).toContainText("2 tools");
    await card.getByRole("link", { name: "My favourite AI tools" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("My favourite AI tools");
    const tools = page.getByTestId("top-list-tools").getByRole("heading", { level: 2 });
    await expect(tools.nth(0)).toContainText(first.name);
    await expect(tools.nth(1)).toContainText(second.name);
    // Shareable (issue 21): og: tags for unfurls and a Copy link button.
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /My favourite AI tools/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/top-lists\//);
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();

    // On the public profile.
    await page.goto(`/user/${session.user.id}`);
    const lists = page.getByRole("region", { name: "Top lists" });
    await expect(lists.getByRole("link", { name: "My favourite AI tools" })).toBeVisible();
    await expect(lists).toContainText(`${first.name}, ${second.name}`);
  });

  test("/trending renders its honest state", async ({ page }) => {
    await page.goto("/trending");
    await expect(page.getByRole("heading", { level: 1, name: "Trending tools" })).toBeVisible();
    const list = page.getByTestId("trending-list");
    if (await list.count()) await expect(list.getByRole("listitem").first()).toContainText("this week");
    else await expect(page.getByText("Nothing is trending right now")).toBeVisible();
  });
});
