import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type CanSee, live, markJoin, opens, PUBLIC } from "./deal-rows.ts";

const DealLinkRow = z.object({ id: z.string(), url: z.string().nullable() });

/**
 * Where /go/{tool}?to=deal sends the visitor: the live deal's own link (affiliate or coupon page),
 * null when the tool has no live deal with a link of its own (the caller falls back to the tool's).
 */
export async function liveDealLink(
  db: Db,
  toolId: string,
  now: Date,
  can: CanSee = PUBLIC,
): Promise<{ id: string; url: string | null } | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT d.id, d.url FROM deals d JOIN tools t ON t.id = d.tool_id ${markJoin(now)}
        WHERE d.tool_id = ${toolId}::uuid AND ${live(now)} AND ${opens(can)}
        ORDER BY d.featured DESC, d.discount_percent DESC NULLS LAST, d.expires_at ASC LIMIT 1`,
    DealLinkRow,
  );
  return row ?? null;
}
