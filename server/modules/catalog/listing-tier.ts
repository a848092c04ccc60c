import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { TOOL_TIERS, type ToolTier } from "./admin-tool-shapes.ts";

const TierRow = z.object({ tier: z.enum(TOOL_TIERS) });

/**
 * The tier a tool is listed for, locked for the caller's transaction (an editor's exclusive or
 * early-access decision, ADR 0083, reads it before it moves it). The tier is a listing decision, not
 * a fact of the tool: it has no provenance and is not in FACT_FIELDS; the decision's own table keeps
 * its history.
 */
export async function lockListingTier(tx: Db, toolId: string): Promise<ToolTier> {
  const [row] = await queryRows(tx, sql`SELECT tier FROM tools WHERE id = ${toolId}::uuid FOR UPDATE`, TierRow);
  if (!row) throw new AppError("not_found", "Tool not found");
  return row.tier;
}

/** Moves a tool's listing tier (inside the caller's transaction, with its audit row). */
export async function setListingTier(tx: Db, toolId: string, tier: ToolTier, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE tools SET tier = ${tier}::membership_tier, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${toolId}::uuid`,
  );
}
