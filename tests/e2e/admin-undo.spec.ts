import { randomUUID } from "node:crypto";
import { expect, request, test } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Issue 21 (undo): a mis-ticked reject is reopened by an operator from the moderation queue; the
 * submission is back in the queue and the maker hears of it by e-mail.
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const address = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.21`;

test("an operator reopens a rejected submission and the maker is told", async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  expect(ADMIN_EMAIL, "the operator account is created by the webServer command").not.toBe("");
  const origin = baseURL ?? "";
  const run = randomUUID().slice(0, 6);
  const name = `Wombat Notetaker ${run}`;
  const makerEmail = `maker-${run}@example.com`;

  // The maker signs up and submits through the API (the submit form has its own journey).
  const maker = await request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { origin, "x-forwarded-for": address() },
  });
  expect(
    (
      await maker.post("/api/auth/sign-up/email", {
        data: { name: "Wren Maker", email: makerEmail, password: "maker-pass-1" },
      })
    ).status(),
  ).toBe(200);
  const submitted = await maker.post("/api/submissions", {
    data: {
      name,
      description: "Takes tidy notes in meetings.",
      url: `https://wombat-notetaker-${run}.io`,
      category: "writing",
    },
  });
  expect(submitted.status()).toBe(201);
  await maker.dispose();

  // The operator rejects it by mistake…
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address() });
  await context.addCookies([{ name: "cookieConsent", value: "essential", url: origin }]);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { origin, "x-forwarded-for": address() },
  });
  expect(signIn.status()).toBe(200);
  await page.goto("/admin/moderation?limit=100");
  await waitForHydration(page);
  const item = page.getByTestId("queue-item").filter({ hasText: name });
  await item.getByLabel(/^Reason/).fill("Not an AI tool");
  await item.getByRole("button", { name: `Reject ${name}` }).click();
  await expect(page.getByTestId("moderation-result")).toHaveText("Submission rejected.");

  // …and reopens it from the rejected list.
  await page.goto("/admin/moderation?status=rejected&limit=100");
  const rejected = page.getByTestId("queue-item").filter({ hasText: name });
  await rejected.getByLabel(/^Why reopen/).fill("Rejected by mistake");
  await rejected.getByRole("button", { name: `Reopen decision on ${name}` }).click();
  await expect(page.getByTestId("moderation-result")).toContainText("Decision reopened");

  // Back in the pending queue, with the decision buttons.
  await page.goto("/admin/moderation?limit=100");
  await expect(
    page
      .getByTestId("queue-item")
      .filter({ hasText: name })
      .getByRole("button", { name: `Approve ${name}` }),
  ).toBeVisible();

  // The maker's inbox has the rejection and the reopening (the job runner sends within a poll or two).
  await expect(async () => {
    await page.goto("/dev/mail");
    const mails = page.getByTestId("outbox-message").filter({ hasText: `To ${makerEmail}` });
    await expect(mails.filter({ hasText: `Your submission "${name}" is being reviewed again` })).toHaveCount(1);
    await expect(mails.filter({ hasText: "Rejected by mistake" })).toHaveCount(1);
  }).toPass({ timeout: 20_000 });
});
