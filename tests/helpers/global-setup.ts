import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { seedCatalog } from "../../server/modules/catalog/index.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { compactSnapshot } from "./compact-snapshot.ts";
import { keepSnapshot, keptSnapshot, seedInputsDigest } from "./seed-snapshot-cache.ts";

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
type Prepared = { provide: Record<"pgliteSnapshot" | "pgTemplate" | "pgAdminUrl", string>; teardown(): Promise<void> };

// Vitest runs the projects' global setups one after another. The first database project to start
// prepares both engines at once (the PostgreSQL seed runs mostly in the server's process, the PGlite
// seed in this one), when both are in the run; the second finds its engine ready or under way.
const prepared = new Map<string, Promise<Prepared>>();
const prepare = (engine: string): Promise<Prepared> => {
  let p = prepared.get(engine);
  if (!p) {
    p = engine === "postgres" ? preparePostgres() : preparePglite();
    prepared.set(engine, p);
  }
  return p;
};

export default async function setup(project: TestProject) {
  const engine = process.env.TEST_ENGINE ?? (project.config.env?.TEST_ENGINE as string | undefined) ?? "pglite";
  const engines = new Set(
    project.vitest.projects.map((p) => p.config.env?.TEST_ENGINE as string | undefined).filter(Boolean),
  );
  // Start the other engine too, but its teardown stays with its own project's (claimed below);
  // if that project never starts (no files of it in this run), this project's teardown drops it.
  const others = [...engines].filter((e): e is string => !!e && e !== engine && !prepared.has(e));
  for (const other of others) prepare(other).catch(() => {}); // its own setup reports the error
  const mine = await prepare(engine);
  for (const [key, value] of Object.entries(mine.provide)) project.provide(key as keyof typeof mine.provide, value);
  claimed.add(engine);
  return async () => {
    await mine.teardown();
    for (const other of others) {
      if (claimed.has(other)) continue;
      const p = await prepared.get(other)?.catch(() => null);
      await p?.teardown();
    }
  };
}
const claimed = new Set<string>();

async function preparePostgres(): Promise<Prepared> {
  const runId = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the postgres project");
  const template = `toolscape_test_${runId}_tpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ url: withDatabase(adminUrl, template), poolSize: 2 });
  await database.migrate();
  await seedCatalog(database.db);
  await database.close();
  return {
    provide: { pgTemplate: template, pgAdminUrl: adminUrl, pgliteSnapshot: "" },
    teardown: async () => {
      const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
        `toolscape_test_${runId}_%`,
      ]);
      for (const { datname } of rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await admin.end();
    },
  };
}

async function preparePglite(): Promise<Prepared> {
  const none = { pgTemplate: "", pgAdminUrl: "" };
  // A snapshot kept from an earlier run with the same migrations, seed and packages (test:fast's loop).
  const digest = seedInputsDigest();
  const kept = keptSnapshot(digest);
  if (kept) return { provide: { pgliteSnapshot: kept, ...none }, teardown: async () => {} };
  const database = await openDatabase({});
  await database.migrate();
  await seedCatalog(database.db);
  // Uncompressed: every test file (and every server in it) loads this, and gunzipping it each time
  // cost more than reading it from the page cache (ADR 0053). Checkpointed, without spare WAL.
  const client = (database.db as unknown as { $client: Parameters<typeof compactSnapshot>[0] }).$client;
  const bytes = await compactSnapshot(client);
  await database.close();
  const keptNow = keepSnapshot(digest, bytes);
  const file = keptNow ?? path.join(os.tmpdir(), `toolscape-test-${process.pid}_${randomBytes(3).toString("hex")}.tar`);
  if (!keptNow) writeFileSync(file, bytes);
  return {
    provide: { pgliteSnapshot: file, ...none },
    teardown: async () => {
      if (!keptNow) rmSync(file, { force: true });
    },
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
