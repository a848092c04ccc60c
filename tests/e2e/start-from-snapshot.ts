// Before the journeys' server starts (playwright.config.ts, webServer): when the embedded database
// is used and the test run's seeded snapshot is kept for the current migrations and seed
// (tests/helpers/seed-snapshot-cache.ts — `npm test` makes it in Vitest's global setup, which runs
// first), the data directory starts as that snapshot, and the server finds the catalogue already
// seeded instead of seeding it again (~20 s). Without a kept snapshot nothing changes: the server
// migrates and seeds on start as in production.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { keptSnapshot, seedInputsDigest } from "../helpers/seed-snapshot-cache.ts";

const dataDir = process.env.DATA_DIR;
if (!process.env.DATABASE_URL && dataDir) {
  const target = path.join(dataDir, "pglite");
  const snapshot = keptSnapshot(seedInputsDigest());
  if (snapshot && !existsSync(target)) {
    mkdirSync(target, { recursive: true });
    // Names in PGlite's dump start with "/": GNU tar strips it and says so on stderr (kept for errors).
    execFileSync("tar", ["-xf", snapshot, "-C", target], { stdio: ["ignore", "ignore", "pipe"] });
    console.log(`e2e: the data directory starts from the kept seeded snapshot ${path.basename(snapshot)}`);
  }
}
