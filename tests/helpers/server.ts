import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { PasswordHashing } from "../../server/modules/accounts/index.ts";
import { DUPLICATES_REFRESH_JOB, QUALITY_PASS_JOB } from "../../server/modules/catalog/index.ts";
import type { GrowthWiring } from "../../server/modules/growth/index.ts";
import { OPEN_DATA_JOB } from "../../server/modules/syndication/index.ts";
import type { Clock } from "../../server/platform/clock.ts";
import { STATISTICS_JOB } from "../../server/platform/db/statistics.ts";
import { type DnsResolver, fakeDns } from "../../server/platform/dns.ts";
import { loadEnv } from "../../server/platform/env.ts";
import { createLogger, type Logger } from "../../server/platform/logger.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { type RunningServer, startServer } from "../../server/process/server.ts";
import { createTestDatabase } from "./db.ts";
import { fetch } from "./http.ts";
import { testPasswordHashing } from "./password-hashing.ts";

export type TestServer = RunningServer & {
  get(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  json<T = Record<string, unknown>>(pathAndQuery: string): Promise<{ status: number; body: T }>;
};

/**
 * Catalogue-wide upkeep that reads or rewrites the whole seeded catalogue and that no test needs done
 * before its own work: the open-data dump, PGlite's statistics (VACUUM ANALYZE of every table; the seed
 * ends with one), the duplicate finder and the quality pass. A test server's first `runDue()` ran them
 * all, about 2.4 of its 3.3 s on PGlite (ADR 0053's `deferJobs`, made the default, ADR 0095). Their own
 * tests run them directly (syndication, jobs, duplicates, catalog-quality) or pass `maintenanceJobs: "run"`
 * (admin-scale).
 */
export const MAINTENANCE_JOBS: readonly string[] = [
  OPEN_DATA_JOB,
  STATISTICS_JOB,
  DUPLICATES_REFRESH_JOB,
  QUALITY_PASS_JOB,
];

/** The real server on an ephemeral port over a private test database; pages need `npm run build`. */
export async function startTestServer(
  options: {
    pages?: boolean;
    env?: Record<string, string>;
    logger?: Logger;
    clock?: Clock;
    growth?: Partial<GrowthWiring>;
    /** the cheaper test hash by default; "production" keeps better-auth's own scrypt (ADR 0053) */
    passwordHashing?: PasswordHashing | "production";
    /**
     * More recurring jobs this file's subject does not involve, put off for good (their one pending row
     * is dated 9999), besides the catalogue-wide upkeep that every test server puts off (MAINTENANCE_JOBS).
     */
    deferJobs?: readonly string[];
    /** "run": the catalogue-wide upkeep (MAINTENANCE_JOBS) runs with `runDue()` as in production. */
    maintenanceJobs?: "run";
    /** DNS answers (verifying crawlers): a fake with no records unless given; never the network */
    dns?: DnsResolver;
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  let build: ServerBuild | undefined;
  if (options.pages) {
    const file = path.join(BUILD_DIR, "server/index.js");
    if (!existsSync(file)) throw new Error("Page tests need the app build: run `npm run build` first (npm test does).");
    build = (await import(pathToFileURL(file).href)) as ServerBuild;
  }
  // A private data dir per server: the mail outbox and any files stay per test file.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolscape-test-"));
  // No polling job runner: tests run due jobs themselves with services.jobs.runDue().
  const env = loadEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    JOBS_ENABLED: "0",
    // Pages rendered before listening (ADR 0062) would fill the page cache that tests count; its own test turns it on.
    WARM_UP: "0",
    // The link checker would reach tools' real websites: tests that want it turn it on (fixture sites).
    LINK_CHECK_ENABLED: "0",
    LINK_CHECK_ALLOW_PRIVATE: "1",
    // Rankings under test are the same on a loaded machine: the vector leg is always waited for.
    SEARCH_VECTOR_BUDGET_MS: "0",
    // The statistics job is PGlite's alone (PostgreSQL has autovacuum): the server refuses a deferred type it does not run.
    JOBS_DEFER:
      options.maintenanceJobs === "run"
        ? ""
        : MAINTENANCE_JOBS.filter((type) => type !== STATISTICS_JOB || database.engine === "pglite").join(","),
    ...options.env,
  });
  let running: RunningServer;
  try {
    running = await startServer({
      env,
      logger: options.logger ?? createLogger(testLogLevel()),
      database,
      build,
      clock: options.clock,
      growth: options.growth,
      dns: options.dns ?? fakeDns(),
      passwordHashing:
        options.passwordHashing === "production" ? undefined : (options.passwordHashing ?? testPasswordHashing),
      mode: "production",
    });
  } catch (err) {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  // A renamed job would silently run again: every name put off must be one the server runs (the server
  // itself refuses such a name in JOBS_DEFER).
  const unknown = (options.deferJobs ?? []).filter((type) => !running.services.jobs.recurringTypes().includes(type));
  if (unknown.length) {
    await running.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`deferJobs names no recurring job: ${unknown.join(", ")}`);
  }
  for (const type of options.deferJobs ?? []) {
    // The runner adds a recurring job's row only when none with its key is pending: this one is.
    await running.services.jobs.enqueue({ type, key: type, runAt: new Date("9999-01-01T00:00:00Z") });
  }
  return {
    ...running,
    get: (p, init) => fetch(`${running.url}${p}`, init),
    json: async (p) => {
      const res = await fetch(`${running.url}${p}`);
      return { status: res.status, body: await res.json() };
    },
    close: async () => {
      await running.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** TEST_LOG_LEVEL=error (or warn, info, debug) prints the test servers' log lines, e.g. to read a 500's cause. */
function testLogLevel(): "debug" | "info" | "warn" | "error" | "silent" {
  const level = process.env.TEST_LOG_LEVEL;
  return level === "debug" || level === "info" || level === "warn" || level === "error" ? level : "silent";
}
