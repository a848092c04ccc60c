import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { type BetaFormData, betaColumns, betaValues, toolOf } from "./beta-form.ts";
import { betaPrograms } from "./tables.ts";

export async function createBeta(db: Db, actor: Actor, input: BetaFormData, now: Date): Promise<string> {
  const v = betaValues(input, await toolOf(db, input.tool));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(betaPrograms)
      .values({
        ...betaColumns(v),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: betaPrograms.id });
    if (!row) throw new Error("beta program was not stored");
    await recordAudit(tx, {
      actor,
      action: "beta.create",
      targetType: "beta_program",
      targetId: row.id,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
    return row.id;
  });
}
