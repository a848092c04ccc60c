import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { type Db, sql } from "../../platform/db/index.ts";
import { amas as amaTable, successStories, successStoryTools } from "./gathering-tables.ts";
import { listStories } from "./list-stories.ts";
import type { StoryView } from "./story-rows.ts";

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
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(successStories)
      .innerJoin(successStoryTools, eq(successStoryTools.storyId, successStories.id))
      .where(and(eq(successStoryTools.toolId, toolId), eq(successStories.status, "published"))),
    db
      .select({ id: amaTable.id, title: amaTable.title, startsAt: amaTable.startsAt })
      .from(amaTable)
      .where(and(eq(amaTable.toolId, toolId), isNull(amaTable.cancelledAt)))
      .orderBy(desc(amaTable.startsAt), asc(amaTable.id))
      .limit(3),
  ]);
  return {
    stories,
    storyCount: Number(count[0]?.n ?? 0),
    amas: amas.map((a) => ({ id: a.id, title: a.title, startsAt: a.startsAt.toISOString() })),
  };
}
