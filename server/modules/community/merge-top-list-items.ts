import { z } from "zod";
import { queryRows, sql } from "../../platform/db/index.ts";
import type { ToolMergeStep } from "../catalog/index.ts";

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
