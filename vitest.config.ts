import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import LongFirstSequencer from "./tests/helpers/sequencer.ts";

/**
 * Unit tests (*.test.ts) run once. Database tests (*.db.test.ts) run against PGlite always, and
 * against PostgreSQL too when TEST_DATABASE_URL is set: the same files, one project per engine.
 *
 * TEST_SCOPE=fast (`npm run test:fast`, the inner loop): unit tests and the database tests that do not
 * serve the production build, on PGlite only — no build, no browser, no cluster. A database test
 * needs the build when it starts a server with `pages: true`, reads BUILD_DIR, or runs the fuzz
 * helpers; `npm test` builds (when the build is stale) and runs everything (ADR 0033).
 */
const FAST = process.env.TEST_SCOPE === "fast";
const DB_TESTS = ["server/**/*.db.test.ts", "tests/integration/**/*.db.test.ts"];
const NEEDS_BUILD = /pages: true|BUILD_DIR|startFuzzTarget|fuzzSweep/;
const dbTestFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".db.test.ts"))
    .map((f) => path.join(dir, f));
const needsBuild = FAST
  ? ["server", "tests/integration"]
      .flatMap((dir) => dbTestFiles(dir))
      .filter((f) => NEEDS_BUILD.test(readFileSync(f, "utf8")))
  : [];

// PostgreSQL runs the files whose answers can differ between the engines, marked on a line of their own
// `// engine: both — <why>`: concurrent writes that must settle once (money, votes, limits, claims),
// transactions that must roll back whole, the pool, outages and restarts, job claiming, and the search
// extensions (trigram, vector or its exact-scan fallback). Every other file runs on PGlite alone: PGlite is
// PostgreSQL's own code, so a query's answer is the same; what differs is what the marked files test (ADR 0086).
const BOTH_ENGINES = /^\/\/ engine: both — \S/m;
const bothEngines = ["server", "tests/integration"]
  .flatMap((dir) => dbTestFiles(dir))
  .filter((f) => BOTH_ENGINES.test(readFileSync(f, "utf8")));

const dbProject = (engine: "pglite" | "postgres") => ({
  test: {
    name: engine,
    include: engine === "postgres" ? bothEngines : DB_TESTS,
    exclude: ["**/node_modules/**", ...needsBuild],
    globalSetup: ["tests/helpers/global-setup.ts"],
    // `npm test` builds beside the global setup; a file starts once the build has ended (ADR 0095).
    setupFiles: ["tests/helpers/await-build.ts"],
    // The process runs as production does (ADR 0094): React's production build (its development build took a
    // fifth of a page-rendering file's time, 46 → 36 s for a hostile-input shard) and better-auth's production
    // behaviour (its origin check is skipped when NODE_ENV is "test"). Raw rows are still checked against
    // their schemas (ROW_CHECK=1; production leaves that off).
    env: { TEST_ENGINE: engine, NODE_ENV: "production", ROW_CHECK: "1" },
    // One module graph per worker, shared by the files it runs (ADR 0093): the server's modules are imported
    // once per worker, not once per file. TEST_ISOLATE=1 gives every file its own graph, to check whether a
    // file leaks state into the next.
    isolate: process.env.TEST_ISOLATE === "1",
    // The pages' production build (build/server/, 2.4 MB) is imported by Node itself, as in production, not
    // through Vite's module runner: the runner appended an 11 MB inline source map to it, sent 14 MB to every
    // worker, and in a long-lived worker its source-map lookup (a regular expression over that map) threw
    // `RangeError: Maximum call stack size exceeded` whenever an error's stack was read — better-call reads
    // one for every refused sign-in, which then answered 500 (ADR 0064's addendum, ADR 0093).
    server: { deps: { external: [/\/build\/server\//] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // One file per core (ADR 0057; Vitest's own default is one fewer, so one file at a time on 2 cores).
    // Two workers measured faster in CI (Vitest 975 s against 1,140 s, ADR 0053); the connection that
    // run lost in the hostile-input sweep was the server's, not the load's: @hono/node-server destroyed
    // a kept-alive socket whose request body it could not drain in 500 ms, after the client had put it
    // back in its pool (server/platform/unread-body.ts now closes such a connection openly).
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: process.env.VITEST_MAX_WORKERS ? undefined : Math.max(1, os.availableParallelism()),
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        // Components import app/ by its alias (tsconfig "paths"), as React Router's build resolves it.
        resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
        test: {
          name: "unit",
          include: ["server/**/*.test.ts", "app/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "**/node_modules/**"],
          // One graph per worker here too (ADR 0093): the 72 files took 22.4 s isolated, 9.8 s shared.
          isolate: process.env.TEST_ISOLATE === "1",
        },
      },
      // bench:cluster in its short mode (two instances, a private PostgreSQL cluster): once per run.
      ...(FAST
        ? []
        : [
            {
              test: {
                name: "cluster",
                include: ["tests/integration/**/*.cluster.test.ts"],
                setupFiles: ["tests/helpers/await-build.ts"],
                testTimeout: 240_000,
              },
            },
          ]),
      dbProject("pglite"),
      ...(process.env.TEST_DATABASE_URL && !FAST ? [dbProject("postgres")] : []),
    ],
  },
});
