import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { listStories } from "./list-stories.ts";
import { CountRow, type StoryView } from "./story-rows.ts";

export type ToolCommunity = {
  stories: StoryView[];
  storyCount: number;
  amas: { id: string; title: string; startsAt: string }[];
};

/**
 * The tool page's small community section (issue 35): its newest published stories and its AMAs by
 * date (no phase: the page is cached by content version, and a phase changes with the clock).
 */
export async function toolCommunity(db: Db, toolId: string): Promise<ToolCommunity> {
  const [stories, count, amas] = await Promise.all([
    listStories(db, { toolId, limit: 3 }),
    queryRows(
      db,
      sql`SELECT count(*)::int AS n FROM success_stories s JOIN success_story_tools st ON st.story_id = s.id
          WHERE st.tool_id = ${toolId}::uuid AND s.status = 'published'`,
      CountRow,
    ),
    queryRows(
      db,
      sql`SELECT id::text AS id, title, starts_at FROM amas WHERE tool_id = ${toolId}::uuid AND cancelled_at IS NULL
          ORDER BY starts_at DESC, id LIMIT 3`,
      z.object({ id: z.string(), title: z.string(), starts_at: z.string() }),
    ),
  ]);
  return {
    stories,
    storyCount: Number(count[0]?.n ?? 0),
    amas: amas.map((a) => ({ id: a.id, title: a.title, startsAt: new Date(a.starts_at).toISOString() })),
  };
}
