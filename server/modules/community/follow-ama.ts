import { and, eq } from "drizzle-orm";
import { sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { AMA_MESSAGES, amaState } from "./ama-rows.ts";
import { amaFollowers } from "./gathering-tables.ts";
import type { CommunityServices } from "./services.ts";

/** Follow (or stop following) an AMA: followers get the reminder. */
export async function followAma(
  deps: CommunityServices,
  userId: string,
  amaId: string,
  follow: boolean,
): Promise<void> {
  const now = deps.clock.now();
  const ama = await amaState(deps.db, sql`a.id = ${amaId}::uuid`);
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.notFound);
  const { db } = deps;
  if (follow) {
    await db.insert(amaFollowers).values({ amaId, userId, createdAt: now }).onConflictDoNothing();
  } else {
    await db.delete(amaFollowers).where(and(eq(amaFollowers.amaId, amaId), eq(amaFollowers.userId, userId)));
  }
}
