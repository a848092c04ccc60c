import { readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../../platform/db/index.ts";
import { SEED_DIR } from "../../platform/paths.ts";
import { ensureCategories } from "./categories.ts";
import { type EnrichReport, enrichCatalog } from "./enrich/run.ts";
import { type ImportReport, importCsv } from "./import.ts";
import { applySeedListings } from "./listings.ts";
import { countTools } from "./tools.ts";

export const SEED_CSV = path.join(SEED_DIR, "ai-tools.csv");
const FEATURED_FILE = path.join(SEED_DIR, "featured.json");

/** The editorial featured set (see server/platform/db/seed/featured.json for why these). */
export function featuredSlugs(): string[] {
  const parsed = JSON.parse(readFileSync(FEATURED_FILE, "utf8")) as { slugs: string[] };
  return parsed.slugs;
}

/**
 * Prepares a migrated database: categories always; the real catalogue only when the database holds
 * no tools yet, so a second start adds nothing.
 */
export async function seedCatalog(
  db: Db,
): Promise<{ seeded: boolean; report?: ImportReport; enrichment?: EnrichReport }> {
  await ensureCategories(db);
  if ((await countTools(db)) > 0) return { seeded: false };
  const report = await importCsv(db, readFileSync(SEED_CSV), {
    source: "seed:ai-tools.csv",
    featuredSlugs: featuredSlugs(),
  });
  // Honest enrichment (ADR 0027): labelled, offline, deterministic; logos follow in their own step.
  const enrichment = await enrichCatalog(db);
  await applySeedListings(db);
  return { seeded: true, report, enrichment };
}
