import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { textBlock, textLine } from "../../platform/text.ts";
import { limit } from "./ama-rate-limit.ts";
import { AMA_REMINDER_JOB } from "./ama-reminders.ts";
import { AMA_LIMITS, AMA_MESSAGES, type AmaActor } from "./ama-rows.ts";
import { amas } from "./gathering-tables.ts";
import type { CommunityServices } from "./services.ts";
import { resolveToolId } from "./tool-lookup.ts";
import { isToolMaker } from "./tool-maker.ts";

// A `datetime-local` field's value (no zone): read as UTC, which the form says.
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const utcTime = (message: string) =>
  z
    .string()
    .trim()
    .regex(LOCAL_TIME, message)
    .transform((v, ctx) => {
      const d = new Date(`${v}Z`);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return d;
    });

export const AmaScheduleInput = z
  .object({
    tool: z.string().trim().min(1, AMA_MESSAGES.toolNotFound).max(200, AMA_MESSAGES.toolNotFound),
    title: textLine("Title").pipe(
      z.string().min(AMA_LIMITS.titleMin, AMA_MESSAGES.titleShort).max(AMA_LIMITS.titleMax, AMA_MESSAGES.titleLong),
    ),
    description: textBlock("Description")
      .pipe(z.string().max(AMA_LIMITS.descriptionMax, AMA_MESSAGES.descriptionLong))
      .default(""),
    startsAt: utcTime(AMA_MESSAGES.startInvalid),
    endsAt: utcTime(AMA_MESSAGES.endInvalid),
  })
  .superRefine((v, ctx) => {
    // A field its own rule refused is not compared.
    if (!(v.startsAt instanceof Date) || !(v.endsAt instanceof Date)) return;
    if (v.endsAt <= v.startsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: AMA_MESSAGES.endBeforeStart });
    else if (v.endsAt.getTime() - v.startsAt.getTime() > AMA_LIMITS.maxHours * 3_600_000)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: AMA_MESSAGES.tooLong });
  });
export type AmaScheduleInput = z.infer<typeof AmaScheduleInput>;

/** Schedules an AMA and its reminder job (in one transaction, with the audit row). */
export async function scheduleAma(
  deps: CommunityServices,
  actor: AmaActor,
  input: AmaScheduleInput,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  let toolId: string;
  try {
    toolId = await resolveToolId(deps.db, input.tool);
  } catch {
    throw new AppError("not_found", AMA_MESSAGES.toolNotFound, { field: "tool" });
  }
  if (!actor.editor && !(await isToolMaker(deps.db, actor.id, toolId))) {
    throw new AppError("forbidden", AMA_MESSAGES.notHost);
  }
  if (input.startsAt <= now) throw new AppError("bad_request", AMA_MESSAGES.inPast, { field: "startsAt" });
  if (input.startsAt.getTime() - now.getTime() > AMA_LIMITS.maxDaysAhead * 86_400_000)
    throw new AppError("bad_request", AMA_MESSAGES.tooFar, { field: "startsAt" });
  await limit(deps.db, "schedule", actor.id, now);
  return transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(amas)
      .values({
        toolId,
        hostUserId: actor.id,
        title: input.title,
        description: input.description,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        createdAt: now,
      })
      .returning({ id: amas.id });
    if (!row) throw new AppError("internal", "The AMA was not saved");
    const remindAt = new Date(Math.max(now.getTime(), input.startsAt.getTime() - AMA_LIMITS.reminderMinutes * 60_000));
    await deps.jobs.enqueue({ type: AMA_REMINDER_JOB, payload: { amaId: row.id }, runAt: remindAt, key: row.id }, tx);
    await recordAudit(tx, {
      actor,
      action: "ama.schedule",
      targetType: "ama",
      targetId: row.id,
      after: { toolId, startsAt: input.startsAt.toISOString(), endsAt: input.endsAt.toISOString() },
      requestId: actor.requestId ?? null,
      at: now,
    });
    return { id: row.id };
  });
}
