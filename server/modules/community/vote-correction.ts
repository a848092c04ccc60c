import { z } from "zod";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { CORRECTION_RULES, type Deps } from "./correction-rows.ts";

/** One vote per member (the primary key decides, even for concurrent votes); not on one's own; open only. */
export async function voteCorrection(deps: Deps, userId: string, id: string): Promise<{ votes: number }> {
  const { db, now } = deps;
  const rate = await consumeRateLimit(
    db,
    `correction-vote:user:${userId}`,
    { max: CORRECTION_RULES.votesPerHour, windowSec: 3_600 },
    now,
  );
  if (!rate.allowed)
    throw new AppError("rate_limited", "Too many votes. Try again later.", { retryAfterSec: rate.retryAfterSec });
  return transaction(db, async (tx) => {
    const [row] = await queryRows(
      tx,
      // Votes on one correction take turns (the row lock), so the count below sees every committed vote.
      sql`SELECT user_id, status FROM corrections WHERE id = ${id}::uuid FOR UPDATE`,
      z.object({ user_id: z.string(), status: z.string() }),
    );
    if (!row) throw new AppError("not_found", "Correction not found");
    if (row.user_id === userId) throw new AppError("forbidden", "You cannot vote for your own correction");
    if (row.status !== "open") throw new AppError("conflict", "Voting is closed: this correction was already reviewed");
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO correction_votes (correction_id, user_id, created_at) VALUES (${id}::uuid, ${userId}, ${now})
          ON CONFLICT DO NOTHING RETURNING user_id`,
      z.object({ user_id: z.string() }),
    );
    if (!inserted.length) throw new AppError("conflict", "You already voted for this correction");
    // Counted from the votes themselves, so concurrent votes can never leave a wrong figure.
    const [updated] = await queryRows(
      tx,
      sql`UPDATE corrections SET votes = (SELECT count(*)::int FROM correction_votes WHERE correction_id = ${id}::uuid)
          WHERE id = ${id}::uuid RETURNING votes`,
      z.object({ votes: z.number() }),
    );
    return { votes: updated?.votes ?? 0 };
  });
}
