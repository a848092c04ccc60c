import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { lockBeta } from "./beta-rows.ts";
import { betaPrograms } from "./tables.ts";

/** Deactivates (hides, closes applications) or reactivates a programme. */
export async function setBetaActive(db: Db, actor: Actor, id: string, active: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockBeta(tx, id);
    if (before.active === active) return;
    await tx.update(betaPrograms).set({ active, updatedAt: now }).where(eq(betaPrograms.id, id));
    await recordAudit(tx, {
      actor,
      action: active ? "beta.activate" : "beta.deactivate",
      targetType: "beta_program",
      targetId: id,
      before: { active: before.active },
      after: { active },
      requestId: actor.requestId,
      at: now,
    });
  });
}
