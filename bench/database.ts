import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { z } from "zod";
import { ensureCategories, importRows, resolveCategoryKeys, seedCatalog } from "../server/modules/catalog/index.ts";
import { refreshTagCatalogue } from "../server/modules/catalog/tags.ts";
import { systemClock } from "../server/platform/clock.ts";
import { type Database, type Db, openDatabase, queryRows, sql } from "../server/platform/db/index.ts";
import * as schema from "../server/tables.ts";
import { createRng, type SyntheticTool, syntheticTools, type Vocabulary } from "./vocabulary.ts";

/** A database that exists only for this run: a fresh PGlite directory, or a new database on DATABASE_URL's server. */
export type ThrowawayDatabase = {
  database: Database;
  label: string;
  /** Closes the connection and removes the directory / drops the database. Safe to call twice. */
  dispose(): Promise<void>;
};

export async function openThrowawayDatabase(databaseUrl: string | undefined): Promise<ThrowawayDatabase> {
  if (!databaseUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "toolscape-bench-"));
    let database: Database | null = null;
    let disposed = false;
    const dispose = async () => {
      if (disposed) return;
      disposed = true;
      await database?.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    };
    try {
      database = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
    } catch (err) {
      await dispose();
      throw err;
    }
    return { database, label: `PGlite in ${dir}`, dispose };
  }

  const name = `toolscape_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  let database: Database | null = null;
  let disposed = false;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    await database?.close().catch(() => {});
    if (process.env.BENCH_KEEP_DATABASE === "1") {
      process.stdout.write(`kept database ${name} (BENCH_KEEP_DATABASE=1); drop it with DROP DATABASE "${name}"\n`);
      return;
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  try {
    // A pool as large as the app's default (10) plus room for the benchmark's own sequential queries.
    database = await openDatabase({ url: url.toString(), poolSize: 12 });
  } catch (err) {
    await dispose();
    throw err;
  }
  return { database, label: `PostgreSQL database ${name}`, dispose };
}

export type SeedMethod = "insert" | "import";

export type SeedResult = {
  method: SeedMethod;
  realTools: number;
  syntheticTools: number;
  total: number;
  /** milliseconds per phase */
  migrateMs: number;
  realCatalogueMs: number;
  syntheticMs: number;
  analyzeMs: number;
  totalMs: number;
  syntheticNames: string[];
  slugs: string[];
};

const INSERT_BATCH = 1_000;
const IMPORT_CHUNK = 20_000; // the importer's own per-call limit

/**
 * Migrates, ensures categories, imports the real catalogue (2,658 rows, through the app's own
 * importer) and then adds synthetic tools until `total` tools exist, then ANALYZE.
 */
export async function seed(
  database: Database,
  vocab: Vocabulary,
  options: { total: number; seed: number; method: SeedMethod; log: (msg: string) => void },
): Promise<SeedResult> {
  const { db } = database;
  const started = performance.now();
  await database.migrate();
  await ensureCategories(db);
  const migrated = performance.now();
  await seedCatalog(db, systemClock);
  const realDone = performance.now();

  const existing = await queryRows(
    db,
    sql`SELECT name_key, slug FROM tools`,
    z.object({ name_key: z.string(), slug: z.string() }),
  );
  const realTools = existing.length;
  const count = Math.max(0, options.total - realTools);
  const rng = createRng(options.seed);
  const rows = [
    ...syntheticTools(
      vocab,
      rng,
      count,
      new Set(existing.map((e) => e.name_key)),
      new Set(existing.map((e) => e.slug)),
    ),
  ];
  options.log(`  generated ${rows.length.toLocaleString("en-US")} synthetic rows; inserting (${options.method})…`);

  if (options.method === "import") await seedWithImporter(db, rows, options.log);
  else await seedWithInserts(db, rows, options.log);
  await copyVectorsToSynthetic(db);
  const syntheticDone = performance.now();

  // What autovacuum would do before long (PGlite has none): the vector copy rewrote every synthetic row.
  await db.execute(sql`VACUUM ANALYZE`);
  const finished = performance.now();
  const [countRow] = await queryRows(db, sql`SELECT count(*)::int AS n FROM tools`, z.object({ n: z.number() }));
  return {
    method: options.method,
    realTools,
    syntheticTools: rows.length,
    total: countRow?.n ?? 0,
    migrateMs: migrated - started,
    realCatalogueMs: realDone - migrated,
    syntheticMs: syntheticDone - realDone,
    analyzeMs: finished - syntheticDone,
    totalMs: finished - started,
    syntheticNames: rows.map((r) => r.name),
    slugs: [...existing.map((e) => e.slug), ...rows.map((r) => r.slug)],
  };
}

/**
 * Synthetic tools get a real tool's vector (one of their category's, in turn), so the search's vector
 * leg scans as many vectors as a real catalogue of this size would hold (issue 32: 100,000 tools).
 * Computing 97,000 embeddings would take the model a quarter of an hour; the copy costs the scan the
 * same. Their key marks the copy, so the vectors job does not recompute them.
 */
async function copyVectorsToSynthetic(db: Db): Promise<void> {
  await db.execute(sql`
    WITH real AS (
      SELECT embedding, category_id, row_number() OVER (PARTITION BY category_id ORDER BY id) - 1 AS k,
             count(*) OVER (PARTITION BY category_id) AS n
        FROM tools WHERE embedding IS NOT NULL),
    fallback AS (SELECT embedding FROM tools WHERE embedding IS NOT NULL ORDER BY id LIMIT 1),
    synthetic AS (
      SELECT id, category_id, row_number() OVER (PARTITION BY category_id ORDER BY id) - 1 AS k
        FROM tools WHERE embedding IS NULL)
    UPDATE tools t
       SET embedding = coalesce(r.embedding, (SELECT embedding FROM fallback)), embedding_key = 'bench-copy'
      FROM synthetic s LEFT JOIN real r ON r.category_id = s.category_id AND r.k = s.k % r.n
     WHERE t.id = s.id`);
}

/** Multi-row INSERTs of 1,000 rows in one transaction; the search trigger fills search_vector. */
async function seedWithInserts(db: Db, rows: SyntheticTool[], log: (msg: string) => void): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const name of new Set(rows.map((r) => r.category))) {
    const { ids } = await resolveCategoryKeys(db, [name]);
    categoryIds.set(name, ids[0] ?? (await resolveCategoryKeys(db, ["Other"])).ids[0] ?? 1);
  }
  // Synthetic tools reuse the real catalogue's providers, which its import has just created.
  const providerIds = new Map(
    (await queryRows(db, sql`SELECT id, name FROM providers`, z.object({ id: z.number(), name: z.string() }))).map(
      (p) => [p.name, p.id],
    ),
  );

  const started = performance.now();
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Bulk-load practice: drop the secondary (non-unique) indexes, load, re-create them from their
    // own definitions, so the end state is exactly what the migrations made.
    const deferred =
      process.env.BENCH_DEFER_INDEXES === "0"
        ? []
        : await queryRows(
            tx,
            sql`SELECT indexname AS name, indexdef AS def FROM pg_indexes
          WHERE schemaname = 'public' AND tablename = 'tools' AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
            z.object({ name: z.string(), def: z.string() }),
          );
    for (const ix of deferred) await tx.execute(sql.raw(`DROP INDEX "${ix.name}"`));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(schema.tools).values(
        rows.slice(i, i + INSERT_BATCH).map((r) => ({
          slug: r.slug,
          name: r.name,
          description: r.description,
          fullDescription: r.fullDescription,
          categoryId: categoryIds.get(r.category) as number,
          providerId: r.provider ? (providerIds.get(r.provider) ?? null) : null,
          websiteUrl: r.websiteUrl,
          domainKey: r.domainKey,
          nameKey: r.nameKey,
          pricingModel: r.pricing,
          tags: r.tags,
          features: r.features,
          isFeatured: r.isFeatured,
          status: "active" as const,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
          publishedAt: r.createdAt,
        })),
      );
      const done = Math.min(i + INSERT_BATCH, rows.length);
      if (done % 20_000 === 0 || done === rows.length) {
        const s = (performance.now() - started) / 1000;
        log(`  ${done.toLocaleString("en-US")} rows in ${s.toFixed(1)} s (${Math.round(done / s)} rows/s)`);
      }
    }
    const indexed = performance.now();
    for (const ix of deferred) await tx.execute(sql.raw(ix.def));
    if (deferred.length) {
      log(`  re-created ${deferred.length} indexes in ${((performance.now() - indexed) / 1000).toFixed(1)} s`);
    }
    await refreshTagCatalogue(tx);
  });
}

/** The app's own importer, in chunks of its 20,000-row limit (validation, de-duplication, tag refresh each time). */
async function seedWithImporter(db: Db, rows: SyntheticTool[], log: (msg: string) => void): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
    const chunk = rows.slice(i, i + IMPORT_CHUNK).map((r) => ({
      name: r.name,
      slug: r.slug,
      one_line_description: r.description,
      full_description: r.fullDescription,
      category_name: r.category,
      official_url: r.websiteUrl,
      provider_name: r.provider ?? "",
      pricing_model: r.pricing,
      tags: r.tags.join("; "),
      features: r.features.join("; "),
    }));
    const report = await importRows(db, chunk, { now: new Date(), source: "bench:synthetic" });
    if (report.errors.length || report.duplicates.length) {
      throw new Error(
        `importer rejected rows: ${report.errors.length} errors, ${report.duplicates.length} duplicates (${JSON.stringify(report.errors.slice(0, 2))})`,
      );
    }
    const done = Math.min(i + IMPORT_CHUNK, rows.length);
    const s = (performance.now() - started) / 1000;
    log(`  ${done.toLocaleString("en-US")} rows in ${s.toFixed(1)} s (${Math.round(done / s)} rows/s)`);
  }
}
