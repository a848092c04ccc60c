import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { BETA_MESSAGES, listed, Row, SELECT, toCard } from "./beta-rows.ts";
import { betaApplications, betaPrograms } from "./tables.ts";

export const BetaApplyForm = z.object({
  programId: uuidSchema(BETA_MESSAGES.notFound),
  motivation: z.string().trim().min(10, BETA_MESSAGES.motivation).max(500, BETA_MESSAGES.motivation),
});

export const BETA_ACK_JOB = "beta.application-mail";
/** A member may send this many applications per hour (across programmes). */
const APPLY_RATE = { max: 10, windowSec: 3_600 };

export type BetaApplicant = { userId: string; canApplyEarly: boolean };

/**
 * Takes one spot atomically and records the application, in one transaction: the conditional
 * UPDATE (spots_taken < spots) holds the programme's row lock until commit, so concurrent applicants
 * queue on it and re-check the condition; never more applications than spots. A second application
 * by the same member hits the unique index and rolls the spot back. The acknowledgement e-mail is a
 * job enqueued in the same transaction (it exists iff the application does).
 */
export async function applyToBeta(
  db: Db,
  jobs: Jobs,
  applicant: BetaApplicant,
  input: z.output<typeof BetaApplyForm>,
  now: Date,
): Promise<{ applicationId: string; spotsLeft: number }> {
  const [program] = await queryRows(
    db,
    sql`${SELECT(applicant.userId)} WHERE b.id = ${input.programId}::uuid AND ${listed(now)}`,
    Row,
  );
  if (!program) throw new AppError("not_found", BETA_MESSAGES.notFound);
  const card = toCard(program, now);
  if (card.applied) throw new AppError("conflict", BETA_MESSAGES.already);
  if (card.status === "full") throw new AppError("conflict", BETA_MESSAGES.full);
  if (card.status === "starting_soon" && !applicant.canApplyEarly) {
    throw new AppError("forbidden", BETA_MESSAGES.notYet(card.startsAt.slice(0, 10)));
  }
  const rate = await consumeRateLimit(db, `beta-apply:user:${applicant.userId}`, APPLY_RATE, now);
  if (!rate.allowed) throw new AppError("rate_limited", BETA_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });

  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(betaPrograms)
      .set({ spotsTaken: sql`${betaPrograms.spotsTaken} + 1`, updatedAt: now })
      .where(
        and(
          eq(betaPrograms.id, input.programId),
          eq(betaPrograms.active, true),
          lt(betaPrograms.spotsTaken, betaPrograms.spots),
        ),
      )
      .returning({ spots: betaPrograms.spots, spotsTaken: betaPrograms.spotsTaken });
    if (!taken) throw new AppError("conflict", BETA_MESSAGES.full);
    const [application] = await tx
      .insert(betaApplications)
      .values({ programId: input.programId, userId: applicant.userId, motivation: input.motivation, createdAt: now })
      .onConflictDoNothing({ target: [betaApplications.programId, betaApplications.userId] })
      .returning({ id: betaApplications.id });
    // Throwing rolls the spot back too.
    if (!application) throw new AppError("conflict", BETA_MESSAGES.already);
    await jobs.enqueue(
      { type: BETA_ACK_JOB, payload: { applicationId: application.id }, key: `beta-ack:${application.id}` },
      tx,
    );
    return { applicationId: application.id, spotsLeft: taken.spots - taken.spotsTaken };
  });
}
