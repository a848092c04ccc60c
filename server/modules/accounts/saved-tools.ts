import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { savedTools } from "./tables.ts";

/**
 * Saved tools and favourites of members (visitors keep theirs in local storage; at sign-in the
 * browser sends its local lists and they are merged here).
 */
export const SAVED_TOOL_KINDS = ["saved", "favorite"] as const;
export type SavedToolKind = (typeof SAVED_TOOL_KINDS)[number];

const SavedToolRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  tier: z.string(),
  kind: z.enum(SAVED_TOOL_KINDS),
  /** timestamptz, as the server's text */
  created_at: z.string(),
});
const ToolRefRow = z.object({ id: z.string(), slug: z.string() });

export type SavedTool = {
  id: string;
  slug: string;
  name: string;
  description: string;
  logo_url: string | null;
  tier: string;
  kind: SavedToolKind;
  savedAt: string;
};

/** A tool is named by its id or its slug (local storage may hold either). */
const ToolRef = z
  .string()
  .trim()
  .regex(/^[\w-]{1,120}$/, "Unknown tool");

export const SavedToolInput = z.object({
  tool_id: ToolRef,
  kind: z.enum(SAVED_TOOL_KINDS, { message: "kind must be saved or favorite" }).default("saved"),
});

export const MergeInput = z.object({
  saved: z.array(ToolRef).max(500, "Too many tools").default([]),
  favorites: z.array(ToolRef).max(500, "Too many tools").default([]),
});

export async function listSavedTools(db: Db, userId: string, kind?: SavedToolKind): Promise<SavedTool[]> {
  const rows = await queryRows(
    db,
    sql`SELECT t.id, t.slug, t.name, t.description, t.logo_url, t.tier::text AS tier, s.kind::text AS kind, s.created_at
        FROM saved_tools s JOIN tools t ON t.id = s.tool_id
        WHERE s.user_id = ${userId} AND t.status = 'active' ${kind ? sql`AND s.kind = ${kind}` : sql``}
        ORDER BY s.created_at DESC, t.name`,
    SavedToolRow,
  );
  return rows.map(({ created_at, ...r }) => ({ ...r, savedAt: new Date(created_at).toISOString() }));
}

async function resolveTools(db: Db, refs: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (!refs.length) return map;
  const ids = refs.filter((r) => UUID.test(r));
  const slugs = refs.filter((r) => !UUID.test(r)).map((s) => s.toLowerCase());
  const idList = ids.length
    ? sql.join(
        ids.map((v) => sql`${v.toLowerCase()}::uuid`),
        sql`, `,
      )
    : sql`NULL`;
  const slugList = slugs.length
    ? sql.join(
        slugs.map((v) => sql`${v}`),
        sql`, `,
      )
    : sql`NULL`;
  const rows = await queryRows(
    db,
    sql`SELECT id::text AS id, slug FROM tools
        WHERE status = 'active' AND (id IN (${idList}) OR slug IN (${slugList}))`,
    ToolRefRow,
  );
  for (const r of rows) {
    map.set(r.id, r.id);
    map.set(r.slug, r.id);
  }
  return map;
}

export async function addSavedTool(
  db: Db,
  userId: string,
  toolRef: string,
  kind: SavedToolKind,
): Promise<{ toolId: string; added: boolean }> {
  const toolId = (await resolveTools(db, [toolRef])).get(toolRef.toLowerCase());
  if (!toolId) throw new AppError("not_found", "Tool not found");
  const rows = await db
    .insert(savedTools)
    .values({ userId, toolId, kind })
    .onConflictDoNothing()
    .returning({ toolId: savedTools.toolId });
  return { toolId, added: rows.length > 0 };
}

export async function removeSavedTool(db: Db, userId: string, toolRef: string, kind: SavedToolKind): Promise<void> {
  const toolId = (await resolveTools(db, [toolRef])).get(toolRef.toLowerCase());
  if (!toolId) throw new AppError("not_found", "Tool not found");
  const rows = await db
    .delete(savedTools)
    .where(and(eq(savedTools.userId, userId), eq(savedTools.toolId, toolId), eq(savedTools.kind, kind)))
    .returning({ toolId: savedTools.toolId });
  if (!rows.length) throw new AppError("not_found", "That tool is not in your list");
}

/**
 * Merges the browser's local lists into the member's (unknown tools are skipped) and returns the
 * merged lists, which the browser then keeps as its local copy.
 */
export async function mergeSavedTools(
  db: Db,
  userId: string,
  input: z.output<typeof MergeInput>,
): Promise<{ added: number; skipped: number; saved: string[]; favorites: string[] }> {
  const refs = [...new Set([...input.saved, ...input.favorites])];
  const resolved = await resolveTools(db, refs);
  const pairs: { toolId: string; kind: SavedToolKind }[] = [];
  let skipped = 0;
  for (const [list, kind] of [
    [input.saved, "saved"],
    [input.favorites, "favorite"],
  ] as const) {
    for (const ref of list) {
      const toolId = resolved.get(ref.toLowerCase());
      if (toolId) pairs.push({ toolId, kind });
      else skipped++;
    }
  }
  let added = 0;
  for (const p of pairs) {
    const rows = await db
      .insert(savedTools)
      .values({ userId, toolId: p.toolId, kind: p.kind })
      .onConflictDoNothing()
      .returning({ toolId: savedTools.toolId });
    added += rows.length;
  }
  const all = await listSavedTools(db, userId);
  return {
    added,
    skipped,
    saved: all.filter((t) => t.kind === "saved").map((t) => t.id),
    favorites: all.filter((t) => t.kind === "favorite").map((t) => t.id),
  };
}

/** Whether one tool is in the member's saved list and favourites (for the tool page's toggles). */
export async function savedToolState(db: Db, userId: string, toolId: string): Promise<Record<SavedToolKind, boolean>> {
  const rows = await db
    .select({ kind: savedTools.kind })
    .from(savedTools)
    .where(and(eq(savedTools.userId, userId), eq(savedTools.toolId, toolId)));
  const kinds = new Set(rows.map((r) => r.kind));
  return { saved: kinds.has("saved"), favorite: kinds.has("favorite") };
}

/** The tool page's save / favourite toggle (a form: `kind`, and `on` 1 to add or 0 to remove). */
export const SavedToolToggle = z.object({
  kind: z.enum(SAVED_TOOL_KINDS, { message: "kind must be saved or favorite" }),
  on: z.enum(["1", "0"], { message: "on must be 1 or 0" }).transform((v) => v === "1"),
});

/** Puts a tool in (or takes it out of) the member's list; doing it twice is the same as once. */
export async function setSavedTool(
  db: Db,
  userId: string,
  toolRef: string,
  kind: SavedToolKind,
  on: boolean,
): Promise<Record<SavedToolKind, boolean> & { toolId: string }> {
  const toolId = (await resolveTools(db, [toolRef])).get(toolRef.toLowerCase());
  if (!toolId) throw new AppError("not_found", "Tool not found");
  if (on) {
    await db.insert(savedTools).values({ userId, toolId, kind }).onConflictDoNothing();
  } else {
    await db
      .delete(savedTools)
      .where(and(eq(savedTools.userId, userId), eq(savedTools.toolId, toolId), eq(savedTools.kind, kind)));
  }
  return { toolId, ...(await savedToolState(db, userId, toolId)) };
}
