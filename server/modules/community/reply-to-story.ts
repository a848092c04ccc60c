import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { textBlock } from "../../platform/text.ts";
import { successStories } from "./gathering-tables.ts";
import type { CommunityServices } from "./services.ts";
import { makerOfStory, STORY_LIMITS, STORY_MESSAGES, STORY_RULES } from "./story-rows.ts";

export const StoryReplyInput = z.object({
  body: textBlock("Reply").pipe(
    z
      .string()
      .min(STORY_LIMITS.replyMin, STORY_MESSAGES.replyShort)
      .max(STORY_LIMITS.replyMax, STORY_MESSAGES.replyLong),
  ),
});

/** The one reply of a verified maker of one of the story's tools. */
export async function replyToStory(
  deps: Pick<CommunityServices, "db" | "clock">,
  userId: string,
  storyId: string,
  input: z.infer<typeof StoryReplyInput>,
): Promise<void> {
  const now = deps.clock.now();
  const { db } = deps;
  const [story] = await db
    .select({ id: successStories.id })
    .from(successStories)
    .where(and(eq(successStories.id, storyId), eq(successStories.status, "published")));
  if (!story) throw new AppError("not_found", STORY_MESSAGES.notFound);
  if (!(await makerOfStory(deps.db, userId, storyId))) throw new AppError("forbidden", STORY_MESSAGES.notMaker);
  const rate = await consumeRateLimit(deps.db, `story-reply:user:${userId}`, STORY_RULES.reply, now);
  if (!rate.allowed)
    throw new AppError("rate_limited", "Too many replies. Please wait and try again.", {
      retryAfterSec: rate.retryAfterSec,
    });
  const done = await db
    .update(successStories)
    .set({ reply: input.body, replyUserId: userId, repliedAt: now })
    .where(and(eq(successStories.id, storyId), isNull(successStories.reply)))
    .returning({ id: successStories.id });
  if (!done.length) throw new AppError("conflict", STORY_MESSAGES.alreadyReplied);
}
