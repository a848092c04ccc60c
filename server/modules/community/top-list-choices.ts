import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { Viewer } from "../accounts/index.ts";
import { topListRefusal } from "./top-list-allowance.ts";
import { TOP_LIST_RULES } from "./top-list-rows.ts";

/** The lists a member may add tools to: their own and those they collaborate on (alias `l`). */
export function editableBy(userId: string) {
  return sql`(l.user_id = ${userId} OR l.id IN (SELECT c.list_id FROM top_list_collaborators c WHERE c.user_id = ${userId}))`;
}

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
