import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import { RATING_REFRESH_EVERY_MS } from "../catalog/index.ts";
import { refreshRatings } from "./tool-rating.ts";

export const RATING_REFRESH_JOB = "ratings.refresh";

/**
 * The recount (ADR 0029): reviews waiting for their author's account to age or verify start to
 * count, and the Bayesian prior follows the catalogue's mean. Runs at boot and every 15 minutes.
 */
export function registerRatingJobs(deps: { db: Db; clock: Clock; jobs: Jobs }): void {
  deps.jobs.register(RATING_REFRESH_JOB, async (_payload, ctx) => {
    await refreshRatings(deps.db, ctx.now);
  });
  deps.jobs.every(RATING_REFRESH_JOB, RATING_REFRESH_EVERY_MS);
}
