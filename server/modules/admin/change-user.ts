import { eq } from "drizzle-orm";
import type { Actor } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { type AccountSummary, type Role, type Tier, updateAccount } from "../accounts/index.ts";
import { userProfiles, users } from "../accounts/tables.ts";
import { refreshTier } from "../billing/index.ts";
import { auditActor } from "./user-rows.ts";

export const SELF_DEMOTE = "You cannot remove your own administrator role. Ask another administrator.";
export const PROMOTE_SUSPENDED = "Reactivate this account before making it an administrator.";

/**
 * Tier and/or role, by an operator (the admin API and the Users tab). The tier is an operator
 * override (billing derives tiers from subscriptions; this stays the manual lever). Not on oneself
 * for the role: an admin cannot lock themselves out by accident.
 */
export async function changeUser(
  db: Db,
  actor: Actor,
  userId: string,
  change: { tier?: Tier; role?: Role },
  now: Date,
  reason?: string,
): Promise<AccountSummary> {
  if (userId === actor.id && change.role && change.role !== "admin") throw new AppError("bad_request", SELF_DEMOTE);
  return transaction(db, async (tx) => {
    // No profile row yet: no tier (LEFT JOIN).
    const [current] = await tx
      .select({ tier: userProfiles.tier, suspendedAt: users.suspendedAt })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(users.id, userId));
    if (current?.suspendedAt && change.role === "admin") throw new AppError("bad_request", PROMOTE_SUSPENDED);
    // The Users form always sends the tier it shows: the same tier again is no change, not an
    // override (which would outlast the member's paid plan).
    const wanted = change.tier !== undefined && change.tier !== current?.tier ? { ...change } : { role: change.role };
    const account = await updateAccount(tx, userId, wanted, {
      actor: auditActor(actor),
      requestId: actor.requestId ?? undefined,
      reason,
    });
    // The operator's tier is an override; the tier the app reads is derived from it, any paid plan and
    // grants — in the same transaction, so a failure leaves neither half.
    if (wanted.tier) account.tier = await refreshTier(tx, userId, now);
    return account;
  });
}
