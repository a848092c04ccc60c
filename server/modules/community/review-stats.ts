import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { tools } from "../catalog/tables.ts";
import { TRUST_RULES, trackRecord } from "./review-trust.ts";
import { polls } from "./tables.ts";
import { countedReview } from "./tool-rating.ts";

const CountRow = z.object({ n: z.number() });

/**
 * CONTRACT (issue 11, reviews): counts other modules read without knowing the reviews table.
 * Only counted reviews (tool-rating.ts countedReview: published, from an account a day old with a
 * verified e-mail) of published tools count; hidden ones left the tool's rating too.
 */

/**
 * Reviews written in [from, to), per tool id (trending), counted as the rating weighs them (ADR
 * 0069): one for each reviewer with a track record, and at most TRUST_RULES.unprovenCap for all the
 * reviewers without one together — a ring of new accounts cannot make a tool trend.
 */
export async function reviewCountsBetween(db: Db, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await queryRows(
    db,
    sql`SELECT r.tool_id::text AS tool_id,
               floor(count(*) FILTER (WHERE ${trackRecord(sql`u.id`, sql`u.created_at`, to)})
                + least(count(*) FILTER (WHERE NOT ${trackRecord(sql`u.id`, sql`u.created_at`, to)}), ${TRUST_RULES.unprovenCap}::float8))::int AS n
          FROM reviews r JOIN tools t ON t.id = r.tool_id JOIN users u ON u.id = r.user_id
        WHERE ${countedReview(to)} AND t.status = 'active'
          AND r.created_at >= ${from.toISOString()}::timestamptz AND r.created_at < ${to.toISOString()}::timestamptz
        GROUP BY r.tool_id`,
    z.object({ tool_id: z.string(), n: z.number() }),
  );
  return new Map(rows.map((r) => [r.tool_id, Number(r.n)]));
}

/** Published reviews in the whole catalogue (/community figures, admin overview). */
export async function countReviews(db: Db, now: Date): Promise<number> {
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
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(polls)
    .innerJoin(tools, eq(tools.id, polls.toolId))
    .where(and(eq(polls.status, "active"), eq(tools.status, "active")));
  return Number(row?.n ?? 0);
}
