import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { queryRows, sql } from "../../platform/db/index.ts";
import type { ToolMergeStep } from "../catalog/index.ts";
import { topListItems } from "./tables.ts";

const ListIdRow = z.object({ list_id: z.string() });

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
    const i = topListItems;
    const listsWithInto = tx.select({ listId: i.listId }).from(i).where(eq(i.toolId, intoId));
    const dropped = await tx
      .delete(topListItems)
      .where(and(eq(i.toolId, fromId), inArray(i.listId, listsWithInto)))
      .returning({ list_id: i.listId });
    const moved = await tx
      .update(topListItems)
      .set({ toolId: intoId })
      .where(eq(i.toolId, fromId))
      .returning({ list_id: i.listId });
    return { moved: moved.length, dropped: Math.max(both.length, dropped.length) };
  },
};
