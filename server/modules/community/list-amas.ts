import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { type AmaSummary, SUMMARY, SummaryRow, toSummary } from "./ama-rows.ts";

/** /community/amas: upcoming and live ones soonest first; the archive newest first. */
export async function listAmas(
  db: Db,
  now: Date,
  options: { toolId?: string; limit?: number } = {},
): Promise<{ upcoming: AmaSummary[]; past: AmaSummary[] }> {
  const max = options.limit ?? 50;
  const tool = options.toolId ? sql`AND a.tool_id = ${options.toolId}::uuid` : sql``;
  const at = now.toISOString();
  const [upcoming, past] = await Promise.all([
    queryRows(
      db,
      sql`${SUMMARY} WHERE a.cancelled_at IS NULL AND a.ends_at > ${at}::timestamptz ${tool}
          ORDER BY a.starts_at, a.id LIMIT ${max}`,
      SummaryRow,
    ),
    queryRows(
      db,
      sql`${SUMMARY} WHERE a.cancelled_at IS NULL AND a.ends_at <= ${at}::timestamptz ${tool}
          ORDER BY a.starts_at DESC, a.id LIMIT ${max}`,
      SummaryRow,
    ),
  ]);
  return { upcoming: upcoming.map((r) => toSummary(r, now)), past: past.map((r) => toSummary(r, now)) };
}
