import { chromium } from "playwright-core";
const base = "http://localhost:3300";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addCookies([{ name: "cookieConsent", value: "essential", url: base }]);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  page.on("console", (m) => { if (m.type() === "error") console.log("console", m.text()); });
  for (const p of ["/pricing", "/payment?tier=expert", "/payment/cancel?reason=declined&tier=standard", "/affiliate-disclosure", "/checkout/standard", "/submit-tool"]) {
    const res = await page.goto(base + p, { waitUntil: "networkidle" });
    console.log(width, "visitor", p, res.status());
    await page.screenshot({ path: `/tmp/shots/v${p.replace(/[/?=&]/g, "_")}-${width}.png`, fullPage: false });
  }
  await page.goto(base + "/sign-in");
  await page.fill('input[name="email"]', "admin@example.com");
  await page.fill('input[name="password"]', "adminpass123");
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/sign-in")), page.locator("main").getByRole("button", { name: "Sign in" }).click()]);
  if (width === 1280) {
    await page.goto(base + "/affiliate", { waitUntil: "networkidle" });
    const join = page.locator("main form").first();
    const email = join.locator('input[type="email"]');
    if (await email.count()) { await email.fill("payouts@example.com"); const cb = join.locator('input[type="checkbox"]'); if (await cb.count()) await cb.check(); await join.getByRole("button").first().click(); await page.waitForLoadState("networkidle"); }
  }
  for (const p of ["/pricing", "/affiliate/dashboard", "/affiliate/resources", "/affiliate/payments", "/referrals", "/admin/users", "/admin/analytics", "/admin/moderation", "/admin/audit", "/dashboard"]) {
    const res = await page.goto(base + p, { waitUntil: "networkidle" });
    console.log(width, "admin", p, res.status(), page.url());
    await page.screenshot({ path: `/tmp/shots/a${p.replace(/[/?=&]/g, "_")}-${width}.png`, fullPage: width > 600 });
  }
  await ctx.close();
}
await browser.close();
