import { and, asc, eq, exists, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { type Db, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { textLine } from "../../platform/text.ts";
import { isTier, type Viewer } from "../accounts/index.ts";
import { userProfiles } from "../accounts/tables.ts";
import { categories, tools } from "../catalog/tables.ts";
import { type CommunityActor, type CommunityServices, communityActor } from "./services.ts";
import { topListCollaborators, topListItems, topLists } from "./tables.ts";

/**
 * Top lists (issue 11 item 6): members curate named, ordered lists of tools with a note each.
 * How many lists a member may keep is the `saved_collections` entitlement (0 / 3 / unlimited by
 * default; the table decides). Private lists are visible to their owner only; a list becomes
 * public when its owner publishes it, and admins may mark public lists editorial (shown first).
 *
 * One use case per file (create-top-list.ts, add-tool-to-top-list.ts, …); this file holds what
 * several of them share: the rules, the rows, the locks and the write limit.
 */

export type TopListSummary = {
  id: string;
  slug: string;
  title: string;
  description: string;
  editorial: boolean;
  author: { name: string; handle: string | null };
  toolCount: number;
  updatedAt: string;
};

export type TopListTool = {
  toolId: string;
  slug: string;
  name: string;
  description: string;
  logoUrl: string | null;
  category: string;
  note: string | null;
  position: number;
};

export type TopListDetail = TopListSummary & {
  isPublic: boolean;
  isOwner: boolean;
  createdAt: string;
  publishedAt: string | null;
  tools: TopListTool[];
};

export const TOP_LIST_RULES = {
  titleMax: 80,
  descriptionMax: 500,
  noteMax: 280,
  /** a list is a short curated pick, not a second catalogue */
  itemsMax: 50,
  /** list writes per member per hour (every create, edit, add, move, remove, delete) */
  writesPerHour: 120,
} as const;

export const TOP_LIST_MESSAGES = {
  titleRequired: "List title is required",
  titleTooLong: `List title must be at most ${TOP_LIST_RULES.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${TOP_LIST_RULES.descriptionMax} characters`,
  noteTooLong: `Note must be at most ${TOP_LIST_RULES.noteMax} characters`,
  notFound: "Top list not found",
  toolNotFound: "Tool not found",
  full: `A list holds at most ${TOP_LIST_RULES.itemsMax} tools`,
  tooManyWrites: "Too many list changes in a short time. Please wait a few minutes and try again.",
  ownerPlanLapsed: "The owner's plan no longer includes shared lists, so only the owner can change this list for now.",
} as const;

/** The entitlement behind sharing by link and collaborators (issue 34 item 8, ADR 0082). */
export const COLLECTIONS_FEATURE = "custom_collections";

/**
 * Who changes a list: the community actor with their plan, since the allowance and a collaborator's
 * rights are the viewer's entitlements.
 */
export type TopListActor = CommunityActor & { viewer: Viewer };

/** The actor of a request that changes lists. */
export function topListActor(viewer: Viewer, requestId?: string | null): TopListActor {
  return { ...communityActor(viewer, requestId), viewer };
}

/** A list, by id, from the address (a uuid; anything else is a 404 in the use case). */
export const ListId = z.string();
/** A tool of a list, by id, from the address (a uuid; anything else is a 404 in the use case). */
export const ListToolId = z.string();

/** A list's title (the create form's, the API's body). */
export const ListTitle = z
  .string({ message: TOP_LIST_MESSAGES.titleRequired })
  .trim()
  .min(1, TOP_LIST_MESSAGES.titleRequired)
  .max(TOP_LIST_RULES.titleMax, TOP_LIST_MESSAGES.titleTooLong);
export const ListDescription = z
  .string()
  .trim()
  .max(TOP_LIST_RULES.descriptionMax, TOP_LIST_MESSAGES.descriptionTooLong);
/** A ticked box, from a form or JSON. */
export const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", "off"])])
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/** A note on one tool of a list: one line, control characters refused, invisible formatting removed. */
export const ListNote = textLine("Note").pipe(z.string().max(TOP_LIST_RULES.noteMax, TOP_LIST_MESSAGES.noteTooLong));

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// Row schemas (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
export const SummaryRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  editorial: z.boolean(),
  is_public: z.boolean(),
  user_id: z.string(),
  author_name: z.string(),
  author_handle: z.string().nullable(),
  tool_count: z.number(),
  updated_at: z.string(),
  created_at: z.string(),
  published_at: z.string().nullable(),
});
type SummaryRow = z.infer<typeof SummaryRow>;

// Public reads count only tools that are live: an archived tool silently leaves every list.
export const SUMMARY_SELECT = sql`SELECT l.id, l.slug, l.title, l.description, l.editorial, l.is_public, l.user_id,
    ${publicMemberName("u")} AS author_name, u.username AS author_handle, l.updated_at, l.created_at, l.published_at,
    (SELECT count(*)::int FROM top_list_items i JOIN tools t ON t.id = i.tool_id
       WHERE i.list_id = l.id AND t.status = 'active') AS tool_count
  FROM top_lists l JOIN users u ON u.id = l.user_id`;

export function toSummary(r: SummaryRow): TopListSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    editorial: r.editorial,
    author: { name: r.author_name, handle: r.author_handle },
    toolCount: r.tool_count,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export function toDetail(r: SummaryRow, tools: TopListTool[], viewerId: string | null): TopListDetail {
  return {
    ...toSummary(r),
    toolCount: tools.length,
    isPublic: r.is_public,
    isOwner: viewerId === r.user_id,
    createdAt: new Date(r.created_at).toISOString(),
    publishedAt: iso(r.published_at),
    tools,
  };
}

/** The tools of some lists, in list order; `activeOnly` leaves out archived tools (public reads). */
export async function itemsOf(db: Db, listIds: string[], activeOnly: boolean): Promise<Map<string, TopListTool[]>> {
  const out = new Map<string, TopListTool[]>();
  if (!listIds.length) return out;
  const rows = await selectListItems(db)
    .where(and(inArray(topListItems.listId, listIds), activeOnly ? eq(tools.status, "active") : undefined))
    .orderBy(...LIST_ITEM_ORDER);
  for (const r of rows) {
    const list = out.get(r.list_id) ?? [];
    list.push({
      toolId: r.tool_id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      logoUrl: r.logo_url,
      category: r.category,
      note: r.note,
      position: r.position,
    });
    out.set(r.list_id, list);
  }
  return out;
}

/**
 * The tools of lists as pages show them (also a shared collection's: get-shared-list.ts,
 * lists-shared-with-me.ts): each item with its tool and the tool's category; the caller adds the
 * where and the order.
 */
export function selectListItems(db: Db) {
  return db
    .select({
      list_id: topListItems.listId,
      tool_id: topListItems.toolId,
      slug: tools.slug,
      name: tools.name,
      description: tools.description,
      logo_url: tools.logoUrl,
      category: categories.name,
      note: topListItems.note,
      position: topListItems.position,
    })
    .from(topListItems)
    .innerJoin(tools, eq(tools.id, topListItems.toolId))
    .innerJoin(categories, eq(categories.id, tools.categoryId))
    .$dynamic();
}

/** A list's order: by position, then the first added (ties after removals and merges). */
export const LIST_ITEM_ORDER = [asc(topListItems.listId), asc(topListItems.position), asc(topListItems.addedAt)];

/** Every list write counts against one bucket per member (collection-rows.ts's too). */
export async function limitListWrites(db: Db, userId: string, now: Date): Promise<void> {
  const rate = await consumeRateLimit(
    db,
    `toplists:user:${userId}`,
    { max: TOP_LIST_RULES.writesPerHour, windowSec: 3600 },
    now,
  );
  if (!rate.allowed) {
    throw new AppError("rate_limited", TOP_LIST_MESSAGES.tooManyWrites, { retryAfterSec: rate.retryAfterSec });
  }
}

/** The owner's list row, locked for the rest of the transaction; anyone else's (or none) is a 404. */
export async function lockOwnList(
  tx: Db,
  userId: string,
  listId: string,
): Promise<{ id: string; is_public: boolean; published_at: Date | string | null }> {
  if (!UUID.test(listId)) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  const [row] = await tx
    .select({ id: topLists.id, is_public: topLists.isPublic, published_at: topLists.publishedAt })
    .from(topLists)
    .where(and(eq(topLists.id, listId), eq(topLists.userId, userId)))
    .for("update");
  if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  return row;
}

/**
 * A list whose tools the viewer may change, locked for the rest of the transaction: their own, or one
 * they collaborate on while its owner's plan still has custom collections (the owner's feature, not
 * the collaborator's). Anyone else gets the same 404 as for a list that does not exist.
 */
export async function lockEditableList(
  tx: Db,
  viewer: Viewer,
  listId: string,
): Promise<{ id: string; owner: boolean }> {
  if (!UUID.test(listId)) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  const userId = viewer.user.id;
  const collaborates = tx
    .select({ one: sql`1` })
    .from(topListCollaborators)
    .where(and(eq(topListCollaborators.listId, topLists.id), eq(topListCollaborators.userId, userId)));
  const [row] = await tx
    .select({
      id: topLists.id,
      owner: sql<boolean>`${topLists.userId} = ${userId}`,
      owner_tier: userProfiles.tier,
    })
    .from(topLists)
    .leftJoin(userProfiles, eq(userProfiles.userId, topLists.userId))
    .where(and(eq(topLists.id, listId), or(eq(topLists.userId, userId), exists(collaborates))))
    .for("update", { of: topLists });
  if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  if (!row.owner) {
    const tier = row.owner_tier && isTier(row.owner_tier) ? row.owner_tier : "free";
    if (!viewer.entitlements.hasAccess(tier, COLLECTIONS_FEATURE)) {
      throw new AppError("forbidden", TOP_LIST_MESSAGES.ownerPlanLapsed);
    }
  }
  return { id: row.id, owner: row.owner };
}

/** The first publication of a list counts as a contribution (badges, points) — once per list. */
export async function publishedOnce(
  tx: Db,
  services: Pick<CommunityServices, "activity">,
  row: { id: string; published_at: Date | string | null },
  userId: string,
  now: Date,
): Promise<void> {
  if (row.published_at) return;
  await tx.update(topLists).set({ publishedAt: now }).where(eq(topLists.id, row.id));
  await services.activity.emit(tx, { type: "list.published", userId, listId: row.id }, now);
}

/** A change to a list's tools moves the list's updated_at. */
export async function touchList(tx: Db, listId: string, now: Date): Promise<void> {
  await tx.update(topLists).set({ updatedAt: now }).where(eq(topLists.id, listId));
}

/**
 * What every change to one tool already in a list shares (remove, move, note): the member's write
 * limit, the tool id's shape (404 otherwise), then in one transaction the list locked for a member who
 * may edit it, the change, and the list's updated_at moved — unless the change says it changed nothing
 * (`false`). `check` runs after the limit and before the transaction (the input's own rules).
 */
export async function changeListItem(
  services: Pick<CommunityServices, "db" | "clock">,
  actor: TopListActor,
  input: { listId: string; toolId: string },
  change: (tx: Db, listId: string, toolId: string) => Promise<boolean | undefined>,
  check?: () => void,
): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  await limitListWrites(db, actor.id, now);
  if (!UUID.test(input.toolId)) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
  check?.();
  await transaction(db, async (tx) => {
    const row = await lockEditableList(tx, actor.viewer, input.listId);
    if ((await change(tx, row.id, input.toolId)) === false) return;
    await touchList(tx, row.id, now);
  });
}
