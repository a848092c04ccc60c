// Before the journeys' server starts (playwright.config.ts, webServer): when the embedded database
// is used and the test run's seeded snapshot is kept for the current migrations and seed
// (tests/helpers/seed-snapshot-cache.ts — `npm test` makes it in Vitest's global setup, which runs
// first), the data directory starts as that snapshot, and the server finds the catalogue already
// seeded instead of seeding it again (~20 s). Without a kept snapshot nothing changes: the server
// migrates and seeds on start as in production.
//
// A restored catalogue owes the one-time work a first boot does after seeding (bundled logos, the
// Public Suffix re-keying, tasks' tools and alternatives). The server would run it right after
// listening, and on the embedded engine its catalogue-wide queries share the process's one thread:
// every request of the first journeys waited ~10 s. It is done here instead, before the server starts,
// by the same job handlers, so the server finds nothing owed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import {
  catalogJobOwed,
  DOMAIN_REKEY_JOB,
  derivedOwed,
  registerDomainRekeyJob,
  registerTaskJobs,
  requestDerivedRefresh,
} from "../../server/modules/catalog/index.ts";
import { BUNDLED_LOGOS_JOB, registerLogoJobs } from "../../server/modules/logos/index.ts";
import { systemClock } from "../../server/platform/clock.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { createJobs } from "../../server/platform/jobs/index.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { keptSnapshot, seedInputsDigest } from "../helpers/seed-snapshot-cache.ts";

async function settleOneTimeJobs(pgliteDir: string): Promise<void> {
  const started = performance.now();
  const database = await openDatabase({ pgliteDir });
  try {
    const db = database.db;
    const logger = createLogger("warn");
    const jobs = createJobs({ db, clock: systemClock, logger });
    registerLogoJobs({ db, jobs, logger, clock: systemClock });
    registerDomainRekeyJob({ db, jobs });
    registerTaskJobs({ db, jobs });
    if (await catalogJobOwed(db, BUNDLED_LOGOS_JOB)) await jobs.enqueue({ type: BUNDLED_LOGOS_JOB, key: "seed" });
    if (await catalogJobOwed(db, DOMAIN_REKEY_JOB)) await jobs.enqueue({ type: DOMAIN_REKEY_JOB, key: "psl" });
    if (await derivedOwed(db)) await requestDerivedRefresh(jobs);
    const { ran, failed } = await jobs.runDue();
    if (failed) throw new Error(`${failed} of the restored catalogue's one-time jobs failed`);
    console.log(
      `e2e: ${ran} one-time jobs run before the server starts (${Math.round(performance.now() - started)} ms)`,
    );
  } finally {
    await database.close();
  }
}

const dataDir = process.env.DATA_DIR;
if (!process.env.DATABASE_URL && dataDir) {
  const target = path.join(dataDir, "pglite");
  const snapshot = keptSnapshot(seedInputsDigest());
  if (snapshot && !existsSync(target)) {
    mkdirSync(target, { recursive: true });
    // Names in PGlite's dump start with "/": GNU tar strips it and says so on stderr (kept for errors).
    execFileSync("tar", ["-xf", snapshot, "-C", target], { stdio: ["ignore", "ignore", "pipe"] });
    console.log(`e2e: the data directory starts from the kept seeded snapshot ${path.basename(snapshot)}`);
    await settleOneTimeJobs(target);
  }
}
