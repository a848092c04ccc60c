import { eq } from "drizzle-orm";
import { type Db, sql } from "../../platform/db/index.ts";
import { successStories } from "./gathering-tables.ts";

export async function countStories(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(successStories)
    .where(eq(successStories.status, "published"));
  return Number(row?.n ?? 0);
}
