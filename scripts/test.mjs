// `npm test`: build the app (page and e2e tests serve the real build), run Vitest (unit tests, and
// database tests on PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then the Playwright
// journeys in Debian's Chromium. Ends with one summary line: "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

mkdirSync("test-results", { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

if (process.env.SKIP_BUILD !== "1") {
  if (run("npm", ["run", "build"]) !== 0) {
    console.error("Build failed: no tests were run.");
    process.exit(1);
  }
}

const vitestJson = "test-results/vitest.json";
rmSync(vitestJson, { force: true });
if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: database tests run on PGlite only (CI runs PostgreSQL too).");
}
const vitestStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
if (vitestStatus !== 0) exitCode = 1;
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, "utf8"));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else if (vitestStatus !== 0) totals.failed += 1;

if (process.env.SKIP_E2E === "1") {
  console.log("SKIP_E2E=1: the Playwright journeys were not run.");
} else {
  const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    console.error(`End-to-end tests need Chromium at ${chromium}: install it with 'apt-get install -y chromium'.`);
    totals.failed += 1;
    exitCode = 1;
  } else {
    const e2eJson = "test-results/e2e.json";
    rmSync(e2eJson, { force: true });
    const status = run("npx", ["playwright", "test"]);
    if (status !== 0) exitCode = 1;
    if (existsSync(e2eJson)) {
      const s = JSON.parse(readFileSync(e2eJson, "utf8")).stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
    } else if (status !== 0) totals.failed += 1;
  }
}

console.log(`\nSummary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed ? 1 : 0));
