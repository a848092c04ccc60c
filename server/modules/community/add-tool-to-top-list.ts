import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { tools } from "../catalog/tables.ts";
import type { CommunityServices } from "./services.ts";
import { topListItems } from "./tables.ts";
import {
  ListId,
  ListNote,
  limitListWrites,
  lockEditableList,
  TOP_LIST_MESSAGES,
  TOP_LIST_RULES,
  type TopListActor,
  touchList,
} from "./top-list-rows.ts";

/** The tool (id or slug) and its note (the form's fields, the API's body) and the list, from the address. */
export const AddToolToTopListInput = z.object({
  toolId: z.string().trim().min(1, "Choose a tool").max(120, TOP_LIST_MESSAGES.toolNotFound),
  note: ListNote.optional(),
  listId: ListId,
});
export type AddToolToTopListInput = z.output<typeof AddToolToTopListInput>;

// bool_or over no items is NULL
const AddStatsRow = z.object({ n: z.number(), next: z.number(), has: z.boolean().nullable(), title: z.string() });

async function activeToolId(db: Db, idOrSlug: string): Promise<string> {
  const key = idOrSlug.trim();
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.status, "active"), UUID.test(key) ? eq(tools.id, key) : eq(tools.slug, key.toLowerCase())))
    .limit(1);
  if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
  return row.id;
}

/**
 * Adds a tool at the end of a list the member may edit. Adding a tool that is already there keeps
 * its place and only updates the note when one is sent (`added: false`).
 */
export async function addToolToTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: AddToolToTopListInput,
): Promise<{ added: boolean; title: string }> {
  const { db, clock } = services;
  const now = clock.now();
  await limitListWrites(db, actor.id, now);
  const toolId = await activeToolId(db, input.toolId);
  return transaction(db, async (tx) => {
    const row = await lockEditableList(tx, actor.viewer, input.listId);
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
        await tx
          .update(topListItems)
          .set({ note })
          .where(and(eq(topListItems.listId, row.id), eq(topListItems.toolId, toolId)));
      }
      return { added: false, title: stats.title };
    }
    if ((stats?.n ?? 0) >= TOP_LIST_RULES.itemsMax) throw new AppError("bad_request", TOP_LIST_MESSAGES.full);
    await tx.insert(topListItems).values({ listId: row.id, toolId, position: stats?.next ?? 1, note, addedAt: now });
    await touchList(tx, row.id, now);
    return { added: true, title: stats?.title ?? "" };
  });
}
