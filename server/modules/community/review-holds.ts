import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { trackRecord } from "./review-trust.ts";
import { reviews } from "./tables.ts";

/**
 * Holds for a moderator (issue 35, ADR 0069). A held review does not count and is not listed; the
 * moderation queue shows it with the reason, and "keep" releases it (moderateReview).
 *
 * - **Burst**: at least `minReviews` reviews of one tool written or re-rated within `windowHours`
 *   by accounts without a track record, and at least `rise` times the tool's usual pace over the
 *   `baselineDays` before — then every such review in the window is held, not only the latest.
 *   A launch with real fans is held too; a moderator keeps those with one click.
 * - **Related accounts**: the author has signed in from a public address another reviewer of the
 *   same tool signed in from (one person with several accounts, or a ring on one connection).
 *   Private and loopback addresses are ignored: offices, tests and a proxy without TRUST_PROXY
 *   would otherwise link everyone. Addresses live in `sessions`, so this sees current sessions.
 */
export const BURST_RULES = { windowHours: 24, minReviews: 5, rise: 3, baselineDays: 30 } as const;

/** Addresses that say nothing about who is behind them (private, loopback, link-local, unique-local). */
const UNLINKABLE = String.raw`^(::ffff:)?(127\.|10\.|192\.168\.|172\.(1[6-9]|2[0-9]|3[01])\.|169\.254\.)|^(::1$|f[cd]|fe80)`;

const BurstRow = z.object({ suspects: z.number(), baseline: z.number() });
const RelatedRow = z.object({ n: z.number() });

/**
 * Run in the review's transaction, after the tool row is locked: holds the review (and the burst it
 * belongs to) when a rule applies. Returns the reason when this review is held.
 */
export async function holdIfSuspect(
  tx: Db,
  toolId: string,
  reviewId: string,
  userId: string,
  now: Date,
): Promise<string | null> {
  const at = now.toISOString();
  const [related] = await queryRows(
    tx,
    sql`SELECT count(DISTINCT r.user_id)::int AS n FROM reviews r
          JOIN sessions o ON o.user_id = r.user_id
          JOIN sessions mine ON mine.user_id = ${userId} AND mine.ip_address = o.ip_address
         WHERE r.tool_id = ${toolId}::uuid AND r.user_id <> ${userId} AND r.withdrawn_at IS NULL
           AND o.ip_address IS NOT NULL AND o.ip_address !~* ${UNLINKABLE}`,
    RelatedRow,
  );
  const others = Number(related?.n ?? 0);
  if (others > 0) {
    const reason = `Related accounts: signed in from the same address as ${others} other reviewer${others === 1 ? "" : "s"} of this tool`;
    await hold(tx, sql`id = ${reviewId}::uuid`, reason, at);
    return reason;
  }
  const windowStart = new Date(now.getTime() - BURST_RULES.windowHours * 3_600_000);
  const baselineStart = new Date(windowStart.getTime() - BURST_RULES.baselineDays * 86_400_000);
  const suspect = sql`r.tool_id = ${toolId}::uuid AND r.status = 'published' AND r.withdrawn_at IS NULL
    AND r.moderated_at IS NULL AND r.updated_at >= ${windowStart.toISOString()}::timestamptz
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND ${trackRecord(sql`u.id`, sql`u.created_at`, now)})`;
  const [burst] = await queryRows(
    tx,
    sql`SELECT (SELECT count(*)::int FROM reviews r WHERE ${suspect}) AS suspects,
               (SELECT count(*)::int FROM reviews b WHERE b.tool_id = ${toolId}::uuid
                   AND b.created_at >= ${baselineStart.toISOString()}::timestamptz
                   AND b.created_at < ${windowStart.toISOString()}::timestamptz) AS baseline`,
    BurstRow,
  );
  const suspects = Number(burst?.suspects ?? 0);
  const perWindow = (Number(burst?.baseline ?? 0) / BURST_RULES.baselineDays) * (BURST_RULES.windowHours / 24);
  if (suspects < BURST_RULES.minReviews || suspects < BURST_RULES.rise * perWindow) return null;
  const reason = `Burst: ${suspects} reviews of this tool in ${BURST_RULES.windowHours} hours from accounts without a track record (usual: ${perWindow.toFixed(1)})`;
  await hold(tx, suspect, reason, at);
  const [mine] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), isNotNull(reviews.heldAt)));
  return Number(mine?.n ?? 0) > 0 ? reason : null;
}

async function hold(tx: Db, where: ReturnType<typeof sql>, reason: string, at: string): Promise<void> {
  await tx.execute(
    sql`UPDATE reviews r SET held_at = ${at}::timestamptz, hold_reason = ${reason} WHERE ${where} AND r.held_at IS NULL`,
  );
}
