import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { lockBeta } from "./beta-rows.ts";
import { betaPrograms } from "./tables.ts";

export async function deleteBeta(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockBeta(tx, id);
    await tx.delete(betaPrograms).where(eq(betaPrograms.id, id));
    await recordAudit(tx, {
      actor,
      action: "beta.delete",
      targetType: "beta_program",
      targetId: id,
      before,
      requestId: actor.requestId,
      at: now,
    });
  });
}
