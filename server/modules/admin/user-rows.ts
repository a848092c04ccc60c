import { eq } from "drizzle-orm";
import type { Actor, AuditActor } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { Role } from "../accounts/index.ts";
import { users } from "../accounts/tables.ts";

// What changing, suspending and reactivating a member share (change-user.ts, suspend-user.ts,
// reactivate-user.ts): the audit's actor and the member's row, locked.

/** Who acts, for the guards and the audit row. */
export const auditActor = (a: Actor): AuditActor => ({ id: a.id, label: a.label });

type SuspensionState = { suspendedAt: Date | null; suspendedReason: string | null; role: Role };

export async function lockUser(tx: Db, userId: string): Promise<SuspensionState> {
  const [row] = await tx
    .select({ suspendedAt: users.suspendedAt, suspendedReason: users.suspendedReason, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!row) throw new AppError("not_found", "User not found");
  return row;
}
