import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type CatalogStats, catalogStats } from "../catalog/index.ts";

export type SiteFigures = CatalogStats & { members: number };

/** The figures the info pages quote about Toolscape itself — counted, never typed in. */
export async function siteFigures(db: Db): Promise<SiteFigures> {
  const [stats, [members]] = await Promise.all([
    catalogStats(db),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE suspended_at IS NULL`),
  ]);
  return { ...stats, members: members?.n ?? 0 };
}
