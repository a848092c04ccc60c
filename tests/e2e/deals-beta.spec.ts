import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 12's deals and beta journey: the pages start empty; an admin adds a deal and a beta
 * programme in /admin and each appears, with the category filters and their empty states; a member
 * applies to the programme and sees it in the dashboard.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const octet = () => 1 + Math.floor(Math.random() * 254);
const address = () => `10.${octet()}.${octet()}.${octet()}`;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address() } });
  return context.newPage();
}

test.describe.configure({ mode: "serial" });

test("an admin's deal and beta programme appear on /deals and /beta; a member applies", async ({ browser }) => {
  test.setTimeout(120_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const run = Math.random().toString(36).slice(2, 7);

  // Empty states before anything exists (filters keep their own).
  const visitor = await newPage(browser);
  await visitor.goto("/deals?category=video");
  await expect(visitor.getByText("No Video deals right now")).toBeVisible();
  await visitor.goto("/beta?category=audio");
  await expect(visitor.getByText("No programs found")).toBeVisible();

  // The admin adds a deal.
  const admin = await newPage(browser);
  await admin.goto("/sign-in?redirectTo=%2Fadmin%2Fdeals");
  await waitForHydration(admin);
  await admin.getByRole("main").getByLabel("Email").fill(ADMIN_EMAIL);
  await admin.getByRole("main").getByLabel("Password").fill(ADMIN_PASSWORD);
  await admin.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(admin).toHaveURL(/\/admin\/deals/);
  await waitForHydration(admin);
  const dealForm = admin.getByRole("main");
  await dealForm.getByRole("combobox", { name: "Tool" }).fill("midjourney");
  await dealForm.getByLabel("Description").fill(`Spring offer ${run}: 25% off the first year`);
  await dealForm.getByLabel("Original price (USD)").fill("40");
  await dealForm.getByLabel("Deal price (USD)").fill("30");
  await dealForm.getByLabel("Expires on (end of day, UTC)").fill(inDays(14));
  await dealForm.getByLabel("Featured").check();
  await dealForm.getByRole("button", { name: "Add deal" }).click();
  await expect(admin.getByText("Deal created")).toBeVisible();

  // The deal on /deals, under its category, not under another.
  await visitor.goto("/deals");
  await expect(visitor.getByText(`Spring offer ${run}`)).toBeVisible();
  await expect(visitor.getByText("25% off", { exact: true }).first()).toBeVisible();
  await visitor
    .getByRole("navigation", { name: "Deal categories" })
    .getByRole("link", { name: "Image Generation" })
    .click();
  await expect(visitor).toHaveURL(/category=image-generation/);
  await expect(visitor.getByText(`Spring offer ${run}`)).toBeVisible();
  // The pills are the categories with a live deal (issue 36): none for Writing; its address says so.
  await expect(
    visitor.getByRole("navigation", { name: "Deal categories" }).getByRole("link", { name: /^Writing/ }),
  ).toHaveCount(0);
  await visitor.goto("/deals?category=writing");
  await expect(visitor.getByText("No Writing deals right now")).toBeVisible();
  // The tool page offers it.
  await visitor.goto("/tools/midjourney");
  await expect(visitor.getByRole("link", { name: /Get deal/ })).toBeVisible();

  // The admin adds a beta programme with 3 spots, started yesterday.
  await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Beta programs" }).click();
  await expect(admin).toHaveURL(/\/admin\/beta/);
  const betaForm = admin.getByRole("main");
  await betaForm.getByRole("combobox", { name: "Tool" }).fill("midjourney");
  await betaForm.getByLabel("Description").fill(`Video model preview ${run}`);
  await betaForm.getByLabel("Category").selectOption({ label: "Image Generation" });
  await betaForm.getByLabel("Spots").fill("3");
  await betaForm.getByLabel("Start date").fill(inDays(-1));
  await betaForm.getByLabel("Duration (weeks)").fill("6");
  await betaForm.getByLabel("Benefits (one per line)").fill("Free access during the beta\nA say in the roadmap");
  await betaForm.getByLabel("Requirements (one per line)").fill("Feedback every week");
  await betaForm.getByRole("button", { name: "Add program" }).click();
  await expect(admin.getByText("Program created")).toBeVisible();

  await visitor.goto("/beta");
  const card = visitor.getByRole("article").filter({ hasText: `Video model preview ${run}` });
  await expect(card).toBeVisible();
  await expect(card.getByText("3 of 3 spots left")).toBeVisible();
  await expect(card.getByRole("link", { name: "Sign in to apply" })).toBeVisible();
  await visitor
    .getByRole("navigation", { name: "Beta program categories" })
    .getByRole("link", { name: "Analytics" })
    .click();
  await expect(visitor.getByText("No programs found")).toBeVisible();

  // A member signs up and applies.
  const member = await newPage(browser);
  await member.goto("/sign-up?redirectTo=%2Fbeta");
  await waitForHydration(member);
  const signUp = member.getByRole("main");
  await signUp.getByLabel("Name").fill("Bea Tester");
  await signUp.getByLabel("Email").fill(`beta-${run}@example.com`);
  await signUp.getByLabel("Password", { exact: true }).fill("beta-pass-1");
  await signUp.getByLabel("Confirm password").fill("beta-pass-1");
  await signUp.getByRole("button", { name: "Create free account" }).click();
  await expect(member).toHaveURL(/\/beta/);
  await waitForHydration(member);
  const mine = member.getByRole("article").filter({ hasText: `Video model preview ${run}` });
  await mine.getByLabel("Why do you want to join?").fill("I make short films with generated video.");
  await mine.getByRole("button", { name: "Apply Now" }).click();
  await expect(mine.getByText("Application sent!")).toBeVisible();
  await expect(mine.getByText("2 of 3 spots left")).toBeVisible();
  await member.goto("/dashboard/community");
  await expect(member.getByRole("heading", { name: "Your beta programs" })).toBeVisible();
  await expect(member.getByText("Spot reserved")).toBeVisible();
});

/**
 * Issue 21's tool picker (deals, beta programmes and polls share it): with JavaScript a combobox fed
 * by /api/tools?q= (arrows, Enter, Escape); without, a text input the server resolves, a miss
 * answering with the closest tools at the field.
 */
test("the tool picker: a keyboard typeahead, and without JavaScript a miss suggests the closest tools", async ({
  browser,
  baseURL,
}) => {
  const signIn = async (javaScriptEnabled: boolean) => {
    const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "x-forwarded-for": address() } });
    const res = await context.request.post("/api/auth/sign-in/email", {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { origin: baseURL ?? "" },
    });
    expect(res.status()).toBe(200);
    return context.newPage();
  };

  const admin = await signIn(true);
  await admin.goto("/admin/beta");
  await waitForHydration(admin);
  const tool = admin.getByRole("main").getByRole("combobox", { name: "Tool" });
  await expect(tool).toHaveAttribute("aria-expanded", "false");
  await tool.pressSequentially("midj");
  const list = admin.getByRole("listbox", { name: /matching tools/ });
  await expect(list.getByRole("option", { name: /Midjourney/ })).toBeVisible();
  await expect(tool).toHaveAttribute("aria-expanded", "true");
  await tool.press("ArrowDown");
  const first = list.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(tool).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
  await tool.press("Escape");
  await expect(tool).toHaveAttribute("aria-expanded", "false");
  await expect(list).toBeHidden();
  await tool.press("ArrowDown"); // reopens on the first option
  await expect(tool).toHaveAttribute("aria-expanded", "true");
  await tool.press("Enter"); // takes the option: no submit
  await expect(tool).toHaveValue("midjourney");
  await expect(tool).toHaveAttribute("aria-expanded", "false");
  await expect(admin).toHaveURL(/\/admin\/beta$/);

  const plain = await signIn(false);
  await plain.goto("/admin/deals");
  const field = plain.getByRole("main").getByLabel("Tool", { exact: true });
  await expect(field).not.toHaveAttribute("role", "combobox");
  await field.fill("midjurney");
  await plain.getByRole("main").getByLabel("Description").fill("Typo test");
  await plain.getByRole("main").getByLabel("Expires on (end of day, UTC)").fill(inDays(5));
  await plain.getByRole("main").getByLabel("Discount % (only without prices)").fill("10");
  await plain.getByRole("button", { name: "Add deal" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("midjurney");
  await expect(plain.locator("#deal-tool-error")).toContainText("Did you mean Midjourney (midjourney)");
  await plain.context().close();
  await admin.context().close();
});
