import { readFileSync } from "node:fs";
import path from "node:path";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import { refreshStatistics } from "../../platform/db/statistics.ts";
import { SENTENCE_ENCODER_MODEL } from "../../platform/embeddings/index.ts";
import { SEED_DIR } from "../../platform/paths.ts";
import { ensureCategories } from "./categories.ts";
import { type EnrichReport, enrichCatalog } from "./enrich/run.ts";
import { importCsv } from "./import-csv.ts";
import type { ImportReport } from "./import-shapes.ts";
import { applySeedListings } from "./listings.ts";
import { refreshQualityScores } from "./quality-scores.ts";
import { runQualityPass } from "./run-quality-pass.ts";
import { derivedOwed, refreshDerived } from "./tasks/refresh.ts";
import { ensureTasks } from "./tasks/store.ts";
import { refreshToolVectors } from "./tool-vectors.ts";
import { countTools } from "./tools.ts";

export const SEED_CSV = path.join(SEED_DIR, "ai-tools.csv");
const FEATURED_FILE = path.join(SEED_DIR, "featured.json");

/** The editorial featured set (see server/platform/db/seed/featured.json for why these). */
export function featuredSlugs(): string[] {
  const parsed = JSON.parse(readFileSync(FEATURED_FILE, "utf8")) as { slugs: string[] };
  return parsed.slugs;
}

/**
 * Prepares a migrated database: categories and the task taxonomy always; the real catalogue only when
 * the database holds no tools yet, so a second start adds nothing. A seed computes the tasks' tools and
 * every tool's alternatives at once; otherwise `derivedOwed` says the caller should ask the job for
 * them (the taxonomy file changed, or a database from before issue 32: the backfill).
 */
const noModel = async (): Promise<Float32Array[]> => [];

export async function seedCatalog(
  db: Db,
  /**
   * The clock each step reads its own time from (the process clock at boot): the import, the
   * enrichment and the quality pass are separate moments in the tools' history, in that order.
   */
  clock: Clock,
): Promise<{ seeded: boolean; report?: ImportReport; enrichment?: EnrichReport; derivedOwed?: boolean }> {
  await ensureCategories(db);
  const tasksChanged = await ensureTasks(db, clock.now());
  if ((await countTools(db)) > 0) return { seeded: false, derivedOwed: tasksChanged || (await derivedOwed(db)) };
  const report = await importCsv(db, readFileSync(SEED_CSV), {
    source: "seed:ai-tools.csv",
    now: clock.now(),
    featuredSlugs: featuredSlugs(),
  });
  // Honest enrichment (ADR 0027): labelled, offline, deterministic; logos follow in their own step.
  const enrichment = await enrichCatalog(db, { at: clock.now() });
  // The quality pass (ADR 0075): proposals for editors and page titles replaced by the tool's own
  // sentence, before anything reads the final text: the classifier then sees the replaced descriptions
  // (so enriching again changes nothing), and the shipped vectors are those of the text the catalogue has.
  const quality = await runQualityPass(db, clock.now());
  if (quality.described) await enrichCatalog(db, { at: clock.now() });
  await applySeedListings(db);
  // The shipped vectors only (ADR 0066): seeding never waits for the model; the job computes the rest.
  await refreshToolVectors(db, { model: SENTENCE_ENCODER_MODEL, embed: noModel }, { computeMissing: false });
  await refreshDerived(db, clock.now());
  // The default order reads prominence (featured listings, applied above) and completeness.
  await refreshQualityScores(db, clock.now());
  // The planner's statistics for the catalogue just written (PGlite has no autovacuum to gather them).
  await refreshStatistics(db);
  return { seeded: true, report, enrichment };
}
