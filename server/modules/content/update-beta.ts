import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { type BetaFormData, betaColumns, betaValues, toolOf } from "./beta-form.ts";
import { BETA_MESSAGES, lockBeta } from "./beta-rows.ts";
import { betaPrograms } from "./tables.ts";

export async function updateBeta(db: Db, actor: Actor, id: string, input: BetaFormData, now: Date): Promise<void> {
  const v = betaValues(input, await toolOf(db, input.tool));
  await db.transaction(async (tx) => {
    const before = await lockBeta(tx, id);
    const taken = Number(before.spots_taken);
    if (v.spots < taken) throw new AppError("bad_request", BETA_MESSAGES.spotsBelowTaken(taken));
    await tx
      .update(betaPrograms)
      .set({
        ...betaColumns(v),
        updatedAt: now,
      })
      .where(eq(betaPrograms.id, id));
    await recordAudit(tx, {
      actor,
      action: "beta.update",
      targetType: "beta_program",
      targetId: id,
      before,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
  });
}
