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
//
// `--operator EMAIL PASSWORD` also creates the journeys' operator account, as `npm run user -- create
// --admin` does, in the same process and on the same open database (a second process cost a start of tsx
// and another open of the embedded database before the first journey).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { runUserCommand } from "../../scripts/user-command.ts";
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
import { type Database, openDatabase } from "../../server/platform/db/index.ts";
import { loadEnv } from "../../server/platform/env.ts";
import { createJobs } from "../../server/platform/jobs/index.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { keptSnapshot, seedInputsDigest } from "../helpers/seed-snapshot-cache.ts";

async function settleOneTimeJobs(database: Database): Promise<void> {
  const started = performance.now();
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
  console.log(`e2e: ${ran} one-time jobs run before the server starts (${Math.round(performance.now() - started)} ms)`);
}

/** The operator account of `--operator EMAIL PASSWORD`, created as the operator CLI creates it. */
async function createOperator(database: Database, email: string, password: string): Promise<void> {
  await database.migrate();
  const code = await runUserCommand(
    database.db,
    { command: "create", admin: true, email, name: "E2E Operator", password },
    {
      env: loadEnv(),
      logger: createLogger("warn"),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    },
  );
  if (code !== 0) throw new Error(`the operator account ${email} was not created`);
}

const flag = process.argv.indexOf("--operator");
const operator = flag < 0 ? null : { email: process.argv[flag + 1] ?? "", password: process.argv[flag + 2] ?? "" };
if (operator && (!operator.email || !operator.password)) throw new Error("--operator needs an e-mail and a password");

const dataDir = process.env.DATA_DIR;
const target = !process.env.DATABASE_URL && dataDir ? path.join(dataDir, "pglite") : null;
const snapshot = target && !existsSync(target) ? keptSnapshot(seedInputsDigest()) : null;
if (target && snapshot) {
  const started = performance.now();
  mkdirSync(target, { recursive: true });
  // Names in PGlite's dump start with "/": GNU tar strips it and says so on stderr (kept for errors).
  execFileSync("tar", ["-xf", snapshot, "-C", target], { stdio: ["ignore", "ignore", "pipe"] });
  const database = await openDatabase({ pgliteDir: target });
  try {
    await settleOneTimeJobs(database);
    if (operator) await createOperator(database, operator.email, operator.password);
  } finally {
    await database.close();
  }
  console.log(
    `e2e: the data directory starts from the kept seeded snapshot ${path.basename(snapshot)}, settled (${Math.round(performance.now() - started)} ms)`,
  );
} else if (operator) {
  // No snapshot (or PostgreSQL): the operator goes into the configured database, as the CLI would put it.
  const env = loadEnv();
  const database = await (env.DATABASE_URL
    ? openDatabase({ url: env.DATABASE_URL })
    : openDatabase({ pgliteDir: env.pgliteDir }));
  try {
    await createOperator(database, operator.email, operator.password);
  } finally {
    await database.close();
  }
}
