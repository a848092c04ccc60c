import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measurePageWeight, PAGE_WEIGHT_TARGETS } from "../../bench/page-weight.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The page-weight budget of the discovery issue, on the production build: sizes, not timings, so
 * they do not depend on the machine. `npm run weigh` shows the module-by-module breakdown.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
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
      expect(files, page).not.toMatch(/compare-sheet|sign-up-form|account-forms/);
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
});
