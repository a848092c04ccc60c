import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { countedReview } from "./reviews.ts";

const CountRow = z.object({ n: z.number() });

/**
 * CONTRACT (issue 11, reviews): counts other modules read without knowing the reviews table.
 * Only counted reviews (reviews.ts countedReview: published, from an account a day old with a
 * verified e-mail) of published tools count; hidden ones left the tool's rating too.
 */

/** Published reviews written in [from, to), per tool id (trending). */
export async function reviewCountsBetween(db: Db, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await queryRows(
    db,
    sql`SELECT r.tool_id::text AS tool_id, count(*)::int AS n FROM reviews r JOIN tools t ON t.id = r.tool_id
        WHERE ${countedReview(to)} AND t.status = 'active'
          AND r.created_at >= ${from.toISOString()}::timestamptz AND r.created_at < ${to.toISOString()}::timestamptz
        GROUP BY r.tool_id`,
    z.object({ tool_id: z.string(), n: z.number() }),
  );
  return new Map(rows.map((r) => [r.tool_id, Number(r.n)]));
}

/** Published reviews in the whole catalogue (/community figures, admin overview). */
export async function countReviews(db: Db, now: Date = new Date()): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM reviews r JOIN tools t ON t.id = r.tool_id
        WHERE ${countedReview(now)} AND t.status = 'active'`,
    CountRow,
  );
  return Number(row?.n ?? 0);
}

/** Polls that accept votes now (/community figures). */
export async function countActivePolls(db: Db): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM polls p JOIN tools t ON t.id = p.tool_id
        WHERE p.status = 'active' AND t.status = 'active'`,
    CountRow,
  );
  return Number(row?.n ?? 0);
}
