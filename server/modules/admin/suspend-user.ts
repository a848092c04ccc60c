import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { cleanLine, controlCharacterIn } from "../../platform/text.ts";
import { sessions, users } from "../accounts/tables.ts";
import { auditActor, lockUser } from "./user-rows.ts";

export const SELF_SUSPEND = "You cannot suspend your own account.";
export const SUSPEND_ADMIN = "Remove the administrator role before suspending this account.";

export const SuspendInput = z.object({
  reason: z
    .string({ message: "Please give a reason for the suspension" })
    .trim()
    .min(1, "Please give a reason for the suspension")
    .max(500, "The reason must be 500 characters or fewer")
    .refine((v) => !controlCharacterIn(v), { message: "The reason cannot contain control characters" })
    .transform((v) => cleanLine(v)),
});

/**
 * Suspends a member: they cannot sign in (auth's session hook) and every session ends now (rows
 * deleted in the same transaction). Suspending a suspended member changes nothing.
 */
export async function suspendUser(
  db: Db,
  actor: Actor,
  userId: string,
  reason: string,
): Promise<{ changed: boolean; sessionsEnded: number }> {
  if (userId === actor.id) throw new AppError("bad_request", SELF_SUSPEND);
  return transaction(db, async (tx) => {
    const before = await lockUser(tx, userId);
    if (before.suspendedAt) return { changed: false, sessionsEnded: 0 };
    if (before.role === "admin") throw new AppError("bad_request", SUSPEND_ADMIN);
    await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, suspendedReason: reason, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: "user.suspend",
      targetType: "user",
      targetId: userId,
      before: { suspended: false },
      after: { suspended: true, sessionsEnded: ended.length },
      reason,
      requestId: actor.requestId ?? null,
    });
    return { changed: true, sessionsEnded: ended.length };
  });
}
