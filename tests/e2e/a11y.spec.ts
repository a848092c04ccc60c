import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type APIRequestContext, test as base, type Cookie, expect, type Page, request } from "@playwright/test";
import { PAGE_TYPES, PLACEHOLDERS, type Viewer } from "./page-types";
import { waitForHydration } from "./support";

/**
 * Issue 36 item 7 (ADR 0084): every page type (tests/e2e/page-types.ts) — a visitor's, a signed-in
 * Expert member's and an operator's — at 1280 and 390 px, in light and dark: axe reports no
 * violation at all of WCAG 2.0/2.1 A and AA, and the page's layout shift stays under the budget
 * (CLS < 0.02, issue 36 item 4), with the shifting nodes named when it does not.
 *
 * One page load per (page, width): the load is measured for layout shift, scanned in light, then
 * switched to dark on the client (the theme is the `dark` class on <html>, nothing else; transitions
 * off) and scanned again. Visitors arrive as a first visit (the cookie bar shows, in both themes).
 */
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ?? "";
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ?? "";
const CLS_BUDGET = 0.02;
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const DARK_RULES = ["color-contrast", "link-in-text-block"];
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const address = () => `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.84`;

interface Accounts {
  member: Cookie[];
  admin: Cookie[];
  /** Pages that exist only once a member made them: their public profile and a public list. */
  made: Record<string, string>;
}

async function signInOperator(ctx: APIRequestContext): Promise<void> {
  const res = await ctx.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(res.status(), "the operator account is created by the webServer command").toBe(200);
}

/** An Expert member with a public list of two tools, and the operator; signed in once per worker. */
async function accountsFor(baseURL: string): Promise<Accounts> {
  const headers = { origin: baseURL, "x-forwarded-for": address() };
  const operator = await request.newContext({ baseURL, extraHTTPHeaders: headers, timeout: 30_000 });
  const member = await request.newContext({ baseURL, extraHTTPHeaders: headers, timeout: 30_000 });
  try {
    await signInOperator(operator);
    const res = await member.post("/api/auth/sign-up/email", {
      data: {
        name: `Checks Member ${randomUUID().slice(0, 4)}`,
        email: `checks-${randomUUID().slice(0, 8)}@example.com`,
        password: "checks-pass-1",
      },
    });
    expect(res.status()).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    expect((await operator.put(`/api/admin/users/${user.id}`, { data: { tier: "expert" } })).status()).toBe(200);
    const listed = (await (await member.get("/api/tools?limit=2&sort=name-asc")).json()) as { tools: { id: string }[] };
    const title = `Checks list ${randomUUID().slice(0, 6)}`;
    const created = await member.post("/dashboard/lists", {
      form: {
        intent: "create",
        title,
        description: "Tools for the page checks.",
        isPublic: "on",
        toolId: listed.tools[0]?.id ?? "",
      },
    });
    expect(created.ok()).toBe(true);
    const html = await (await member.get("/top-lists")).text();
    const slug = new RegExp(`href="/top-lists/([^"]+)"[^>]*>${title}`).exec(html)?.[1];
    expect(slug, "the member's public list on /top-lists").toBeTruthy();
    return {
      member: (await member.storageState()).cookies,
      admin: (await operator.storageState()).cookies,
      made: { user: user.id, topList: slug as string },
    };
  } finally {
    await member.dispose();
    await operator.dispose();
  }
}

const test = base.extend<{ viewerContext: (viewer: Viewer) => Promise<void> }, { accounts: Accounts }>({
  accounts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use, workerInfo) => use(await accountsFor(workerInfo.project.use.baseURL ?? "")),
    { scope: "worker" },
  ],
  viewerContext: async ({ context, accounts }, use) => {
    await use(async (viewer) => {
      if (viewer !== "visitor") await context.addCookies(accounts[viewer]);
    });
  },
});

// Placeholders resolved once per worker: the first matching link of the page that lists them.
const resolved = new Map<string, string>();
async function fill(path: string, req: APIRequestContext, made: Record<string, string>): Promise<string> {
  const match = /\{(\w+)\}/.exec(path);
  if (!match) return path;
  const key = match[1] as string;
  if (made[key]) return path.replace(match[0], made[key]);
  if (!resolved.has(key)) {
    const spec = PLACEHOLDERS[key];
    if (!spec) throw new Error(`unknown placeholder ${key}`);
    const html = await (await req.get(spec.from, { timeout: 30_000 })).text();
    const value = spec.pattern.exec(html)?.[1];
    expect(value, `a link for {${key}} on ${spec.from}`).toBeTruthy();
    resolved.set(key, value as string);
  }
  return path.replace(match[0], resolved.get(key) as string);
}

/** Layout shifts (without recent input) since navigation, with the nodes that moved. */
function recordShifts(): void {
  const w = window as unknown as { __shifts: { value: number; nodes: string[] }[]; __inflight: number };
  w.__shifts = [];
  w.__inflight = 0;
  const nameOf = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node ? node.nodeName : "(removed)";
    const testId = node.getAttribute("data-testid");
    const cls = (node.getAttribute("class") ?? "").split(/\s+/).slice(0, 3).join(".");
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${testId ? `[data-testid=${testId}]` : ""}${cls ? `.${cls}` : ""} "${(node.textContent ?? "").trim().slice(0, 40)}"`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node }[];
    })[]) {
      if (!entry.hadRecentInput)
        w.__shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((s) => nameOf(s.node)) });
    }
  }).observe({ type: "layout-shift", buffered: true });
  // Requests the page makes after hydration (the member's own parts, the meter) may still move it.
  const original = window.fetch;
  window.fetch = (...args) => {
    w.__inflight++;
    return original(...args).finally(() => {
      w.__inflight--;
    });
  };
}

async function settle(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForFunction(() => (window as unknown as { __inflight: number }).__inflight === 0);
  // Two frames: what the last response rendered has been laid out (and any shift reported).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * axe-core itself (the copy @axe-core/playwright runs), injected once per page load and run
 * directly, asking for violations only: AxeBuilder injects it again for every scan and opens a blank
 * page to assemble each result, which made a scan two to three times slower (ADR 0084).
 */
const resolveHere = createRequire(import.meta.url).resolve;
const AXE_SOURCE = readFileSync(
  createRequire(resolveHere("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Light: every rule of WCAG 2.0/2.1 A and AA. Dark: the rules whose outcome depends on colour. The
 * theme changes colours and nothing else (no `dark:` utility in app/ touches display, size or
 * visibility — ADR 0084), so the other rules would repeat the light scan's answer at twice the cost.
 */
async function axe(page: Page, only?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = only ? { type: "rule", values: only } : { type: "tag", values: WCAG_TAGS };
  const violations = await page.evaluate(async (options) => {
    type Result = { id: string; impact: string; help: string; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<{ violations: Result[] }> } }
    ).axe;
    const { violations } = await axe.run(document, { runOnly: options, resultTypes: ["violations"] });
    return violations.map((v) => ({ ...v, nodes: v.nodes.map((n) => ({ target: n.target.map(String) })) }));
  }, runOnly);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s), e.g. ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

test.describe.configure({ mode: "parallel" });

// The viewport is the context's from its creation (an anonymous group per width): resized after the
// context opened, the page could lay out once at the default 1280 × 720 and then at 800 px high, which
// moved the fixed cookie bar at the bottom and read as a layout shift of 0.0228 on any page, once a run.
for (const size of WIDTHS) {
  test.describe(() => {
    test.use({ viewport: size });
    for (const { path, viewer } of PAGE_TYPES) {
      test(`${viewer} ${path} at ${size.width} px: no axe violation in light or dark, CLS < ${CLS_BUDGET}`, async ({
        page,
        viewerContext,
        accounts,
      }) => {
        test.setTimeout(60_000);
        await viewerContext(viewer);
        await page.addInitScript(recordShifts);
        const url = await fill(path, page.request, accounts.made);
        // This file checks what a page is, not how fast it comes: in the whole run, a member's first personal
        // page once took 18.8 s to arrive while two workers opened it at once (its own run: 6 s). Speed
        // has its budgets in `npm run bench` and `npm run lighthouse`.
        await page.goto(url, { timeout: 40_000 });
        await settle(page);

        const shifts = await page.evaluate(
          () => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts,
        );
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        const named = shifts.map((s) => `${s.value.toFixed(4)}: ${s.nodes.join(", ")}`);
        expect.soft(cls, `layout shift on ${url} at ${size.width} px:\n${named.join("\n")}`).toBeLessThan(CLS_BUDGET);

        expect.soft(await axe(page), `axe, light, ${url} at ${size.width} px`).toEqual([]);
        await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important;animation:none!important}" });
        await page.evaluate(() => document.documentElement.classList.add("dark"));
        expect.soft(await axe(page, DARK_RULES), `axe, dark, ${url} at ${size.width} px`).toEqual([]);
      });
    }
  });
}
