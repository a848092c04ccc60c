import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedCatalog } from "../../server/modules/catalog/index.ts";
import { systemClock } from "../../server/platform/clock.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { compactSnapshot } from "./compact-snapshot.ts";
import { withAdmin } from "./pg-admin.ts";
import { holdSnapshot, keepSnapshot, keptSnapshot, seedInputsDigest } from "./seed-snapshot-cache.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

/**
 * Migrates and seeds one database per run, then every test file clones it: PGlite from a data-dir
 * snapshot, PostgreSQL with CREATE DATABASE … TEMPLATE. Teardown removes everything it made.
 *
 * Vitest runs the projects' global setups one after the other, in an order of its own (PostgreSQL's came
 * first). So the first setup starts both databases the run needs: PostgreSQL's template in a child process
 * and PGlite's snapshot in this thread; each setup then waits for its own (ADR 0098).
 */
export default async function setup(project: TestProject) {
  const engine = process.env.TEST_ENGINE ?? (project.config.env?.TEST_ENGINE as string | undefined) ?? "pglite";
  const adminUrl = process.env.TEST_DATABASE_URL;
  const projects = project.vitest.projects.map((p) => p.name);
  if (adminUrl && projects.includes("postgres")) void postgresTemplate(adminUrl).catch(() => {});
  if (projects.includes("pglite")) void pgliteSnapshot().catch(() => {});

  if (engine === "postgres") {
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the postgres project");
    const { runId: pgRunId, template } = await postgresTemplate(adminUrl);
    project.provide("pgTemplate", template);
    project.provide("pgAdminUrl", adminUrl);
    project.provide("pgliteSnapshot", "");
    return () => dropRunDatabases(adminUrl, pgRunId);
  }

  let snapshot: Awaited<ReturnType<typeof pgliteSnapshot>>;
  try {
    snapshot = await pgliteSnapshot();
  } catch (err) {
    // The run stops here; a PostgreSQL template this setup started would outlive it.
    const started = (globalThis as { toolscapePgTemplate?: Promise<{ runId: string }> }).toolscapePgTemplate;
    const made = adminUrl ? await started?.catch(() => null) : null;
    if (adminUrl && made) await dropRunDatabases(adminUrl, made.runId).catch(() => {});
    throw err;
  }
  project.provide("pgliteSnapshot", snapshot.file);
  project.provide("pgTemplate", "");
  project.provide("pgAdminUrl", "");
  return snapshot.release;
}

/** Drops the databases of one run: its template and any copy a file left behind. */
async function dropRunDatabases(adminUrl: string, runId: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
      `toolscape_test_${runId}_%`,
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}

/**
 * The run's PGlite snapshot: one kept from an earlier run with the same migrations, seed and packages
 * (test:fast's loop), else migrated and seeded here. Made once, shared through globalThis.
 */
function pgliteSnapshot(): Promise<{ file: string; release: () => void }> {
  const shared = globalThis as { toolscapePgliteSnapshot?: Promise<{ file: string; release: () => void }> };
  shared.toolscapePgliteSnapshot ??= (async () => {
    const runId = `${process.pid}_${randomBytes(3).toString("hex")}`;
    const digest = seedInputsDigest();
    const kept = keptSnapshot(digest);
    if (kept) {
      const held = holdSnapshot(kept, runId);
      return { file: held.file, release: () => held.release() };
    }
    const database = await openDatabase({});
    await database.migrate();
    await seedCatalog(database.db, systemClock);
    // Uncompressed: every test file (and every server in it) loads this, and gunzipping it each time
    // cost more than reading it from the page cache (ADR 0053). Checkpointed, without spare WAL (ADR 0064).
    const client = (database.db as unknown as { $client: Parameters<typeof compactSnapshot>[0] }).$client;
    const bytes = await compactSnapshot(client);
    await database.close();
    const keptNow = keepSnapshot(digest, bytes);
    const held = keptNow ? holdSnapshot(keptNow, runId) : null;
    const file = held?.file ?? path.join(os.tmpdir(), `toolscape-test-${runId}.tar`);
    if (!keptNow) writeFileSync(file, bytes);
    return { file, release: () => (held ? held.release() : rmSync(file, { force: true })) };
  })();
  return shared.toolscapePgliteSnapshot;
}

/**
 * The run's PostgreSQL template, migrated and seeded once, in a child process (tests/helpers/pg-template.ts,
 * ADR 0098): started by whichever setup asks first and shared through globalThis (both projects' setups
 * run in Vitest's main process).
 */
function postgresTemplate(adminUrl: string): Promise<{ runId: string; template: string }> {
  const shared = globalThis as { toolscapePgTemplate?: Promise<{ runId: string; template: string }> };
  shared.toolscapePgTemplate ??= new Promise((resolve, reject) => {
    const script = path.join(import.meta.dirname, "pg-template.ts");
    execFile(
      process.execPath,
      ["--import", "tsx", script, adminUrl],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`The PostgreSQL template was not made: ${err.message}\n${stderr}`));
        const last = stdout.trim().split("\n").pop() ?? "";
        try {
          resolve(JSON.parse(last) as { runId: string; template: string });
        } catch {
          reject(new Error(`The PostgreSQL template's process printed no answer:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
  return shared.toolscapePgTemplate;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
