/**
 * Brand marks from bundled, licensed icon sets (issue 20, ADR 0028): matched to tools by exact name or
 * their own registrable domain, rasterised and served by us; the link checker's fetched logo wins.
 */
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import type { Logger } from "../../platform/logger.ts";
import { catalogJobOwed } from "../catalog/index.ts";
import { applyBundledLogos } from "./apply.ts";

export { applyBundledLogos, type LogoReport } from "./apply.ts";

export const BUNDLED_LOGOS_JOB = "logos.bundled";

/** The job that (re)applies bundled logos: enqueued after the first seed and by `npm run enrich`. */
export function registerLogoJobs(services: { db: Db; jobs: Jobs; logger: Logger; clock: Clock }): void {
  services.jobs.register(BUNDLED_LOGOS_JOB, async () => {
    const report = await applyBundledLogos(services.db, { at: services.clock.now() });
    services.logger.info("bundled logos applied", { ...report });
  });
}

/**
 * Whether this database has tools but never had the bundled logos applied (or queued): a catalogue
 * seeded by another process — a restored dump, the test run's kept snapshot — which the first
 * boot's "seeded now" does not see. The job is idempotent, so a pruned record only means one more run.
 */
export function bundledLogosOwed(db: Db): Promise<boolean> {
  return catalogJobOwed(db, BUNDLED_LOGOS_JOB);
}
