import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import type { ToolMergeStep } from "../catalog/index.ts";
import { betaPrograms, deals } from "./tables.ts";

/** The tool-merge step for content rows that point at a tool (deals, beta programmes). */
export async function moveToolRows(tx: Db, fromId: string, intoId: string): Promise<{ moved: number }> {
  const movedDeals = await tx
    .update(deals)
    .set({ toolId: intoId })
    .where(eq(deals.toolId, fromId))
    .returning({ id: deals.id });
  const movedBetas = await tx
    .update(betaPrograms)
    .set({ toolId: intoId })
    .where(eq(betaPrograms.toolId, fromId))
    .returning({ id: betaPrograms.id });
  return { moved: movedDeals.length + movedBetas.length };
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
