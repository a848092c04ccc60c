// `npm run enrich [-- --json]`: the catalogue enrichment (ADR 0027) and bundled logos (ADR 0028) for an
// existing database (DATABASE_URL, else the embedded one in DATA_DIR). A fresh database gets both at
// its first start; this is for databases seeded before, and after an import. Safe to run again: it only
// fills what is missing and leaves values a person set alone.
import { applySeedListings, enrichCatalog } from "../server/modules/catalog/index.ts";
import { applyBundledLogos } from "../server/modules/logos/index.ts";
import { openDatabase } from "../server/platform/db/index.ts";
import { loadEnv } from "../server/platform/env.ts";

const asJson = process.argv.includes("--json");
const env = loadEnv();
const database = await (env.DATABASE_URL
  ? openDatabase({ url: env.DATABASE_URL })
  : openDatabase({ pgliteDir: env.pgliteDir })
).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
try {
  await database.migrate();
  const enrichment = await enrichCatalog(database.db, { at: new Date() });
  const logos = await applyBundledLogos(database.db, { at: new Date() });
  const listings = await applySeedListings(database.db);
  if (asJson) console.log(JSON.stringify({ enrichment, logos, listings }, null, 2));
  else {
    const e = enrichment;
    console.log(`Enrichment of ${e.tools} tools in ${e.ms} ms`);
    console.log(
      `  text repaired: ${e.textRepairs}; providers inferred: ${e.providers}; pricing models inferred: ${e.pricing}`,
    );
    console.log(
      `  categories for "Other": ${e.categories} (classifier held-out precision ${e.classifier.precision.toFixed(3)} at ≥ ${e.classifier.threshold}); "Other" ${e.otherBefore} → ${e.otherAfter}`,
    );
    console.log(
      `  editors: ${e.editor.provider} providers, ${e.editor.pricing} pricing models, ${e.editor.category} categories, ${e.editor.summary} summaries`,
    );
    console.log(`Independent source lists per tool (search prominence, ADR 0035): ${listings.updated} tools updated`);
    console.log(
      `Bundled logos: ${logos.matched} matched, ${logos.stored} stored, ${logos.unchanged} unchanged, ${logos.fetchedKept} fetched logos kept (${logos.ms} ms)`,
    );
  }
} finally {
  await database.close();
}
