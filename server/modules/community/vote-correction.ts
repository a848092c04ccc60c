import { eq, sql } from "drizzle-orm";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { CORRECTION_RULES, type Deps } from "./correction-rows.ts";
import { corrections, correctionVotes } from "./tables.ts";

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
    // Votes on one correction take turns (the row lock), so the count below sees every committed vote.
    const [row] = await tx
      .select({ user_id: corrections.userId, status: corrections.status })
      .from(corrections)
      .where(eq(corrections.id, id))
      .for("update");
    if (!row) throw new AppError("not_found", "Correction not found");
    if (row.user_id === userId) throw new AppError("forbidden", "You cannot vote for your own correction");
    if (row.status !== "open") throw new AppError("conflict", "Voting is closed: this correction was already reviewed");
    const inserted = await tx
      .insert(correctionVotes)
      .values({ correctionId: id, userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ user_id: correctionVotes.userId });
    if (!inserted.length) throw new AppError("conflict", "You already voted for this correction");
    // Counted from the votes themselves, so concurrent votes can never leave a wrong figure.
    const votes = tx
      .select({ n: sql<number>`count(*)::int` })
      .from(correctionVotes)
      .where(eq(correctionVotes.correctionId, id));
    const [updated] = await tx
      .update(corrections)
      .set({ votes: sql`(${votes})` })
      .where(eq(corrections.id, id))
      .returning({ votes: corrections.votes });
    return { votes: updated?.votes ?? 0 };
  });
}
