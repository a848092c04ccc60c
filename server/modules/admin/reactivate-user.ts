import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, sql, transaction } from "../../platform/db/index.ts";
import { auditActor, lockUser } from "./user-rows.ts";

export async function reactivateUser(db: Db, actor: Actor, userId: string): Promise<{ changed: boolean }> {
  return transaction(db, async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before.suspended_at) return { changed: false };
    await tx.execute(
      sql`UPDATE users SET suspended_at = NULL, suspended_reason = NULL, updated_at = now() WHERE id = ${userId}`,
    );
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: "user.reactivate",
      targetType: "user",
      targetId: userId,
      before: { suspended: true, reason: before.suspended_reason },
      after: { suspended: false },
      requestId: actor.requestId ?? null,
    });
    return { changed: true };
  });
}
