import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { Status } from "./moderation-shapes.ts";
import type { SubmissionStatus } from "./submissions.ts";

export type SubmissionCounts = Record<SubmissionStatus, number> & { total: number };

const StatusCountRow = z.object({ status: Status, n: z.number() });

/** Counts by status (the admin overview's pending-submission card). */
export async function countSubmissions(db: Db): Promise<SubmissionCounts> {
  const rows = await queryRows(
    db,
    sql`SELECT status::text AS status, count(*)::int AS n FROM tool_submissions GROUP BY status`,
    StatusCountRow,
  );
  const counts: SubmissionCounts = { pending: 0, approved: 0, rejected: 0, needs_revision: 0, total: 0 };
  for (const r of rows) {
    counts[r.status] = r.n;
    counts.total += r.n;
  }
  return counts;
}
