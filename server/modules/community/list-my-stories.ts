import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { SELECT, StoryRow, type StoryStatus, type StoryView, toView } from "./story-rows.ts";

/** The author's own story, with its status and the moderator's reason. */
export type MyStory = StoryView & { status: StoryStatus; rejectReason: string | null };

export async function listMyStories(db: Db, userId: string): Promise<MyStory[]> {
  const rows = await queryRows(
    db,
    sql`${SELECT} WHERE s.user_id = ${userId} ORDER BY s.created_at DESC LIMIT 50`,
    StoryRow,
  );
  return rows.map((r) => ({
    ...toView(r),
    status: r.status as StoryStatus,
    rejectReason: r.status === "rejected" ? r.reject_reason : null,
  }));
}
