import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measurePageWeight, PAGE_WEIGHT_TARGETS } from "../../bench/page-weight.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The page-weight budget of the discovery issue, on the production build: sizes, not timings, so
 * they do not depend on the machine. `npm run weigh` shows the module-by-module breakdown.
 */
let server: TestServer;
let member: Member;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
  member = await createMember(server, { tier: "standard" });
});
afterAll(() => server?.close());

const clientDir = path.join(BUILD_DIR, "client");

describe("page weight", () => {
  it("a tool page loads at most 120 KB of JavaScript and 40 KB of HTML (gzip)", async () => {
    const w = await measurePageWeight(server.url, "/tools/midjourney", clientDir);
    const detail = w.modules.map((m) => `${m.file} ${m.gzip}`).join("\n");
    expect(w.jsGzip, detail).toBeLessThanOrEqual(PAGE_WEIGHT_TARGETS.toolPageJs);
    expect(w.htmlGzip).toBeLessThanOrEqual(PAGE_WEIGHT_TARGETS.toolPageHtml);
  });

  it("the blog, documentation and info pages keep the 120 KB first-load budget, without the Markdown renderer", async () => {
    const pages = [
      "/blog",
      "/blog/how-we-test-ai-tools",
      "/documentation",
      "/documentation/public-api",
      "/about",
      "/privacy",
    ];
    for (const page of pages) {
      const w = await measurePageWeight(server.url, page, clientDir);
      expect(w.jsGzip, page).toBeLessThanOrEqual(PAGE_WEIGHT_TARGETS.toolPageJs);
      // Markdown is rendered and sanitised on the server only: neither library reaches the browser.
      for (const m of w.modules) {
        const code = readFileSync(path.join(clientDir, m.file), "utf8");
        expect(/sanitize-html|allowedSchemesByTag|marked\.parse/.test(code), `${page}: ${m.file}`).toBe(false);
      }
    }
  });

  it("lazily loaded parts stay out of the first load: the compare sheet, the sign-up form and zod", async () => {
    for (const page of ["/", "/tools/midjourney", "/tools"]) {
      const w = await measurePageWeight(server.url, page, clientDir);
      const files = w.modules.map((m) => m.file).join(" ");
      expect(files, page).not.toMatch(/compare-sheet|sign-up-form|account-forms|form-checks/);
      // By content too: modules are merged into shared chunks, so a file name would not show zod.
      for (const m of w.modules) {
        const code = readFileSync(path.join(clientDir, m.file), "utf8");
        expect(code.includes("ZodError"), `${page}: ${m.file} carries zod`).toBe(false);
      }
    }
    // The check can fail: the sign-up form's chunk does carry zod.
    const forms = readdirSync(path.join(clientDir, "assets")).filter((f) => f.endsWith(".js"));
    expect(forms.some((f) => readFileSync(path.join(clientDir, "assets", f), "utf8").includes("ZodError"))).toBe(true);
  });

  it("the community pages keep the 120 KB first-load budget (issue 11)", async () => {
    for (const page of ["/community", "/corrections", "/achievements", "/community-verified", "/feedback"]) {
      const w = await measurePageWeight(server.url, page, clientDir);
      expect(w.jsGzip, page).toBeLessThanOrEqual(PAGE_WEIGHT_TARGETS.toolPageJs);
    }
  });

  /**
   * Issue 23: every page type a person can open, for a visitor and for a signed-in Standard member
   * (whose shared pages are their tier's cached page, ADR 0032), keeps 120 KB of JavaScript and 40 KB
   * of HTML (gzip). The list is checked against the build's route manifest: a new page needs a row.
   */
  it("every page type, for visitors and members, keeps 120 KB of JavaScript and 40 KB of HTML (gzip)", {
    timeout: 240_000,
  }, async () => {
    const db = server.services.db;
    const [cat] = await queryRows<{ slug: string }>(db, sql`SELECT slug FROM categories ORDER BY slug LIMIT 1`);
    const samples: Record<string, string | null> = {
      "/": "/",
      "/tools": "/tools",
      "/tools/premium-tool-id": "/tools/premium-tool-id",
      "/tools/:idOrSlug": "/tools/midjourney",
      "/cookies": "/cookies",
      "/newsletter/unsubscribe": "/newsletter/unsubscribe",
      "/newsletter/confirm": "/newsletter/confirm",
      "/deals": "/deals",
      "/beta": "/beta",
      "/compare": "/compare?tools=midjourney,chatgpt",
      "/compare/sheet": "/compare/sheet?tools=midjourney,chatgpt",
      "/search": "/search?q=image",
      "/categories": "/categories",
      "/category/:categoryId": `/category/${cat?.slug}`,
      "/tasks": "/tasks",
      "/tasks/:slug": "/tasks/summarise-a-video",
      "/sign-in": "/sign-in",
      "/sign-up": "/sign-up",
      "/forgot-password": "/forgot-password",
      "/reset-password": "/reset-password",
      "/sign-out": "/sign-out",
      "/dashboard": "/dashboard",
      "/dashboard/profile": "/dashboard/profile",
      "/dashboard/filter-sets": "/dashboard/filter-sets",
      "/dashboard/billing": "/dashboard/billing",
      "/dashboard/community": "/dashboard/community",
      "/dashboard/submissions": "/dashboard/submissions",
      "/dashboard/support": "/dashboard/support",
      "/user/:userId": `/user/${member.id}`,
      "/pricing": "/pricing",
      "/upgrade": "/upgrade",
      "/checkout": "/checkout?tier=standard",
      "/checkout/:tier": "/checkout/expert",
      "/payment": "/payment",
      "/payment/success": "/payment/success",
      "/payment/cancel": "/payment/cancel",
      "/referrals": "/referrals",
      "/affiliate": "/affiliate",
      "/affiliate/dashboard": "/affiliate/dashboard",
      "/affiliate/resources": "/affiliate/resources",
      "/affiliate/payments": "/affiliate/payments",
      "/affiliate-disclosure": "/affiliate-disclosure",
      "/submit-tool": "/submit-tool",
      "/dashboard/lists": "/dashboard/lists",
      "/top-lists": "/top-lists",
      "/top-lists/:slug": "/top-lists/no-such-list",
      "/trending": "/trending",
      "/tools/:idOrSlug/correct": "/tools/midjourney/correct",
      "/tools/:idOrSlug/claim": "/tools/midjourney/claim",
      "/tools/:idOrSlug/maker": "/tools/midjourney/maker",
      "/claim/verify": "/claim/verify",
      "/corrections": "/corrections",
      "/achievements": "/achievements",
      "/community-verified": "/community-verified",
      "/community": "/community",
      // Issue 35: maker AMAs and success stories.
      "/community/amas": "/community/amas",
      "/community/amas/new": "/community/amas/new",
      "/community/amas/:id": "/community/amas/00000000-0000-4000-8000-000000000000",
      "/community/stories": "/community/stories",
      "/community/stories/new": "/community/stories/new",
      "/community/stories/:id": "/community/stories/00000000-0000-4000-8000-000000000000",
      "/community/discussions": "/community/discussions",
      "/community/discussions/:threadId": "/community/discussions/00000000-0000-4000-8000-000000000000",
      "/community/vip": "/community/vip",
      // Issue 34: a list shared by its private link (an unknown token: the page's own not-found answer).
      "/lists/shared/:token": "/lists/shared/no-such-token-0000000000",
      "/tools/:idOrSlug/discussions": "/tools/midjourney/discussions",
      "/for-you": "/for-you",
      "/insights": "/insights",
      "/feedback": "/feedback",
      "/polls": "/polls",
      "/verify-company": "/verify-company",
      "/support": "/support",
      "/contact": "/contact",
      "/dashboard/support/:id": "/dashboard/support/00000000-0000-0000-0000-000000000000",
      "/dashboard/api-keys": "/dashboard/api-keys",
      // Issue 34: the exports section and Expert's reports (a member below Expert sees the plan to get).
      "/dashboard/exports": "/dashboard/exports",
      "/reports": "/reports",
      "/reports/:scope/:slug": "/reports/category/writing",
      "/documentation/api": "/documentation/api",
      "/blog": "/blog",
      "/blog/:slug": "/blog/how-we-test-ai-tools",
      "/documentation": "/documentation",
      "/documentation/:slug": "/documentation/public-api",
      "/about": "/about",
      "/how-we-test": "/how-we-test",
      "/accessibility": "/accessibility",
      "/privacy": "/privacy",
      "/terms": "/terms",
      "/how-we-rank": "/how-we-rank",
      "/graveyard": "/graveyard",
      "/open-data": "/open-data",
      "/changes": "/changes",
      "*": "/no-such-page",
      // Not page types: permanent redirects to another page, links that record and redirect, the
      // development outbox (404 in production) and the test provider's approval page.
      "/category/:categoryId/:toolId": null,
      "/go/:slug": null,
      "/login": null,
      "/signup": null,
      "/dev/mail": null,
      "/payment/test/:providerOrderId": null,
    };
    const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
    const fullPath = (id: string): string => {
      const r = build.routes[id];
      if (!r) return "";
      const parent = r.parentId ? fullPath(r.parentId) : "";
      return r.path ? `${parent.replace(/\/$/, "")}/${r.path}`.replace(/^\/\*$/, "*") : parent || "/";
    };
    const pages = Object.entries(build.routes)
      .filter(([, r]) => r && (r.path || r.index) && r.module.default)
      .map(([id]) => fullPath(id))
      .filter((p) => !p.startsWith("/admin"));
    expect(
      pages.filter((p) => !(p in samples)),
      "page routes without a sample path",
    ).toEqual([]);

    // Pages over the 120 KB first-load budget when this test was written (issue 23; measured on the
    // production build, bytes of gzip). Each may not grow past its figure here, and must leave this
    // list when it is brought under the budget; any other page over the budget fails. The shared
    // frame (React, React Router, the site layout) is 113.4 KB of it (115.4 KB before ADR 0051), most
    // of which is React and React Router themselves. The sign-in, sign-up and password pages left the list when zod left
    // their first load (zod-free checks, server/modules/accounts/form-checks.ts); the dashboard left it
    // when it was split into a section per page (ADR 0050). Measure on a build made with a real
    // node_modules (ADR 0055): a symlinked one orders the frame chunk differently (~461 B lighter).
    const OVER_BUDGET: Record<string, number> = {
      // Empty from ADR 0060 to ADR 0081: merging issue 34's and 36's pages grew the shared frame by
      // ~0.4 KB (the domain monograms on every card) and /tools by ~2.3 KB (the advanced-filter form).
      // Each may not grow past its figure here; ADR 0081 names the work that takes them back under.
      "/": 120_500,
      "/tools": 122_400,
      "/compare?tools=midjourney,chatgpt": 120_800,
      "/search?q=image": 120_500,
      // Stop 40: the locked Expert deal card (ADR 0083) on /deals, and /beta beside it (ADR 0081).
      "/deals": 120_500,
      "/beta": 120_200,
    };
    const cookie = { cookie: member.client.cookieHeader };
    const over: string[] = [];
    const figures: string[] = [];
    let measured = 0;
    for (const sample of Object.values(samples)) {
      if (!sample) continue;
      for (const [who, headers] of [
        ["visitor", {}],
        ["member", cookie],
      ] as const) {
        const probe = await fetch(`${server.url}${sample}`, { headers, redirect: "manual" });
        await probe.arrayBuffer();
        if (probe.status >= 300 && probe.status < 400) continue; // a member page asks visitors to sign in
        const w = await measurePageWeight(server.url, sample, clientDir, { headers, anyStatus: true });
        measured++;
        figures.push(`${who.padEnd(7)} ${String(w.jsGzip).padStart(7)} ${String(w.htmlGzip).padStart(6)} ${sample}`);
        const budget = OVER_BUDGET[sample] ?? PAGE_WEIGHT_TARGETS.toolPageJs;
        if (w.jsGzip > budget) over.push(`${who} ${sample}: JS ${w.jsGzip} B gzip (budget ${budget})`);
        if (sample in OVER_BUDGET && w.jsGzip <= PAGE_WEIGHT_TARGETS.toolPageJs) {
          over.push(`${who} ${sample}: now in budget (${w.jsGzip} B): take it off OVER_BUDGET`);
        }
        if (w.htmlGzip > PAGE_WEIGHT_TARGETS.toolPageHtml) over.push(`${who} ${sample}: HTML ${w.htmlGzip} B gzip`);
      }
    }
    expect(measured).toBeGreaterThan(90);
    // Per page: who, first-load JS and HTML (bytes of gzip), the path; the heaviest first.
    console.log(
      `page weight (JS, HTML gzip):\n${figures.sort((a, b) => Number(b.slice(8, 15)) - Number(a.slice(8, 15))).join("\n")}`,
    );
    console.log(`page weight: ${measured} pages measured; over budget: ${over.length ? over.join("; ") : "none"}`);
    expect(over).toEqual([]);
  });
});
