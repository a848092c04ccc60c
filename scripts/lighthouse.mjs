#!/usr/bin/env node
// Lighthouse on five page types with budgets (issue 36 items 4 and 7, ADR 0084): `npm run lighthouse`
// after `npm run build`. Not part of `npm test` (≈ 15 s a page on the 2-core machine).
//
// Runs Lighthouse 12.2.3 (the last line that runs on Node 20) against Debian's Chromium
// (CHROMIUM, default /usr/bin/chromium). The server: LIGHTHOUSE_BASE_URL if given, else the built
// server is started here on a fresh data directory the way the journeys start it (seeded on first
// start, or from the test run's kept snapshot). LIGHTHOUSE_MODULE points at another installation of
// the package (a directory holding lighthouse/ and chrome-launcher/) for a trial without adding it.
//
// Budgets: each page type, on the mobile preset (simulated throttling) and on desktop, must keep
// accessibility, best practices and SEO at 100 with no failed audit in them, and CLS under 0.02;
// exit 1 when one is missed. Total blocking time is printed against issue 36's targets as a warning,
// not a failure: Lighthouse simulates the phone's CPU from the host's own trace, so on a shared
// 2-core machine it measures the machine as much as the page (the table shows Lighthouse's
// benchmark index beside it). LIGHTHOUSE_STRICT_TBT=1 makes those targets fail too.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const PAGES = [
  { name: "home", path: "/" },
  { name: "tools", path: "/tools" },
  { name: "tool page", path: "/tools/midjourney" },
  { name: "search", path: "/search?q=video", seo: false /* noindex on purpose */ },
  { name: "community", path: "/community" },
];
/** Scores are 0–100; ms for TBT. Mobile TBT is on Lighthouse's simulated 4× slower CPU. */
const BUDGETS = {
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  cls: 0.02,
  tbt: { mobile: 200, desktop: 200 },
};
const STRICT_TBT = process.env.LIGHTHOUSE_STRICT_TBT === "1";

async function load(name) {
  const dir = process.env.LIGHTHOUSE_MODULE;
  if (!dir)
    return import(name).catch(() => {
      console.error(`${name} is not installed: add "lighthouse": "12.2.3" to devDependencies (ADR 0084).`);
      process.exit(2);
    });
  const main = name === "lighthouse" ? "core/index.js" : "dist/index.js";
  return import(pathToFileURL(path.join(dir, name, main)).href);
}

async function startServer() {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 3299);
  const dataDir = path.join(os.tmpdir(), `toolscape-lighthouse-${randomUUID()}`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    SEED_ON_START: "1",
    LINK_CHECK_ENABLED: "0",
    JOBS_DEFER: "open-data.dump,catalog.duplicates.refresh,catalog.quality.refresh",
    DATABASE_URL: "",
    DATA_DIR: dataDir,
  };
  const child = spawn("sh", ["-c", "npx tsx tests/e2e/start-from-snapshot.ts && exec node build/server.js"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("the server did not start in 180 s");
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const { default: lighthouse } = await load("lighthouse");
const chromeLauncher = await load("chrome-launcher");
const server = process.env.LIGHTHOUSE_BASE_URL
  ? { base: process.env.LIGHTHOUSE_BASE_URL.replace(/\/$/, ""), stop: () => {} }
  : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});

const rows = [];
const misses = [];
const warnings = [];
try {
  for (const formFactor of ["mobile", "desktop"]) {
    for (const page of PAGES) {
      const url = `${server.base}${page.path}`;
      // A warm-up request: the first render of a page fills the server's caches.
      await fetch(url).then((r) => r.arrayBuffer());
      const started = Date.now();
      // A run Lighthouse could not record (its runtimeError, e.g. NO_NAVSTART: a trace without the
      // navigation's start, now and then on headless Chromium) has no scores: run it again, twice at most,
      // and report the error itself if it persists, not a page scored 0.
      let result;
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(
          url,
          { port: chrome.port, output: "json", logLevel: "error" },
          {
            extends: "lighthouse:default",
            settings: {
              onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
              formFactor,
              screenEmulation:
                formFactor === "mobile"
                  ? { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false }
                  : { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
              ...(formFactor === "desktop"
                ? { throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1 } }
                : {}),
            },
          },
        );
        if (!result.lhr.runtimeError) break;
        console.warn(`${page.name} (${formFactor}): ${result.lhr.runtimeError.code}, attempt ${attempt} of 3`);
      }
      if (result.lhr.runtimeError) {
        misses.push(`${page.name} (${formFactor}): Lighthouse could not measure it (${result.lhr.runtimeError.code})`);
        continue;
      }
      const { categories, audits } = result.lhr;
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      const row = {
        page: page.name,
        form: formFactor,
        perf: score("performance"),
        a11y: score("accessibility"),
        bp: score("best-practices"),
        seo: score("seo"),
        cls: Number((audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3)),
        tbt: Math.round(audits["total-blocking-time"].numericValue ?? 0),
        lcp: Math.round(audits["largest-contentful-paint"].numericValue ?? 0),
        bench: Math.round(result.lhr.environment.benchmarkIndex),
        s: Math.round((Date.now() - started) / 1000),
      };
      rows.push(row);
      const miss = (what) => misses.push(`${page.name} (${formFactor}): ${what}`);
      if (row.a11y < BUDGETS.accessibility) miss(`accessibility ${row.a11y} < ${BUDGETS.accessibility}`);
      if (row.bp < BUDGETS["best-practices"]) miss(`best practices ${row.bp} < ${BUDGETS["best-practices"]}`);
      if (page.seo !== false && row.seo < BUDGETS.seo) miss(`SEO ${row.seo} < ${BUDGETS.seo}`);
      if (row.cls >= BUDGETS.cls) miss(`CLS ${row.cls} ≥ ${BUDGETS.cls}`);
      if (row.tbt >= BUDGETS.tbt[formFactor]) {
        const over = `${page.name} (${formFactor}): TBT ${row.tbt} ms ≥ ${BUDGETS.tbt[formFactor]} ms`;
        if (STRICT_TBT) misses.push(over);
        else warnings.push(over);
      }
      for (const [id, audit] of Object.entries(audits)) {
        const inCategory = ["accessibility", "best-practices", "seo"].some((c) =>
          categories[c]?.auditRefs.some((ref) => ref.id === id && ref.weight > 0),
        );
        // The search page is noindex on purpose (its canonical answers are /tools and the category pages).
        const exempt = page.seo === false && id === "is-crawlable";
        if (inCategory && !exempt && audit.score !== null && audit.score < 1)
          miss(`failed audit ${id}: ${audit.title}`);
      }
    }
  }
} finally {
  await chrome.kill();
  server.stop();
}

console.table(rows);
if (warnings.length > 0)
  console.warn(`\nOver issue 36's TBT targets (warning):\n${warnings.map((w) => `  - ${w}`).join("\n")}`);
if (misses.length > 0) {
  console.error(`\nBudgets missed:\n${[...new Set(misses)].map((m) => `  - ${m}`).join("\n")}`);
  process.exit(1);
}
console.log("Every budget held.");
