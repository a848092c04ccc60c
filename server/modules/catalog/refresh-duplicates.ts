import { type Db, sql, transaction } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import { scoreDuplicatePairs } from "./find-duplicate-pairs.ts";

/** Pairs kept by a refresh: far more than a reviewer works through between two runs. */
export const STORED_CANDIDATES_MAX = 1_000;
export const DUPLICATES_REFRESH_JOB = "catalog.duplicates.refresh";
export const DUPLICATES_REFRESH_EVERY_MS = 6 * 3_600_000;

/** The refresh job's work: the candidate table replaced in one transaction (readers see old or new). */
export async function refreshDuplicateCandidates(db: Db, now: Date): Promise<{ pairs: number }> {
  const scored = (await scoreDuplicatePairs(db)).slice(0, STORED_CANDIDATES_MAX);
  await transaction(db, async (tx) => {
    await tx.execute(sql`DELETE FROM tool_duplicate_candidates`);
    for (let i = 0; i < scored.length; i += 200) {
      const chunk = scored.slice(i, i + 200);
      await tx.execute(
        sql`INSERT INTO tool_duplicate_candidates (tool_a, tool_b, score, reasons, computed_at) VALUES ${sql.join(
          chunk.map(
            (p) =>
              sql`(${p.a}::uuid, ${p.b}::uuid, ${p.score}, ${JSON.stringify(p.reasons)}::jsonb, ${now.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )} ON CONFLICT DO NOTHING`,
      );
    }
  });
  return { pairs: scored.length };
}

/** Registers the refresh (every 6 hours and at boot); imports and merges ask for one at once. */
export function registerDuplicateJobs(deps: { db: Db; jobs: Jobs }): void {
  deps.jobs.register(DUPLICATES_REFRESH_JOB, async (_payload, ctx) => {
    await refreshDuplicateCandidates(deps.db, ctx.now);
  });
  deps.jobs.every(DUPLICATES_REFRESH_JOB, DUPLICATES_REFRESH_EVERY_MS);
}

/** Asks for a refresh soon (one pending at a time): after an import or a merge. */
export async function requestDuplicateRefresh(jobs: Jobs): Promise<void> {
  await jobs.enqueue({ type: DUPLICATES_REFRESH_JOB, key: "now" });
}
