import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { lockDeal } from "./deal-rows.ts";
import { deals } from "./tables.ts";

/** Ends a deal now (it stays in the admin list as ended; the public never sees it again). */
export async function endDeal(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, id);
    if (before.ended_at) return;
    await tx.update(deals).set({ endedAt: now, updatedAt: now }).where(eq(deals.id, id));
    await recordAudit(tx, {
      actor,
      action: "deal.end",
      targetType: "deal",
      targetId: id,
      before: { ended_at: null },
      after: { ended_at: now.toISOString() },
      requestId: actor.requestId,
      at: now,
    });
  });
}
