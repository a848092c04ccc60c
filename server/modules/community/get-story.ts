import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { makerOfStory, SELECT, StoryRow, type StoryView, toView } from "./story-rows.ts";

/** One published story, with whether the viewer may reply to it as a maker. */
export async function getStory(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<{ story: StoryView; canReply: boolean } | null> {
  const [row] = await queryRows(db, sql`${SELECT} WHERE s.id = ${id}::uuid AND s.status = 'published'`, StoryRow);
  if (!row) return null;
  const canReply = viewerId !== null && row.reply === null && (await makerOfStory(db, viewerId, id));
  return { story: toView(row), canReply };
}
