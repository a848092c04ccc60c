import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { AppError } from "../../platform/errors.ts";
import { tools } from "../catalog/tables.ts";
import { POLL_MESSAGES } from "./poll-rows.ts";
import type { CommunityServices } from "./services.ts";
import { polls } from "./tables.ts";

export const PollStatusInput = z.object({
  status: z.enum(["active", "closed"], { message: "Choose active or closed" }),
});

/** Closes or reopens a poll (reopening closes the tool's other active poll). */
export async function setPollStatus(
  deps: CommunityServices,
  actor: AuditActor,
  pollId: string,
  status: "active" | "closed",
  requestId?: string | null,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const [found] = await db
    .select({ tool_id: polls.toolId, status: polls.status })
    .from(polls)
    .where(eq(polls.id, pollId));
  if (!found) throw new AppError("not_found", POLL_MESSAGES.pollNotFound);
  if (found.status === status) return;
  await db.transaction(async (tx) => {
    await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, found.tool_id)).for("update");
    if (status === "active") {
      await tx
        .update(polls)
        .set({ status: "closed", updatedAt: now })
        .where(and(eq(polls.toolId, found.tool_id), eq(polls.status, "active")));
    }
    await tx.update(polls).set({ status, updatedAt: now }).where(eq(polls.id, pollId));
    await recordAudit(tx, {
      actor,
      action: status === "active" ? "poll.reopen" : "poll.close",
      targetType: "poll",
      targetId: pollId,
      before: { status: found.status },
      after: { status },
      requestId: requestId ?? null,
      at: now,
    });
  });
}
