import { sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { AMA_MESSAGES, amaState } from "./ama-rows.ts";
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
  if (follow) {
    await deps.db.execute(
      sql`INSERT INTO ama_followers (ama_id, user_id, created_at) VALUES (${amaId}::uuid, ${userId}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING`,
    );
  } else {
    await deps.db.execute(sql`DELETE FROM ama_followers WHERE ama_id = ${amaId}::uuid AND user_id = ${userId}`);
  }
}
