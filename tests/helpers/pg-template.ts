import { randomBytes } from "node:crypto";
import { seedCatalog } from "../../server/modules/catalog/index.ts";
import { systemClock } from "../../server/platform/clock.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { withAdmin } from "./pg-admin.ts";

/**
 * The run's PostgreSQL template, migrated and seeded, made in a process of its own (ADR 0098): Vitest's
 * global setups share one thread, and PGlite's seed runs there as WebAssembly, so the PostgreSQL seed's own
 * JavaScript (the enrichment, the statements) waited for PGlite's in the same thread — the two seeds took
 * 47 s together against 30 and 21 s apart. Run as `node --import tsx tests/helpers/pg-template.ts <admin
 * URL>`; prints `{"runId", "template"}` as its last line.
 */
async function main(adminUrl: string): Promise<void> {
  const runId = `${process.ppid}_${randomBytes(3).toString("hex")}`;
  const template = `toolscape_test_${runId}_tpl`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  try {
    await database.migrate();
    await seedCatalog(database.db, systemClock);
  } finally {
    await database.close();
  }
  process.stdout.write(`${JSON.stringify({ runId, template })}\n`);
}

const adminUrl = process.argv[2];
if (!adminUrl) {
  console.error("usage: node --import tsx tests/helpers/pg-template.ts <admin URL>");
  process.exit(2);
}
main(adminUrl).catch((err) => {
  console.error(err);
  process.exit(1);
});
