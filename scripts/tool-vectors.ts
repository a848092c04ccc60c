import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { seedCatalog } from "../server/modules/catalog/index.ts";
import { encodeVectorFile, refreshToolVectors, SEED_VECTORS_FILE } from "../server/modules/catalog/tool-vectors.ts";
import { systemClock } from "../server/platform/clock.ts";
import { openDatabase, queryRows, sql } from "../server/platform/db/index.ts";
import { sharedEncoder } from "../server/platform/embeddings/index.ts";

/**
 * `npx tsx scripts/tool-vectors.ts`: computes the vectors of the seeded catalogue with the packaged
 * model and writes seed/tool-vectors.bin.gz (ADR 0066), so a fresh database (every test run, every
 * new deployment) starts with them instead of spending minutes of CPU at boot. Run it after changing
 * the seed, the enrichment or toolEmbeddingText; a stale file only costs that time (the job fills in).
 */
const database = await openDatabase({});
await database.migrate();
await seedCatalog(database.db, systemClock);
const encoder = sharedEncoder();
const started = Date.now();
for (;;) {
  const r = await refreshToolVectors(database.db, encoder, { limit: 256 });
  process.stdout.write(`${r.written} written (${r.fromFile} from the file), ${r.owed} owed\n`);
  if (!r.owed || !r.written) break;
}
const rows = await queryRows(
  database.db,
  sql`SELECT embedding_key AS key, embedding AS v FROM tools WHERE embedding IS NOT NULL ORDER BY embedding_key`,
  z.object({ key: z.string(), v: z.array(z.number()) }),
);
writeFileSync(
  SEED_VECTORS_FILE,
  gzipSync(
    encodeVectorFile(
      rows.map((r) => ({ key: r.key, vector: Float32Array.from(r.v) })),
      encoder.dimension,
    ),
  ),
);
console.log(`${rows.length} vectors in ${((Date.now() - started) / 1000).toFixed(0)} s → ${SEED_VECTORS_FILE}`);
await database.close();
