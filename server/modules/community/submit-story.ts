import { and, asc, eq, or } from "drizzle-orm";
import { z } from "zod";
import { type Db, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { textBlock, textLine } from "../../platform/text.ts";
import { tools } from "../catalog/tables.ts";
import { successStories, successStoryTools } from "./gathering-tables.ts";
import { assertMayReview } from "./review-eligibility.ts";
import type { CommunityServices } from "./services.ts";
import { STORY_LIMITS, STORY_MESSAGES, STORY_RULES } from "./story-rows.ts";

const toolName = z.string().trim().max(200, STORY_MESSAGES.unknownTool("…"));

export const StoryInput = z.object({
  title: textLine("Title").pipe(
    z
      .string()
      .min(STORY_LIMITS.titleMin, STORY_MESSAGES.titleShort)
      .max(STORY_LIMITS.titleMax, STORY_MESSAGES.titleLong),
  ),
  problem: textBlock("Problem").pipe(
    z
      .string()
      .min(STORY_LIMITS.textMin, STORY_MESSAGES.problemShort)
      .max(STORY_LIMITS.textMax, STORY_MESSAGES.problemLong),
  ),
  outcome: textBlock("Outcome").pipe(
    z
      .string()
      .min(STORY_LIMITS.textMin, STORY_MESSAGES.outcomeShort)
      .max(STORY_LIMITS.textMax, STORY_MESSAGES.outcomeLong),
  ),
  numbers: textLine("Numbers").pipe(z.string().max(STORY_LIMITS.numbersMax, STORY_MESSAGES.numbersLong)).default(""),
  /** tool slugs or names, one per field; empty fields are ignored */
  tools: z
    .array(toolName)
    .transform((list) => [...new Set(list.filter((t) => t !== ""))])
    .pipe(z.array(z.string()).min(1, STORY_MESSAGES.noTools).max(STORY_LIMITS.toolsMax, STORY_MESSAGES.tooManyTools)),
});
export type StoryInput = z.infer<typeof StoryInput>;

/** A listed tool by slug, id or exact name (case-insensitive). */
async function findTool(db: Db, text: string): Promise<{ id: string; name: string } | null> {
  const key = text.trim().toLowerCase();
  const byName = [eq(tools.slug, key), sql`lower(${tools.name}) = ${key}`];
  const [row] = await db
    .select({ id: tools.id, name: tools.name })
    .from(tools)
    .where(and(eq(tools.status, "active"), or(...(UUID.test(key) ? [eq(tools.id, key)] : []), ...byName)))
    .orderBy(sql`(${tools.slug} = ${key}) DESC`, asc(tools.id))
    .limit(1);
  return row ?? null;
}

export async function submitStory(
  deps: Pick<CommunityServices, "db" | "clock">,
  userId: string,
  input: StoryInput,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  const toolIds: string[] = [];
  for (const name of input.tools) {
    const tool = await findTool(deps.db, name);
    if (!tool) throw new AppError("bad_request", STORY_MESSAGES.unknownTool(name), { field: "tools" });
    await assertMayReview(deps.db, userId, tool.id);
    if (!toolIds.includes(tool.id)) toolIds.push(tool.id);
  }
  const rate = await consumeRateLimit(deps.db, `story-submit:user:${userId}`, STORY_RULES.submit, now);
  if (!rate.allowed) throw new AppError("rate_limited", STORY_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });
  return transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(successStories)
      .values({
        userId,
        title: input.title,
        problem: input.problem,
        outcome: input.outcome,
        numbers: input.numbers || null,
        createdAt: now,
      })
      .returning({ id: successStories.id });
    if (!row) throw new AppError("internal", "The story was not saved");
    for (const toolId of toolIds) {
      await tx.insert(successStoryTools).values({ storyId: row.id, toolId });
    }
    return row;
  });
}
