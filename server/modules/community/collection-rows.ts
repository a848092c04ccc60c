import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { type Entitlements, isTier, TIER_LABELS, type Viewer } from "../accounts/index.ts";
import { topListCollaborators } from "./tables.ts";
import { COLLECTIONS_FEATURE, TOP_LIST_MESSAGES } from "./top-list-rows.ts";

/**
 * Custom collections (issue 34 item 8, ADR 0082): on top of a member's top lists, an owner whose plan
 * has `custom_collections` shares a list by an unguessable link they can revoke, and invites other
 * members (by e-mail address or username) who may add, remove, order and annotate its tools. Only the
 * owner edits the list itself, deletes it, shares it and manages who collaborates. When the owner's
 * plan lapses, the link and the collaborators stop working until it comes back (nothing is deleted).
 *
 * One use case per file (share-list.ts, get-shared-list.ts, add-collaborator.ts, …); this file holds
 * what several of them share: the rules, the messages, the plan check, the write limit and the link's token.
 */

export const COLLECTION_RULES = {
  collaboratorsMax: 20,
  /** invitations per owner per hour: an address that has no account answers differently, so cap the asking */
  invitesPerHour: 20,
  whoMax: 254,
} as const;

export const COLLECTION_MESSAGES = {
  whoRequired: "Enter the member's e-mail address or username",
  noSuchMember: "No member has that e-mail address or username",
  notYourself: "You already own this list",
  already: "That member already collaborates on this list",
  full: `A list has at most ${COLLECTION_RULES.collaboratorsMax} collaborators`,
  notCollaborator: "That member does not collaborate on this list",
  tooManyInvites: "Too many invitations in a short time. Please wait a while and try again.",
} as const;

/** The plan sentence below the feature's tier: which plan has it, and where to get it. */
export function collectionsRefusal(viewer: Viewer): string | null {
  if (viewer.can(COLLECTIONS_FEATURE)) return null;
  const from = viewer.entitlements.lowestTierWith(COLLECTIONS_FEATURE);
  const plan = `your ${TIER_LABELS[viewer.tier]} plan`;
  return from
    ? `Sharing a list by link and inviting collaborators come with the ${TIER_LABELS[from]} plan; ${plan} does not include them. See /pricing to upgrade.`
    : `Sharing a list by link and inviting collaborators are not available on ${plan}.`;
}

export function requireCollections(viewer: Viewer): void {
  const refusal = collectionsRefusal(viewer);
  if (refusal) {
    throw new AppError("forbidden", refusal, {
      feature: COLLECTIONS_FEATURE,
      requiredTier: viewer.entitlements.lowestTierWith(COLLECTIONS_FEATURE),
      upgradeUrl: "/pricing",
    });
  }
}

export const actorOf = (viewer: Viewer, requestId?: string): Actor => ({
  id: viewer.user.id,
  label: viewer.user.email,
  requestId: requestId ?? null,
});

export async function limitWrites(db: Db, userId: string, now: Date): Promise<void> {
  // The same bucket as every other list change (top-list-rows.ts).
  const rate = await consumeRateLimit(db, `toplists:user:${userId}`, { max: 120, windowSec: 3600 }, now);
  if (!rate.allowed) {
    throw new AppError("rate_limited", TOP_LIST_MESSAGES.tooManyWrites, { retryAfterSec: rate.retryAfterSec });
  }
}

export type Options = { now: Date; requestId?: string };

/** 24 random bytes: 192 bits, base64url; the token is the link, so it is compared exactly. */
export const newToken = () => randomBytes(24).toString("base64url");
export const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function ownerHas(entitlements: Entitlements, ownerTier: string | null): boolean {
  return entitlements.hasAccess(ownerTier && isTier(ownerTier) ? ownerTier : "free", COLLECTIONS_FEATURE);
}

export async function dropCollaborator(
  tx: Db,
  listId: string,
  userId: string,
  actor: Actor,
  action: string,
  o: Options,
) {
  const gone = await tx
    .delete(topListCollaborators)
    .where(and(eq(topListCollaborators.listId, listId), eq(topListCollaborators.userId, userId)))
    .returning({ user_id: topListCollaborators.userId });
  if (!gone.length) {
    throw new AppError(
      "not_found",
      action === "top_list.collaborator_left" ? TOP_LIST_MESSAGES.notFound : COLLECTION_MESSAGES.notCollaborator,
    );
  }
  await recordAudit(tx, {
    actor,
    action,
    targetType: "top_list",
    targetId: listId,
    before: { userId },
    requestId: o.requestId,
    at: o.now,
  });
}
