import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, sql, transaction } from "../../platform/db/index.ts";
import { users } from "../accounts/tables.ts";
import { auditActor, lockUser } from "./user-rows.ts";

export async function reactivateUser(db: Db, actor: Actor, userId: string): Promise<{ changed: boolean }> {
  return transaction(db, async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before.suspendedAt) return { changed: false };
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: "user.reactivate",
      targetType: "user",
      targetId: userId,
      before: { suspended: true, reason: before.suspendedReason },
      after: { suspended: false },
      requestId: actor.requestId ?? null,
    });
    return { changed: true };
  });
}
