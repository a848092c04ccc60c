import { z } from "zod";
import type { Actor, AuditActor } from "../../platform/audit.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { ROLES } from "../accounts/index.ts";

// What changing, suspending and reactivating a member share (change-user.ts, suspend-user.ts,
// reactivate-user.ts): the audit's actor and the member's row, locked.

/** Who acts, for the guards and the audit row. */
export const auditActor = (a: Actor): AuditActor => ({ id: a.id, label: a.label });

const SuspensionState = z.object({
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  role: z.enum(ROLES),
});
type SuspensionState = z.infer<typeof SuspensionState>;

export async function lockUser(tx: Db, userId: string): Promise<SuspensionState> {
  const [row] = await queryRows(
    tx,
    sql`SELECT suspended_at, suspended_reason, role::text AS role FROM users WHERE id = ${userId} FOR UPDATE`,
    SuspensionState,
  );
  if (!row) throw new AppError("not_found", "User not found");
  return row;
}
