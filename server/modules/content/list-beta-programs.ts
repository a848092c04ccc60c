import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type BetaCard, CATEGORY_KEYS, listed, Row, SELECT, toCard } from "./beta-rows.ts";
import type { BetaCategoryKey } from "./labels.ts";

export const BetaQuery = z.object({ category: z.enum(["all", ...CATEGORY_KEYS]).catch("all") });

export async function listBetaPrograms(
  db: Db,
  options: { now: Date; category?: BetaCategoryKey | "all"; userId?: string | null },
): Promise<BetaCard[]> {
  const cat = options.category && options.category !== "all" ? sql`AND b.category = ${options.category}` : sql``;
  const rows = await queryRows(
    db,
    sql`${SELECT(options.userId ?? null)} WHERE ${listed(options.now)} ${cat}
        ORDER BY b.featured DESC, b.starts_at ASC, b.id LIMIT 200`,
    Row,
  );
  return rows.map((r) => toCard(r, options.now));
}
