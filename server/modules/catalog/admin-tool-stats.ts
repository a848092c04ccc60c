import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";

const AdminToolStats = z.object({
  totalTools: z.number(),
  pendingTools: z.number(),
  approvedTools: z.number(),
  featuredTools: z.number(),
});
export type AdminToolStats = z.infer<typeof AdminToolStats>;

/** The stat cards: approved = active (published); featured counts published tools only. */
export async function adminToolStats(db: Db): Promise<AdminToolStats> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS "totalTools",
          count(*) FILTER (WHERE status = 'pending')::int AS "pendingTools",
          count(*) FILTER (WHERE status = 'active')::int AS "approvedTools",
          count(*) FILTER (WHERE status = 'active' AND is_featured)::int AS "featuredTools"
        FROM tools`,
    AdminToolStats,
  );
  return row ?? { totalTools: 0, pendingTools: 0, approvedTools: 0, featuredTools: 0 };
}
