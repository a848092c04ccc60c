import { count, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { users } from "../accounts/tables.ts";
import { type CatalogStats, catalogStats } from "../catalog/index.ts";

export type SiteFigures = CatalogStats & { members: number };

/** The figures the info pages quote about Toolscape itself — counted, never typed in. */
export async function siteFigures(db: Db): Promise<SiteFigures> {
  const [stats, [members]] = await Promise.all([
    catalogStats(db),
    db.select({ n: count() }).from(users).where(isNull(users.suspendedAt)),
  ]);
  return { ...stats, members: members?.n ?? 0 };
}
