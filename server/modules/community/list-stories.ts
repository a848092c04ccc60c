import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { SELECT, STORY_LIMITS, StoryRow, type StoryView, toView } from "./story-rows.ts";

/** Published stories, newest first; of one tool when `toolId` is given. */
export async function listStories(db: Db, options: { toolId?: string; limit?: number } = {}): Promise<StoryView[]> {
  const tool = options.toolId
    ? sql`AND EXISTS (SELECT 1 FROM success_story_tools x WHERE x.story_id = s.id AND x.tool_id = ${options.toolId}::uuid)`
    : sql``;
  const rows = await queryRows(
    db,
    sql`${SELECT} WHERE s.status = 'published' ${tool} ORDER BY s.decided_at DESC, s.id LIMIT ${options.limit ?? STORY_LIMITS.pageSize}`,
    StoryRow,
  );
  return rows.map(toView);
}
