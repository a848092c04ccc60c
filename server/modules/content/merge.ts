import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import type { ToolMergeStep } from "../catalog/index.ts";

const IdRow = z.object({ id: z.string() });

/** The tool-merge step for content rows that point at a tool (deals, beta programmes). */
export async function moveToolRows(tx: Db, fromId: string, intoId: string): Promise<{ moved: number }> {
  const deals = await queryRows(
    tx,
    sql`UPDATE deals SET tool_id = ${intoId}::uuid WHERE tool_id = ${fromId}::uuid RETURNING id`,
    IdRow,
  );
  const betas = await queryRows(
    tx,
    sql`UPDATE beta_programs SET tool_id = ${intoId}::uuid WHERE tool_id = ${fromId}::uuid RETURNING id`,
    IdRow,
  );
  return { moved: deals.length + betas.length };
}

/** The content module's merge steps (assembled at startup with the others: ADR 0033). */
export const contentMergeSteps: readonly ToolMergeStep[] = [
  // Merging duplicate tools moves their deals and beta programmes to the surviving tool.
  { name: "content.deals-beta", tables: ["deals", "beta_programs"], run: moveToolRows },
  {
    name: "content.listing-access",
    tables: ["listing_access"],
    keep: "an editor's exclusive or early-access decision is about that listing: it stays with the archived A as history; B keeps its own tier",
  },
];
