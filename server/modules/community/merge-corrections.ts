import { z } from "zod";
import { queryRows, sql } from "../../platform/db/index.ts";
import type { ToolMergeStep } from "../catalog/index.ts";

/*
 * Merging duplicate tools moves their corrections; the votes point at corrections (not tools), so
 * they travel with them and are counted in the step's tally ("nothing lost").
 */
export const correctionsMergeStep: ToolMergeStep = {
  name: "community.corrections",
  tables: ["corrections"],
  async run(tx, fromToolId, intoToolId) {
    const [row] = await queryRows(
      tx,
      sql`WITH moved AS (
            UPDATE corrections SET tool_id = ${intoToolId}::uuid WHERE tool_id = ${fromToolId}::uuid RETURNING id
          )
          SELECT (SELECT count(*)::int FROM moved) AS corrections,
                 (SELECT count(*)::int FROM correction_votes WHERE correction_id IN (SELECT id FROM moved)) AS votes`,
      z.object({ corrections: z.number(), votes: z.number() }),
    );
    return { moved: (row?.corrections ?? 0) + (row?.votes ?? 0) };
  },
};
