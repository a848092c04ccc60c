import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { seedCatalog } from "../../server/modules/catalog/index.ts";
import { systemClock } from "../../server/platform/clock.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { compactSnapshot } from "./compact-snapshot.ts";
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
 */
export default async function setup(project: TestProject) {
  const engine = process.env.TEST_ENGINE ?? (project.config.env?.TEST_ENGINE as string | undefined) ?? "pglite";
  const runId = `${process.pid}_${randomBytes(3).toString("hex")}`;

  if (engine === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the postgres project");
    const { runId: pgRunId, template } = await postgresTemplate(adminUrl);
    project.provide("pgTemplate", template);
    project.provide("pgAdminUrl", adminUrl);
    project.provide("pgliteSnapshot", "");
    return async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname LIKE $1",
          [`toolscape_test_${pgRunId}_%`],
        );
        for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    };
  }

  // Vitest runs the projects' global setups one after the other. The PostgreSQL template is seeded beside
  // PGlite's (its work is mostly the PostgreSQL server's, on the other core) when this run has that project;
  // its own setup then waits for it (ADR 0096).
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl && project.vitest.projects.some((p) => p.name === "postgres"))
    void postgresTemplate(adminUrl).catch(() => {});

  // A snapshot kept from an earlier run with the same migrations, seed and packages (test:fast's loop).
  const digest = seedInputsDigest();
  const kept = keptSnapshot(digest);
  if (kept) {
    const held = holdSnapshot(kept, runId);
    project.provide("pgliteSnapshot", held.file);
    project.provide("pgTemplate", "");
    project.provide("pgAdminUrl", "");
    return () => held.release();
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
  project.provide("pgliteSnapshot", file);
  project.provide("pgTemplate", "");
  project.provide("pgAdminUrl", "");
  return () => {
    if (held) held.release();
    else rmSync(file, { force: true });
  };
}

/**
 * The run's PostgreSQL template, migrated and seeded once: started by whichever setup asks first and
 * shared through globalThis (both projects' setups run in Vitest's main process).
 */
function postgresTemplate(adminUrl: string): Promise<{ runId: string; template: string }> {
  const shared = globalThis as { toolscapePgTemplate?: Promise<{ runId: string; template: string }> };
  shared.toolscapePgTemplate ??= (async () => {
    const runId = `${process.pid}_${randomBytes(3).toString("hex")}`;
    const template = `toolscape_test_${runId}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${template}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ url: withDatabase(adminUrl, template), poolSize: 2 });
    try {
      await database.migrate();
      await seedCatalog(database.db, systemClock);
    } finally {
      await database.close();
    }
    return { runId, template };
  })();
  return shared.toolscapePgTemplate;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
