import { randomBytes } from "node:crypto";
import { z } from "zod";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { type Entitlements, isTier, TIER_LABELS, type Viewer } from "../accounts/index.ts";
import type { CommunityServices } from "./services.ts";
import {
  COLLECTIONS_FEATURE,
  ListItemRow,
  lockOwnList,
  TOP_LIST_MESSAGES,
  type TopListDetail,
  type TopListTool,
} from "./top-list-rows.ts";

/**
 * Custom collections (issue 34 item 8, ADR 0082): on top of a member's top lists, an owner whose plan
 * has `custom_collections` shares a list by an unguessable link they can revoke, and invites other
 * members (by e-mail address or username) who may add, remove, order and annotate its tools. Only the
 * owner edits the list itself, deletes it, shares it and manages who collaborates. When the owner's
 * plan lapses, the link and the collaborators stop working until it comes back (nothing is deleted).
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

export const CollaboratorInput = z.object({
  who: z
    .string({ message: COLLECTION_MESSAGES.whoRequired })
    .trim()
    .min(1, COLLECTION_MESSAGES.whoRequired)
    .max(COLLECTION_RULES.whoMax, COLLECTION_MESSAGES.noSuchMember),
});

/** The plan sentence below the feature's tier: which plan has it, and where to get it. */
export function collectionsRefusal(viewer: Viewer): string | null {
  if (viewer.can(COLLECTIONS_FEATURE)) return null;
  const from = viewer.entitlements.lowestTierWith(COLLECTIONS_FEATURE);
  const plan = `your ${TIER_LABELS[viewer.tier]} plan`;
  return from
    ? `Sharing a list by link and inviting collaborators come with the ${TIER_LABELS[from]} plan; ${plan} does not include them. See /pricing to upgrade.`
    : `Sharing a list by link and inviting collaborators are not available on ${plan}.`;
}

function requireCollections(viewer: Viewer): void {
  const refusal = collectionsRefusal(viewer);
  if (refusal) {
    throw new AppError("forbidden", refusal, {
      feature: COLLECTIONS_FEATURE,
      requiredTier: viewer.entitlements.lowestTierWith(COLLECTIONS_FEATURE),
      upgradeUrl: "/pricing",
    });
  }
}

const actorOf = (viewer: Viewer, requestId?: string): Actor => ({
  id: viewer.user.id,
  label: viewer.user.email,
  requestId: requestId ?? null,
});

async function limitInvites(db: Db, userId: string, now: Date): Promise<void> {
  const rate = await consumeRateLimit(
    db,
    `collections:invite:${userId}`,
    { max: COLLECTION_RULES.invitesPerHour, windowSec: 3600 },
    now,
  );
  if (!rate.allowed) {
    throw new AppError("rate_limited", COLLECTION_MESSAGES.tooManyInvites, { retryAfterSec: rate.retryAfterSec });
  }
}

async function limitWrites(db: Db, userId: string, now: Date): Promise<void> {
  // The same bucket as every other list change (top-list-rows.ts).
  const rate = await consumeRateLimit(db, `toplists:user:${userId}`, { max: 120, windowSec: 3600 }, now);
  if (!rate.allowed) {
    throw new AppError("rate_limited", TOP_LIST_MESSAGES.tooManyWrites, { retryAfterSec: rate.retryAfterSec });
  }
}

type Options = { now: Date; requestId?: string };

// ---- sharing by link ----

/** 24 random bytes: 192 bits, base64url; the token is the link, so it is compared exactly. */
const newToken = () => randomBytes(24).toString("base64url");
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** Gives one of the owner's lists a new private link (replacing any old one, which stops working). */
export async function shareList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  o: Options,
): Promise<string> {
  requireCollections(viewer);
  await limitWrites(deps.db, viewer.user.id, o.now);
  return transaction(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    const token = newToken();
    const [before] = await queryRows(
      tx,
      sql`SELECT share_token IS NOT NULL AS shared FROM top_lists WHERE id = ${row.id}::uuid`,
      z.object({ shared: z.boolean() }),
    );
    await tx.execute(sql`UPDATE top_lists SET share_token = ${token}, shared_at = ${o.now.toISOString()}::timestamptz
        WHERE id = ${row.id}::uuid`);
    await recordAudit(tx, {
      actor: actorOf(viewer, o.requestId),
      action: before?.shared ? "top_list.share_link_replaced" : "top_list.share_link_created",
      targetType: "top_list",
      targetId: row.id,
      before: { shared: before?.shared ?? false },
      after: { shared: true },
      requestId: o.requestId,
      at: o.now,
    });
    return token;
  });
}

/** Turns a list's private link off; the old link answers 404 from then on. */
export async function revokeShare(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  o: Options,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, o.now);
  // Revoking stays possible after a downgrade: a member can always take a link back.
  await transaction(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    const gone = await queryRows(
      tx,
      sql`UPDATE top_lists SET share_token = NULL, shared_at = NULL
          WHERE id = ${row.id}::uuid AND share_token IS NOT NULL RETURNING id`,
      z.object({ id: z.string() }),
    );
    if (!gone.length) return;
    await recordAudit(tx, {
      actor: actorOf(viewer, o.requestId),
      action: "top_list.share_link_revoked",
      targetType: "top_list",
      targetId: row.id,
      before: { shared: true },
      after: { shared: false },
      requestId: o.requestId,
      at: o.now,
    });
  });
}

/** What a shared link shows, and nothing else: the title, and each live tool with its note. */
export type SharedList = {
  title: string;
  tools: {
    slug: string;
    name: string;
    category: string;
    description: string;
    logoUrl: string | null;
    note: string | null;
  }[];
};

/** The allow-listing serializer of a shared list (no owner, no ids, no e-mail, no token). */
export function serializeSharedList(title: string, tools: TopListTool[]): SharedList {
  return {
    title,
    tools: tools.map((t) => ({
      slug: t.slug,
      name: t.name,
      category: t.category,
      description: t.description,
      logoUrl: t.logoUrl,
      note: t.note,
    })),
  };
}

const SharedRow = z.object({ id: z.string(), title: z.string(), owner_tier: z.string().nullable() });

function ownerHas(entitlements: Entitlements, ownerTier: string | null): boolean {
  return entitlements.hasAccess(ownerTier && isTier(ownerTier) ? ownerTier : "free", COLLECTIONS_FEATURE);
}

/** The list behind a share link, or null (unknown, revoked, or the owner's plan no longer has the feature). */
export async function getSharedList(db: Db, entitlements: Entitlements, token: string): Promise<SharedList | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await queryRows(
    db,
    sql`SELECT l.id, l.title, p.tier::text AS owner_tier
        FROM top_lists l LEFT JOIN user_profiles p ON p.user_id = l.user_id
        WHERE l.share_token = ${token} LIMIT 1`,
    SharedRow,
  );
  if (!row || !ownerHas(entitlements, row.owner_tier)) return null;
  const items = await queryRows(
    db,
    sql`SELECT i.tool_id, t.slug, t.name, t.description, t.logo_url, c.name AS category, i.note, i.position
        FROM top_list_items i JOIN tools t ON t.id = i.tool_id JOIN categories c ON c.id = t.category_id
        WHERE i.list_id = ${row.id}::uuid AND t.status = 'active' ORDER BY i.position, i.added_at`,
    ListItemRow,
  );
  return serializeSharedList(
    row.title,
    items.map((r) => ({
      toolId: r.tool_id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      logoUrl: r.logo_url,
      category: r.category,
      note: r.note,
      position: r.position,
    })),
  );
}

// ---- collaborators ----

const MemberRow = z.object({ id: z.string() });

/** Invites an existing member (by e-mail address or username) to edit one of the owner's lists. */
export async function addCollaborator(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  input: z.output<typeof CollaboratorInput>,
  o: Options,
): Promise<{ name: string }> {
  requireCollections(viewer);
  await limitInvites(deps.db, viewer.user.id, o.now);
  const who = input.who.replace(/^@/, "").toLowerCase();
  return transaction(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    const [member] = await queryRows(
      tx,
      sql`SELECT id FROM users WHERE suspended_at IS NULL
            AND ${who.includes("@") ? sql`lower(email) = ${who}` : sql`lower(username) = ${who}`} LIMIT 1`,
      MemberRow,
    );
    if (!member) throw new AppError("not_found", COLLECTION_MESSAGES.noSuchMember, { field: "who" });
    if (member.id === viewer.user.id)
      throw new AppError("bad_request", COLLECTION_MESSAGES.notYourself, { field: "who" });
    const [count] = await queryRows(
      tx,
      sql`SELECT count(*)::int AS n, bool_or(user_id = ${member.id}) AS has
          FROM top_list_collaborators WHERE list_id = ${row.id}::uuid`,
      z.object({ n: z.number(), has: z.boolean().nullable() }),
    );
    if (count?.has) throw new AppError("conflict", COLLECTION_MESSAGES.already, { field: "who" });
    if ((count?.n ?? 0) >= COLLECTION_RULES.collaboratorsMax)
      throw new AppError("bad_request", COLLECTION_MESSAGES.full);
    await tx.execute(sql`INSERT INTO top_list_collaborators (list_id, user_id, added_by, added_at)
        VALUES (${row.id}::uuid, ${member.id}, ${viewer.user.id}, ${o.now.toISOString()}::timestamptz)`);
    await recordAudit(tx, {
      actor: actorOf(viewer, o.requestId),
      action: "top_list.collaborator_added",
      targetType: "top_list",
      targetId: row.id,
      after: { userId: member.id },
      requestId: o.requestId,
      at: o.now,
    });
    const [named] = await queryRows(
      tx,
      sql`SELECT ${publicMemberName("u")} AS name FROM users u WHERE u.id = ${member.id}`,
      z.object({ name: z.string() }),
    );
    return { name: named?.name ?? "the member" };
  });
}

/** The owner takes a collaborator off a list (allowed on any plan: access can always be taken back). */
export async function removeCollaborator(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  userId: string,
  o: Options,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, o.now);
  await transaction(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    await dropCollaborator(tx, row.id, userId, actorOf(viewer, o.requestId), "top_list.collaborator_removed", o);
  });
}

/** A collaborator leaves a list shared with them. */
export async function leaveList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  o: Options,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, o.now);
  if (!UUID.test(listId)) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  await transaction(deps.db, async (tx) => {
    await dropCollaborator(tx, listId, viewer.user.id, actorOf(viewer, o.requestId), "top_list.collaborator_left", o);
  });
}

async function dropCollaborator(tx: Db, listId: string, userId: string, actor: Actor, action: string, o: Options) {
  const gone = await queryRows(
    tx,
    sql`DELETE FROM top_list_collaborators WHERE list_id = ${listId}::uuid AND user_id = ${userId}
        RETURNING user_id`,
    z.object({ user_id: z.string() }),
  );
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

// ---- the dashboard's reads ----

export type Collaborator = { userId: string; name: string; handle: string | null };
/** What only the owner sees of their lists: the share link's token and who collaborates. */
export type OwnerCollectionState = { shareToken: string | null; collaborators: Collaborator[] };

/** The owner-only parts of the member's own lists, by list id. */
export async function ownerCollectionState(db: Db, userId: string): Promise<Record<string, OwnerCollectionState>> {
  const [lists, people] = await Promise.all([
    queryRows(
      db,
      sql`SELECT id, share_token FROM top_lists WHERE user_id = ${userId}`,
      z.object({ id: z.string(), share_token: z.string().nullable() }),
    ),
    queryRows(
      db,
      sql`SELECT c.list_id, c.user_id, ${publicMemberName("u")} AS name, u.username AS handle
          FROM top_list_collaborators c JOIN top_lists l ON l.id = c.list_id JOIN users u ON u.id = c.user_id
          WHERE l.user_id = ${userId} ORDER BY c.added_at, c.user_id`,
      z.object({ list_id: z.string(), user_id: z.string(), name: z.string(), handle: z.string().nullable() }),
    ),
  ]);
  const out: Record<string, OwnerCollectionState> = {};
  for (const l of lists) out[l.id] = { shareToken: l.share_token, collaborators: [] };
  for (const p of people) out[p.list_id]?.collaborators.push({ userId: p.user_id, name: p.name, handle: p.handle });
  return out;
}

/** A list shared with the member: its tools (to edit) and whose it is; `active` false when the owner's plan lapsed. */
export type SharedWithMe = Pick<TopListDetail, "id" | "slug" | "title" | "tools"> & {
  owner: string;
  active: boolean;
};

/** The lists the member collaborates on, with their tools, for the dashboard. */
export async function listsSharedWithMe(db: Db, viewer: Viewer): Promise<SharedWithMe[]> {
  const rows = await queryRows(
    db,
    sql`SELECT l.id, l.slug, l.title, ${publicMemberName("u")} AS owner, p.tier::text AS owner_tier
        FROM top_list_collaborators c JOIN top_lists l ON l.id = c.list_id JOIN users u ON u.id = l.user_id
        LEFT JOIN user_profiles p ON p.user_id = l.user_id
        WHERE c.user_id = ${viewer.user.id} ORDER BY c.added_at, l.id`,
    z.object({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      owner: z.string(),
      owner_tier: z.string().nullable(),
    }),
  );
  if (!rows.length) return [];
  const items = await queryRows(
    db,
    sql`SELECT i.list_id, i.tool_id, t.slug, t.name, t.description, t.logo_url, c.name AS category, i.note, i.position
        FROM top_list_items i JOIN tools t ON t.id = i.tool_id JOIN categories c ON c.id = t.category_id
        WHERE i.list_id IN (${sql.join(
          rows.map((r) => sql`${r.id}::uuid`),
          sql`, `,
        )}) ORDER BY i.list_id, i.position, i.added_at`,
    ListItemRow.extend({ list_id: z.string() }),
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    owner: r.owner,
    active: ownerHas(viewer.entitlements, r.owner_tier),
    tools: items
      .filter((i) => i.list_id === r.id)
      .map((i) => ({
        toolId: i.tool_id,
        slug: i.slug,
        name: i.name,
        description: i.description,
        logoUrl: i.logo_url,
        category: i.category,
        note: i.note,
        position: i.position,
      })),
  }));
}
