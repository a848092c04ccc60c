import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../server/platform/db/index.ts";
import { withAdmin } from "./pg-admin.ts";

/**
 * A private, migrated and seeded database for one test file, cloned from the run's template.
 * close() also drops it (PostgreSQL) or discards it (PGlite, in memory).
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_ENGINE === "postgres") {
    const adminUrl = inject("pgAdminUrl");
    const template = inject("pgTemplate");
    const name = `${template.replace(/_tpl$/, "")}_${randomBytes(4).toString("hex")}`;
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  return openDatabase({ pgliteData: snapshotBytes(inject("pgliteSnapshot")) });
}

/** The run's snapshot, read once per worker (its files share one module graph, ADR 0093); PGlite only reads it. */
let snapshot: { file: string; bytes: Uint8Array<ArrayBuffer> } | undefined;
function snapshotBytes(file: string): Uint8Array<ArrayBuffer> {
  if (snapshot?.file !== file) snapshot = { file, bytes: new Uint8Array(readFileSync(file)) };
  return snapshot.bytes;
}
