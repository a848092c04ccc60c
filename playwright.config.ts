import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end suite: builds are not made here (run `npm run build` first); the production server
 * (`node build/server.js`) is started on a fixed port against a fresh PGlite data directory, which
 * is migrated and seeded with the real catalogue on first start — or starts as the seeded snapshot
 * the Vitest run kept, when there is one for the same migrations and seed (tests/e2e/start-from-snapshot.ts).
 * Set E2E_DATABASE_URL to run against PostgreSQL instead.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? "";
// Debian's headless shell of the same Chromium (package chromium-headless-shell: Blink and V8 without the
// browser's UI), which is what Playwright itself runs headless; the full browser when only it is installed.
// The shell ran the same checks in 0.70 of the time on the 2-core machine (ADR 0089). CHROMIUM picks another.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const BROWSER = process.env.CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// The config is evaluated by the runner and again by every worker; workers inherit the runner's
// environment, so the directory is chosen once per run. It is created by the server on start and
// removed by the global teardown.
process.env.TOOLSCAPE_E2E_DATA_DIR ??= path.join(os.tmpdir(), `toolscape-e2e-${randomUUID()}`);
const DATA_DIR = process.env.TOOLSCAPE_E2E_DATA_DIR;
// An operator account for journeys that change a member's tier (PUT /api/admin/users/{id}). It is
// created with the operator CLI before the server starts (the embedded database allows one process
// at a time); a fresh address per run, so a reused PostgreSQL database is fine too.
process.env.TOOLSCAPE_E2E_ADMIN_EMAIL ??= `e2e-operator-${randomUUID().slice(0, 8)}@example.com`;
process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD ??= `op-${randomUUID()}`;
const ADMIN_EMAIL = process.env.TOOLSCAPE_E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.TOOLSCAPE_E2E_ADMIN_PASSWORD;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  // One retry: a journey that fails and then passes is reported as flaky by name at the end of `npm test`
  // (scripts/test.mjs), counted, and fixed; it does not hide a journey that fails twice. On a loaded
  // 2-core machine a few of 312 journeys lost a race with hydration or a slow page per whole run
  // (stop 40: 5). E2E_RETRIES=0 shows every first failure.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  // A journey of many steps on a loaded 2-core machine (a server, two browsers and Vitest's leftovers): 30 s
  // and 5 s were Playwright's defaults, and the whole runs of stop 40 lost journeys to them (a 20-step
  // compare journey at 30 s; a queue that took over 5 s to drop a rejected item). A passing journey is not
  // slower for them.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL: BASE_URL,
    navigationTimeout: 30_000,
    actionTimeout: 10_000,
    // A trace is recorded on a failed journey's retry, not for every journey: recording one (screenshots and DOM
    // snapshots at each step) for all 296 and keeping only the failures' cost about 8 % of the page checks'
    // CPU (two alternating runs each of the 96 checks at 1280 px: 224 and 236 against 219 and 198 CPU-seconds).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: BROWSER,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx tsx tests/e2e/start-from-snapshot.ts --operator ${ADMIN_EMAIL} ${ADMIN_PASSWORD} && node build/server.js`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      LOG_LEVEL: "warn",
      SEED_ON_START: "1",
      // The password-reset journey reads the reset e-mail from the dev outbox page.
      MAIL_OUTBOX_PAGE: "1",
      // Each journey presents its own client address (X-Forwarded-For), so the per-address limits
      // on sign-up (5 a minute) apply per journey, not to the whole run.
      TRUST_PROXY: "1",
      // The link checker would reach real websites: the journeys never need the internet.
      LINK_CHECK_ENABLED: "0",
      // No journey reads the open-data dump, the duplicate finder's pairs or a fresh quality pass (the seed
      // scored the catalogue); on the embedded engine their catalogue-wide queries held every request for
      // ~10 s after boot (the journeys' first pages timed out). The server refuses a type it does not run.
      JOBS_DEFER: "open-data.dump,catalog.duplicates.refresh,catalog.quality.refresh",
      // Set explicitly so a DATABASE_URL in the caller's environment never leaks into the run.
      DATABASE_URL,
      ...(DATABASE_URL ? {} : { DATA_DIR }),
    },
  },
});
