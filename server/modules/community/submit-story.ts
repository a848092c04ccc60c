import { z } from "zod";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { textBlock, textLine } from "../../platform/text.ts";
import { assertMayReview } from "./review-eligibility.ts";
import type { CommunityServices } from "./services.ts";
import { IdRow, STORY_LIMITS, STORY_MESSAGES, STORY_RULES } from "./story-rows.ts";

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

const ToolRow = z.object({ id: z.string(), name: z.string() });

/** A listed tool by slug, id or exact name (case-insensitive). */
async function findTool(db: Db, text: string): Promise<{ id: string; name: string } | null> {
  const key = text.trim().toLowerCase();
  const byId = UUID.test(key) ? sql`id = ${key}::uuid OR` : sql``;
  const [row] = await queryRows(
    db,
    sql`SELECT id::text AS id, name FROM tools WHERE status = 'active' AND (${byId} slug = ${key} OR lower(name) = ${key})
        ORDER BY (slug = ${key}) DESC, id LIMIT 1`,
    ToolRow,
  );
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
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO success_stories (user_id, title, problem, outcome, numbers, created_at)
          VALUES (${userId}, ${input.title}, ${input.problem}, ${input.outcome}, ${input.numbers || null},
                  ${now.toISOString()}::timestamptz)
          RETURNING id::text AS id`,
      IdRow,
    );
    if (!row) throw new AppError("internal", "The story was not saved");
    for (const toolId of toolIds) {
      await tx.execute(
        sql`INSERT INTO success_story_tools (story_id, tool_id) VALUES (${row.id}::uuid, ${toolId}::uuid)`,
      );
    }
    return row;
  });
}
