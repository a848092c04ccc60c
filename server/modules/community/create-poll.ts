import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { AppError } from "../../platform/errors.ts";
import { tools } from "../catalog/tables.ts";
import { POLL_LIMITS, POLL_MESSAGES, type PollQuestion, pollColumns, questionOf } from "./poll-rows.ts";
import type { CommunityServices } from "./services.ts";
import { polls } from "./tables.ts";
import { resolveToolId } from "./tool-lookup.ts";

export const PollInput = z.object({
  question: z
    .string()
    .trim()
    .min(POLL_LIMITS.questionMin, POLL_MESSAGES.question)
    .max(POLL_LIMITS.questionMax, POLL_MESSAGES.question),
  options: z
    .array(z.string().trim().max(POLL_LIMITS.optionMax, POLL_MESSAGES.optionLength))
    .transform((list) => list.filter((o) => o.length > 0))
    .pipe(
      z
        .array(z.string())
        .min(POLL_LIMITS.minOptions, POLL_MESSAGES.options)
        .max(POLL_LIMITS.maxOptions, POLL_MESSAGES.options)
        .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, POLL_MESSAGES.optionsUnique),
    ),
});
export type PollInput = z.infer<typeof PollInput>;

/** Attaches a new active poll to a tool; the tool's previous active poll is closed (one question at a time). */
export async function createPoll(
  deps: CommunityServices,
  actor: AuditActor,
  toolIdOrSlug: string,
  input: PollInput,
  requestId?: string | null,
): Promise<PollQuestion> {
  const { db, clock } = deps;
  const now = clock.now();
  const toolId = await resolveToolId(db, toolIdOrSlug);
  return db.transaction(async (tx) => {
    await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("update");
    const closed = await tx
      .update(polls)
      .set({ status: "closed", updatedAt: now })
      .where(and(eq(polls.toolId, toolId), eq(polls.status, "active")))
      .returning({ id: polls.id });
    const [row] = await tx
      .insert(polls)
      .values({
        toolId,
        question: input.question,
        options: input.options,
        status: "active",
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning(pollColumns);
    if (!row) throw new AppError("internal", "The poll was not saved");
    await recordAudit(tx, {
      actor,
      action: "poll.create",
      targetType: "poll",
      targetId: row.id,
      after: { toolId, question: input.question, options: input.options, closedPrevious: closed.map((c) => c.id) },
      requestId: requestId ?? null,
      at: now,
    });
    return questionOf(row);
  });
}
