import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { ToolMergeStep } from "../catalog/index.ts";
import { discussionsMergeStep } from "./discussion-moderation.ts";
import { amas, successStoryTools } from "./gathering-tables.ts";
import { correctionsMergeStep } from "./merge-corrections.ts";
import { topListsMergeStep } from "./merge-top-list-items.ts";
import { polls, reviews } from "./tables.ts";
import { lockTool } from "./tool-lookup.ts";
import { recomputeToolRating } from "./tool-rating.ts";

const IdRow = z.object({ id: z.string() });

/**
 * Merging duplicate tool A into B (issue 13) moves A's reviews (with their votes and reports, which
 * hang off the review) and polls (with their votes). A member who reviewed both keeps the newer
 * review; both tools' ratings are recomputed in the merge's transaction.
 */
export async function mergeToolReviews(
  tx: Db,
  fromId: string,
  intoId: string,
  now: Date,
): Promise<{ moved: number; dropped: number }> {
  // Lock both tool rows in a fixed order so two merges cannot deadlock.
  for (const id of [fromId, intoId].sort()) await lockTool(tx, id);
  // Of a member's two reviews the older goes (its votes and reports with it, by cascade).
  const dropped = await queryRows(
    tx,
    sql`DELETE FROM reviews old USING reviews newer
        WHERE old.user_id = newer.user_id AND old.id <> newer.id
          AND old.tool_id IN (${fromId}::uuid, ${intoId}::uuid) AND newer.tool_id IN (${fromId}::uuid, ${intoId}::uuid)
          AND old.tool_id <> newer.tool_id
          AND (old.updated_at, old.id) < (newer.updated_at, newer.id)
        RETURNING old.id::text AS id`,
    IdRow,
  );
  const moved = await tx
    .update(reviews)
    .set({ toolId: intoId })
    .where(eq(reviews.toolId, fromId))
    .returning({ id: reviews.id });
  await recomputeToolRating(tx, fromId, now);
  await recomputeToolRating(tx, intoId, now);
  return { moved: moved.length, dropped: dropped.length };
}

/** Polls move whole (votes hang off the poll); B keeps its own active poll, A's moves in closed. */
export async function mergeToolPolls(tx: Db, fromId: string, intoId: string): Promise<{ moved: number }> {
  const [active] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(polls)
    .where(and(eq(polls.toolId, intoId), eq(polls.status, "active")));
  if (Number(active?.n ?? 0) > 0) {
    await tx
      .update(polls)
      .set({ status: "closed" })
      .where(and(eq(polls.toolId, fromId), eq(polls.status, "active")));
  }
  const moved = await tx
    .update(polls)
    .set({ toolId: intoId })
    .where(eq(polls.toolId, fromId))
    .returning({ id: polls.id });
  return { moved: moved.length };
}

/** The community module's merge steps, in order (assembled at startup with the others: ADR 0033). */
export const communityMergeSteps: readonly ToolMergeStep[] = [
  correctionsMergeStep,
  topListsMergeStep,
  // A review's votes and reports hang off the review, a poll's votes off the poll: they travel along.
  { name: "community.reviews", tables: ["reviews"], run: mergeToolReviews },
  { name: "community.polls", tables: ["polls"], run: mergeToolPolls },
  discussionsMergeStep,
  {
    name: "community.trending",
    tables: ["trending_tools"],
    keep: "the trending job recomputes the lists from events (which move) and shows active tools only",
  },
  // Issue 35 (ADR 0077): B hosts A's AMAs, and A's stories are about B now (a story naming both keeps one row).
  { name: "community.amas", tables: ["amas"], run: mergeToolAmas },
  { name: "community.stories", tables: ["success_story_tools"], run: mergeToolStories },
];

async function mergeToolAmas(tx: Db, fromId: string, intoId: string): Promise<{ moved: number }> {
  const moved = await tx.update(amas).set({ toolId: intoId }).where(eq(amas.toolId, fromId)).returning({ id: amas.id });
  return { moved: moved.length };
}

async function mergeToolStories(tx: Db, fromId: string, intoId: string): Promise<{ moved: number; dropped: number }> {
  const dropped = await queryRows(
    tx,
    sql`DELETE FROM success_story_tools a USING success_story_tools b
        WHERE a.tool_id = ${fromId}::uuid AND b.tool_id = ${intoId}::uuid AND a.story_id = b.story_id
        RETURNING a.story_id::text AS id`,
    IdRow,
  );
  const moved = await tx
    .update(successStoryTools)
    .set({ toolId: intoId })
    .where(eq(successStoryTools.toolId, fromId))
    .returning({ id: successStoryTools.storyId });
  return { moved: moved.length, dropped: dropped.length };
}
