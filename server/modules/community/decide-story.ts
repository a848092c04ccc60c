import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { textLine } from "../../platform/text.ts";
import { successStories } from "./gathering-tables.ts";
import type { CommunityServices } from "./services.ts";
import { STORY_LIMITS, STORY_MESSAGES, StoryId, type StoryStatus } from "./story-rows.ts";

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
    const [before] = await tx
      .select({ status: successStories.status })
      .from(successStories)
      .where(eq(successStories.id, input.id))
      .for("update");
    if (!before) throw new AppError("not_found", STORY_MESSAGES.notFound);
    if (before.status !== "pending") throw new AppError("conflict", STORY_MESSAGES.decided);
    await tx
      .update(successStories)
      .set({ status, rejectReason: reason, decidedAt: now, decidedBy: actor.id })
      .where(eq(successStories.id, input.id));
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
