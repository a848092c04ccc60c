import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { SELECT, StoryRow, type StoryView, toView } from "./story-rows.ts";

/** A story waiting in the admin queue. */
export type PendingStory = StoryView & { createdAt: string };

export async function listPendingStories(db: Db, max = 100): Promise<PendingStory[]> {
  const rows = await queryRows(
    db,
    sql`${SELECT} WHERE s.status = 'pending' ORDER BY s.created_at, s.id LIMIT ${max}`,
    StoryRow,
  );
  return rows.map((r) => ({ ...toView(r), createdAt: new Date(r.created_at).toISOString() }));
}
