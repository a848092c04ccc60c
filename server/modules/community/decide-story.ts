import { z } from "zod";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { textLine } from "../../platform/text.ts";
import type { CommunityServices } from "./services.ts";
import { IdRow, STORY_LIMITS, STORY_MESSAGES, StoryId, type StoryStatus } from "./story-rows.ts";

export const StoryDecision = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), id: StoryId }),
  z.object({
    decision: z.literal("reject"),
    id: StoryId,
    reason: textLine("Reason").pipe(
      z
        .string()
        .min(STORY_LIMITS.reasonMin, STORY_MESSAGES.reasonShort)
        .max(STORY_LIMITS.reasonMax, STORY_MESSAGES.reasonLong),
    ),
  }),
]);

/** A moderator publishes or rejects (with a reason for the author); the audit row in the same transaction. */
export async function decideStory(
  deps: Pick<CommunityServices, "db" | "clock">,
  actor: Actor,
  input: z.infer<typeof StoryDecision>,
): Promise<StoryStatus> {
  const now = deps.clock.now();
  const status: StoryStatus = input.decision === "approve" ? "published" : "rejected";
  const reason = input.decision === "reject" ? input.reason : null;
  return transaction(deps.db, async (tx) => {
    const [before] = await queryRows(
      tx,
      sql`SELECT status AS id FROM success_stories WHERE id = ${input.id}::uuid FOR UPDATE`,
      IdRow,
    );
    if (!before) throw new AppError("not_found", STORY_MESSAGES.notFound);
    if (before.id !== "pending") throw new AppError("conflict", STORY_MESSAGES.decided);
    await tx.execute(
      sql`UPDATE success_stories SET status = ${status}, reject_reason = ${reason},
            decided_at = ${now.toISOString()}::timestamptz, decided_by = ${actor.id}
          WHERE id = ${input.id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: `story.${input.decision}`,
      targetType: "success_story",
      targetId: input.id,
      before: { status: "pending" },
      after: { status },
      reason,
      requestId: actor.requestId ?? null,
      at: now,
    });
    return status;
  });
}
