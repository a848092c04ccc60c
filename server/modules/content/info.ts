import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type CatalogStats, catalogStats } from "../catalog/index.ts";

export type SiteFigures = CatalogStats & { members: number };

const CountRow = z.object({ n: z.number() });

/** The figures the info pages quote about Toolscape itself — counted, never typed in. */
export async function siteFigures(db: Db): Promise<SiteFigures> {
  const [stats, [members]] = await Promise.all([
    catalogStats(db),
    queryRows(db, sql`SELECT count(*)::int AS n FROM users WHERE suspended_at IS NULL`, CountRow),
  ]);
  return { ...stats, members: members?.n ?? 0 };
}
