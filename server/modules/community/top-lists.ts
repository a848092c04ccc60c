import { randomBytes } from "node:crypto";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { textLine } from "../../platform/text.ts";
import { isTier, tierLabel, type Viewer } from "../accounts/index.ts";
import { slugify, type ToolMergeStep } from "../catalog/index.ts";
import type { CommunityServices } from "./services.ts";

/**
 * Top lists (issue 11 item 6): members curate named, ordered lists of tools with a note each.
 * How many lists a member may keep is the `saved_collections` entitlement (0 / 3 / unlimited by
 * default; the table decides). Private lists are visible to their owner only; a list becomes
 * public when its owner publishes it, and admins may mark public lists editorial (shown first).
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

const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", "off"])])
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

export const TopListInput = z.object({
  title: z
    .string({ message: TOP_LIST_MESSAGES.titleRequired })
    .trim()
    .min(1, TOP_LIST_MESSAGES.titleRequired)
    .max(TOP_LIST_RULES.titleMax, TOP_LIST_MESSAGES.titleTooLong),
  description: z
    .string()
    .trim()
    .max(TOP_LIST_RULES.descriptionMax, TOP_LIST_MESSAGES.descriptionTooLong)
    .optional()
    .default(""),
  isPublic: checkbox.optional().default(false),
});
export type TopListInput = z.output<typeof TopListInput>;

export const TopListPatch = z
  .object({
    title: TopListInput.shape.title.optional(),
    description: TopListInput.shape.description.unwrap().unwrap().optional(),
    isPublic: checkbox.optional(),
  })
  .refine((v) => v.title !== undefined || v.description !== undefined || v.isPublic !== undefined, {
    message: "Send a title, a description or isPublic",
  });
export type TopListPatch = z.output<typeof TopListPatch>;

/** A note on one tool of a list: one line, control characters refused, invisible formatting removed. */
export const ListNote = textLine("Note").pipe(z.string().max(TOP_LIST_RULES.noteMax, TOP_LIST_MESSAGES.noteTooLong));

export const ListItemInput = z.object({
  toolId: z.string().trim().min(1, "Choose a tool").max(120, TOP_LIST_MESSAGES.toolNotFound),
  note: ListNote.optional(),
});

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

const SLUG = /^[a-z0-9-]{1,120}$/;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// Row schemas (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
const SummaryRow = z.object({
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
const CountRow = z.object({ n: z.number() });
const IdRow = z.object({ id: z.string() });
const ListIdRow = z.object({ list_id: z.string() });
const ItemRow = z.object({
  list_id: z.string(),
  tool_id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  category: z.string(),
  note: z.string().nullable(),
  position: z.number(),
});
const OwnListRow = z.object({ id: z.string(), is_public: z.boolean(), published_at: z.string().nullable() });
// bool_or over no items is NULL
const AddStatsRow = z.object({ n: z.number(), next: z.number(), has: z.boolean().nullable(), title: z.string() });

// Public reads count only tools that are live: an archived tool silently leaves every list.
const SUMMARY_SELECT = sql`SELECT l.id, l.slug, l.title, l.description, l.editorial, l.is_public, l.user_id,
    ${publicMemberName("u")} AS author_name, u.username AS author_handle, l.updated_at, l.created_at, l.published_at,
    (SELECT count(*)::int FROM top_list_items i JOIN tools t ON t.id = i.tool_id
       WHERE i.list_id = l.id AND t.status = 'active') AS tool_count
  FROM top_lists l JOIN users u ON u.id = l.user_id`;

function toSummary(r: SummaryRow): TopListSummary {
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

/** Public lists for /top-lists and the API: editorial first, then the most recently updated. */
export async function listPublicTopLists(
  db: Db,
  options: { limit: number; offset: number },
): Promise<{ items: TopListSummary[]; total: number }> {
  const limit = Math.max(1, Math.min(100, Math.trunc(options.limit) || 20));
  const offset = Math.max(0, Math.trunc(options.offset) || 0);
  const [rows, [count]] = await Promise.all([
    queryRows(
      db,
      sql`${SUMMARY_SELECT} WHERE l.is_public
          ORDER BY l.editorial DESC, l.updated_at DESC, l.id LIMIT ${limit} OFFSET ${offset}`,
      SummaryRow,
    ),
    queryRows(db, sql`SELECT count(*)::int AS n FROM top_lists WHERE is_public`, CountRow),
  ]);
  return { items: rows.map(toSummary), total: count?.n ?? 0 };
}

/** The names of the live tools of some lists, in list order (the spec's `tools` of a top list). */
export async function toolNamesOf(db: Db, listIds: string[]): Promise<Map<string, string[]>> {
  const items = await itemsOf(db, listIds, true);
  return new Map([...items].map(([id, tools]) => [id, tools.map((t) => t.name)]));
}

async function itemsOf(db: Db, listIds: string[], activeOnly: boolean): Promise<Map<string, TopListTool[]>> {
  const out = new Map<string, TopListTool[]>();
  if (!listIds.length) return out;
  const rows = await queryRows(
    db,
    sql`SELECT i.list_id, i.tool_id, t.slug, t.name, t.description, t.logo_url, c.name AS category, i.note, i.position
        FROM top_list_items i JOIN tools t ON t.id = i.tool_id JOIN categories c ON c.id = t.category_id
        WHERE i.list_id IN (${sql.join(
          listIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) ${activeOnly ? sql`AND t.status = 'active'` : sql``}
        ORDER BY i.list_id, i.position, i.added_at`,
    ItemRow,
  );
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

function toDetail(r: SummaryRow, tools: TopListTool[], viewerId: string | null): TopListDetail {
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

/**
 * One list by slug (or id). A private list exists only for its owner: anyone else gets null (404),
 * the same answer as for a list that does not exist, so private titles cannot be probed.
 */
export async function getTopList(db: Db, slugOrId: string, viewerId: string | null): Promise<TopListDetail | null> {
  const key = slugOrId.trim().toLowerCase();
  if (!SLUG.test(key)) return null;
  const [row] = await queryRows(
    db,
    sql`${SUMMARY_SELECT} WHERE ${UUID.test(key) ? sql`l.id = ${key}::uuid` : sql`l.slug = ${key}`} LIMIT 1`,
    SummaryRow,
  );
  if (!row) return null;
  const owner = viewerId !== null && row.user_id === viewerId;
  if (!row.is_public && !owner) return null;
  const items = await itemsOf(db, [row.id], !owner);
  return toDetail(row, items.get(row.id) ?? [], viewerId);
}

/** A member's own lists, public and private, with their tools (the dashboard). */
export async function listMyTopLists(db: Db, userId: string): Promise<TopListDetail[]> {
  const rows = await queryRows(
    db,
    sql`${SUMMARY_SELECT} WHERE l.user_id = ${userId} ORDER BY l.created_at, l.id`,
    SummaryRow,
  );
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
    false,
  );
  return rows.map((r) => toDetail(r, items.get(r.id) ?? [], userId));
}

/** The public lists of one member, as the public profile shows them (title and tool names). */
export async function listPublicTopListsByUser(
  db: Db,
  userId: string,
): Promise<{ title: string; slug: string; tools: string[] }[]> {
  const rows = await queryRows(
    db,
    sql`${SUMMARY_SELECT} WHERE l.user_id = ${userId} AND l.is_public ORDER BY l.editorial DESC, l.updated_at DESC`,
    SummaryRow,
  );
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
    true,
  );
  return rows.map((r) => ({ title: r.title, slug: r.slug, tools: (items.get(r.id) ?? []).map((t) => t.name) }));
}

/** The lists a member may add tools to: their own and those they collaborate on (alias `l`). */
export function editableBy(userId: string) {
  return sql`(l.user_id = ${userId} OR l.id IN (SELECT c.list_id FROM top_list_collaborators c WHERE c.user_id = ${userId}))`;
}

// ---- allowance (the entitlement decides, never the tier name) ----

export type TopListAllowance = { used: number; limit: number | null; message: string | null };

function allowanceWords(limit: number | null): string {
  if (limit === null) return "unlimited top lists";
  return `${limit} top ${limit === 1 ? "list" : "lists"}`;
}

/**
 * The refusal in words: what the member's plan allows and what the plans above allow, read from the
 * entitlements table, with the way to /pricing.
 */
export function topListRefusal(viewer: Viewer, used: number): string | null {
  const limit = viewer.limit("saved_collections");
  if (limit !== null && used < limit) return null;
  if (limit === null) return null;
  const better = (["standard", "expert"] as const)
    .filter((t) => {
      const l = viewer.entitlements.limitFor(t, "saved_collections");
      return l === null || l > limit;
    })
    .map((t) => `${tierLabel(t)} allows ${allowanceWords(viewer.entitlements.limitFor(t, "saved_collections"))}`);
  const plan = `${tierLabel(viewer.tier)} plan`;
  const head =
    limit === 0
      ? `Top lists are not included in your ${plan}.`
      : `Your ${plan} allows ${allowanceWords(limit)} and you have ${used}. Delete one to make room.`;
  return better.length ? `${head} ${better.join("; ")}: see /pricing to upgrade.` : head;
}

export async function topListAllowance(db: Db, viewer: Viewer): Promise<TopListAllowance> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM top_lists WHERE user_id = ${viewer.user.id}`,
    CountRow,
  );
  const used = row?.n ?? 0;
  return { used, limit: viewer.limit("saved_collections"), message: topListRefusal(viewer, used) };
}

// ---- writes ----

async function limitWrites(db: Db, userId: string, now: Date): Promise<void> {
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

function newSlug(title: string): string {
  const base = slugify(title, 60) || "list";
  return `${base}-${randomBytes(3).toString("hex")}`;
}

/** The owner's list row, locked for the rest of the transaction; anyone else's (or none) is a 404. */
export async function lockOwnList(
  tx: Db,
  userId: string,
  listId: string,
): Promise<{ id: string; is_public: boolean; published_at: Date | string | null }> {
  if (!UUID.test(listId)) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  const [row] = await queryRows(
    tx,
    sql`SELECT id, is_public, published_at FROM top_lists WHERE id = ${listId}::uuid AND user_id = ${userId} FOR UPDATE`,
    OwnListRow,
  );
  if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  return row;
}

const EditableRow = z.object({ id: z.string(), owner: z.boolean(), owner_tier: z.string().nullable() });

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
  const [row] = await queryRows(
    tx,
    sql`SELECT l.id, l.user_id = ${userId} AS owner, p.tier::text AS owner_tier
        FROM top_lists l LEFT JOIN user_profiles p ON p.user_id = l.user_id
        WHERE l.id = ${listId}::uuid AND (l.user_id = ${userId} OR EXISTS (
          SELECT 1 FROM top_list_collaborators c WHERE c.list_id = l.id AND c.user_id = ${userId}))
        FOR UPDATE OF l`,
    EditableRow,
  );
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
async function publishedOnce(
  tx: Db,
  deps: Pick<CommunityServices, "db" | "activity">,
  row: { id: string; published_at: Date | string | null },
  userId: string,
  now: Date,
): Promise<void> {
  if (row.published_at) return;
  await tx.execute(
    sql`UPDATE top_lists SET published_at = ${now.toISOString()}::timestamptz WHERE id = ${row.id}::uuid`,
  );
  await deps.activity.emit(tx, { type: "list.published", userId, listId: row.id }, now);
}

function inTx<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return transaction(db, work);
}

/**
 * Creates a list within the member's allowance. The count and the insert happen in one transaction
 * with the member's profile row locked, so two quick submits cannot pass the limit together.
 */
export async function createTopList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  input: TopListInput,
  now: Date,
): Promise<TopListDetail> {
  const gate = viewer.limit("saved_collections");
  if (gate === 0) {
    throw new AppError("forbidden", topListRefusal(viewer, 0) ?? "", { upgradeUrl: "/pricing" });
  }
  await limitWrites(deps.db, viewer.user.id, now);
  const id = await inTx(deps.db, async (tx) => {
    await tx.execute(sql`SELECT 1 FROM user_profiles WHERE user_id = ${viewer.user.id} FOR UPDATE`);
    const [row] = await queryRows(
      tx,
      sql`SELECT count(*)::int AS n FROM top_lists WHERE user_id = ${viewer.user.id}`,
      CountRow,
    );
    const refusal = topListRefusal(viewer, row?.n ?? 0);
    if (refusal) throw new AppError("forbidden", refusal, { upgradeUrl: "/pricing", limit: gate });
    const [created] = await queryRows(
      tx,
      sql`INSERT INTO top_lists (user_id, slug, title, description, is_public, created_at, updated_at)
          VALUES (${viewer.user.id}, ${newSlug(input.title)}, ${input.title}, ${input.description},
                  ${input.isPublic}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING id, published_at`,
      z.object({ id: z.string(), published_at: z.null() }),
    );
    if (!created) throw new AppError("internal", "Could not create the list");
    if (input.isPublic) await publishedOnce(tx, deps, created, viewer.user.id, now);
    return created.id;
  });
  const list = await getTopList(deps.db, id, viewer.user.id);
  if (!list) throw new AppError("internal", "Could not read the new list");
  return list;
}

/** Rename, describe, publish or hide one of the member's lists. */
export async function updateTopList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  patch: TopListPatch,
  now: Date,
): Promise<TopListDetail> {
  await limitWrites(deps.db, viewer.user.id, now);
  await inTx(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    await tx.execute(sql`UPDATE top_lists SET
        title = COALESCE(${patch.title ?? null}, title),
        description = COALESCE(${patch.description ?? null}, description),
        is_public = COALESCE(${patch.isPublic ?? null}::boolean, is_public),
        updated_at = ${now.toISOString()}::timestamptz
      WHERE id = ${row.id}::uuid`);
    if (patch.isPublic === true) await publishedOnce(tx, deps, row, viewer.user.id, now);
  });
  const list = await getTopList(deps.db, listId, viewer.user.id);
  if (!list) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  return list;
}

export async function deleteTopList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  now: Date,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, now);
  await inTx(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    await tx.execute(sql`DELETE FROM top_lists WHERE id = ${row.id}::uuid`);
  });
}

async function activeToolId(db: Db, idOrSlug: string): Promise<string> {
  const key = idOrSlug.trim();
  const [row] = await queryRows(
    db,
    sql`SELECT id FROM tools WHERE status = 'active' AND ${UUID.test(key) ? sql`id = ${key}::uuid` : sql`slug = ${key.toLowerCase()}`} LIMIT 1`,
    IdRow,
  );
  if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
  return row.id;
}

/**
 * Adds a tool at the end of one of the member's lists. Adding a tool that is already there keeps
 * its place and only updates the note when one is sent (`added: false`).
 */
export async function addToolToList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  input: { toolId: string; note?: string },
  now: Date,
): Promise<{ added: boolean; title: string }> {
  await limitWrites(deps.db, viewer.user.id, now);
  const toolId = await activeToolId(deps.db, input.toolId);
  return inTx(deps.db, async (tx) => {
    const row = await lockEditableList(tx, viewer, listId);
    const [stats] = await queryRows(
      tx,
      sql`SELECT count(*)::int AS n, COALESCE(max(position), 0)::int + 1 AS next,
                 bool_or(tool_id = ${toolId}::uuid) AS has,
                 (SELECT title FROM top_lists WHERE id = ${row.id}::uuid) AS title
          FROM top_list_items WHERE list_id = ${row.id}::uuid`,
      AddStatsRow,
    );
    const note = input.note ? input.note : null;
    if (stats?.has) {
      if (note !== null) {
        await tx.execute(
          sql`UPDATE top_list_items SET note = ${note} WHERE list_id = ${row.id}::uuid AND tool_id = ${toolId}::uuid`,
        );
      }
      return { added: false, title: stats.title };
    }
    if ((stats?.n ?? 0) >= TOP_LIST_RULES.itemsMax) throw new AppError("bad_request", TOP_LIST_MESSAGES.full);
    await tx.execute(sql`INSERT INTO top_list_items (list_id, tool_id, position, note, added_at)
        VALUES (${row.id}::uuid, ${toolId}::uuid, ${stats?.next ?? 1}, ${note}, ${now.toISOString()}::timestamptz)`);
    await tx.execute(
      sql`UPDATE top_lists SET updated_at = ${now.toISOString()}::timestamptz WHERE id = ${row.id}::uuid`,
    );
    return { added: true, title: stats?.title ?? "" };
  });
}

export async function removeToolFromList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  toolId: string,
  now: Date,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, now);
  if (!UUID.test(toolId)) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
  await inTx(deps.db, async (tx) => {
    const row = await lockEditableList(tx, viewer, listId);
    const gone = await queryRows(
      tx,
      sql`DELETE FROM top_list_items WHERE list_id = ${row.id}::uuid AND tool_id = ${toolId}::uuid RETURNING tool_id`,
      z.object({ tool_id: z.string() }),
    );
    if (!gone.length) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
    await tx.execute(
      sql`UPDATE top_lists SET updated_at = ${now.toISOString()}::timestamptz WHERE id = ${row.id}::uuid`,
    );
  });
}

/** Moves a tool one place up or down (swaps with its neighbour; the ends stay where they are). */
export async function moveToolInList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  toolId: string,
  direction: "up" | "down",
  now: Date,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, now);
  if (!UUID.test(toolId)) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
  await inTx(deps.db, async (tx) => {
    const row = await lockEditableList(tx, viewer, listId);
    const items = await queryRows(
      tx,
      sql`SELECT tool_id, position FROM top_list_items WHERE list_id = ${row.id}::uuid ORDER BY position, added_at`,
      z.object({ tool_id: z.string(), position: z.number() }),
    );
    const at = items.findIndex((i) => i.tool_id === toolId);
    if (at < 0) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
    const other = direction === "up" ? at - 1 : at + 1;
    if (other < 0 || other >= items.length) return;
    // Renumber 1..n in the new order: also heals gaps and ties left by removals and merges.
    const order = items.map((i) => i.tool_id);
    [order[at], order[other]] = [order[other] as string, order[at] as string];
    for (const [index, id] of order.entries()) {
      await tx.execute(
        sql`UPDATE top_list_items SET position = ${index + 1} WHERE list_id = ${row.id}::uuid AND tool_id = ${id}::uuid`,
      );
    }
    await tx.execute(
      sql`UPDATE top_lists SET updated_at = ${now.toISOString()}::timestamptz WHERE id = ${row.id}::uuid`,
    );
  });
}

/** Writes (or, with an empty text, clears) the note on one tool of a list the viewer may edit. */
export async function setToolNote(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  toolId: string,
  note: string,
  now: Date,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, now);
  if (!UUID.test(toolId)) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
  const clean = ListNote.safeParse(note);
  if (!clean.success)
    throw new AppError("bad_request", clean.error.issues[0]?.message ?? TOP_LIST_MESSAGES.noteTooLong);
  await inTx(deps.db, async (tx) => {
    const row = await lockEditableList(tx, viewer, listId);
    const done = await queryRows(
      tx,
      sql`UPDATE top_list_items SET note = ${clean.data || null}
          WHERE list_id = ${row.id}::uuid AND tool_id = ${toolId}::uuid RETURNING tool_id`,
      z.object({ tool_id: z.string() }),
    );
    if (!done.length) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
    await tx.execute(
      sql`UPDATE top_lists SET updated_at = ${now.toISOString()}::timestamptz WHERE id = ${row.id}::uuid`,
    );
  });
}

/** Admins mark a public list editorial (shown first on /top-lists) or unmark it; audited. */
export async function setTopListEditorial(
  db: Db,
  actor: AuditActor,
  listId: string,
  editorial: boolean,
  options: { requestId?: string; now: Date },
): Promise<TopListSummary> {
  if (!UUID.test(listId)) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  await inTx(db, async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`SELECT editorial, is_public, title FROM top_lists WHERE id = ${listId}::uuid FOR UPDATE`,
      z.object({ editorial: z.boolean(), is_public: z.boolean(), title: z.string() }),
    );
    if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
    if (!row.is_public && editorial) {
      throw new AppError("bad_request", "Only a public list can be marked editorial");
    }
    if (row.editorial === editorial) return;
    await tx.execute(sql`UPDATE top_lists SET editorial = ${editorial} WHERE id = ${listId}::uuid`);
    await recordAudit(tx, {
      actor,
      action: editorial ? "top_list.editorial_marked" : "top_list.editorial_unmarked",
      targetType: "top_list",
      targetId: listId,
      before: { editorial: row.editorial, title: row.title },
      after: { editorial },
      requestId: options.requestId,
      at: options.now,
    });
  });
  const [row] = await queryRows(db, sql`${SUMMARY_SELECT} WHERE l.id = ${listId}::uuid`, SummaryRow);
  if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  return toSummary(row);
}

// Merging duplicate tools: a list holding both keeps one entry (the surviving tool, at the earlier
// place, with whichever note exists); the others move over.
export const topListsMergeStep: ToolMergeStep = {
  name: "community.top-list-items",
  tables: ["top_list_items"],
  async run(tx, fromId, intoId) {
    const both = await queryRows(
      tx,
      sql`UPDATE top_list_items AS keep SET
            position = LEAST(keep.position, gone.position),
            note = COALESCE(keep.note, gone.note)
          FROM top_list_items AS gone
          WHERE keep.list_id = gone.list_id AND keep.tool_id = ${intoId}::uuid AND gone.tool_id = ${fromId}::uuid
          RETURNING keep.list_id`,
      ListIdRow,
    );
    const dropped = await queryRows(
      tx,
      sql`DELETE FROM top_list_items WHERE tool_id = ${fromId}::uuid
          AND list_id IN (SELECT list_id FROM top_list_items WHERE tool_id = ${intoId}::uuid) RETURNING list_id`,
      ListIdRow,
    );
    const moved = await queryRows(
      tx,
      sql`UPDATE top_list_items SET tool_id = ${intoId}::uuid WHERE tool_id = ${fromId}::uuid RETURNING list_id`,
      ListIdRow,
    );
    return { moved: moved.length, dropped: Math.max(both.length, dropped.length) };
  },
};

/** The tool page's Add to list: the member's lists (and whether the tool is in each) and the plan's word. */
export async function listChoicesFor(
  db: Db,
  viewer: Viewer,
  toolId: string,
): Promise<{
  /** `mine: false` for a list the member collaborates on (ADR 0082) */
  lists: { id: string; title: string; has: boolean; mine: boolean }[];
  refusal: string | null;
  rules: { titleMax: number; noteMax: number };
}> {
  const rows = await queryRows(
    db,
    sql`SELECT l.id, l.title, l.user_id = ${viewer.user.id} AS mine,
               EXISTS (SELECT 1 FROM top_list_items i WHERE i.list_id = l.id AND i.tool_id = ${toolId}::uuid) AS has
        FROM top_lists l WHERE ${editableBy(viewer.user.id)} ORDER BY mine DESC, l.created_at, l.id`,
    z.object({ id: z.string(), title: z.string(), has: z.boolean(), mine: z.boolean() }),
  );
  return listChoicesOf(viewer, rows);
}

/** The Add to list answer from the member's lists (read elsewhere, e.g. by the personal request's one statement). */
export function listChoicesOf(
  viewer: Viewer,
  rows: { id: string; title: string; has: boolean; mine: boolean }[],
): Awaited<ReturnType<typeof listChoicesFor>> {
  return {
    lists: rows,
    // Lists shared with the member are not theirs: they do not count against their allowance.
    refusal: topListRefusal(viewer, rows.filter((r) => r.mine).length),
    rules: { titleMax: TOP_LIST_RULES.titleMax, noteMax: TOP_LIST_RULES.noteMax },
  };
}
