import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { refreshQualityScores } from "./quality-scores.ts";
import { saveTool } from "./save-tool.ts";
import type { ToolPatch } from "./validate-tool.ts";

const IdRow = z.object({ id: z.number() });

export const DecideFlagInput = z.object({
  decision: z.enum(["confirm", "dismiss"], { message: "decision must be confirm or dismiss" }),
  /** the name or description to set, when confirming a rename or describe (defaults to the proposal) */
  value: z
    .string()
    .trim()
    .min(2, "value must be at least 2 characters")
    .max(300, "value must be at most 300 characters")
    .optional(),
  note: z.string().trim().max(500, "note must be at most 500 characters").optional(),
});

/**
 * An editor's decision on one proposal. Confirming changes the tool through the admin edit path
 * (saveTool: the fact path with the editor's provenance, its own audit row) — retire: status
 * archived, its page stays and says so; rename: the name; describe: the description — and every
 * decision leaves an audit row of its own with the proposal's reasons.
 */
export async function decideQualityFlag(
  db: Db,
  id: number,
  input: z.output<typeof DecideFlagInput>,
  ctx: { actor: AuditActor; requestId?: string | null; now: Date },
): Promise<{ status: "confirmed" | "dismissed"; changed: string[] }> {
  const [flag] = await queryRows(
    db,
    sql`SELECT id, rule, action, reasons, proposed, status, tool_id::text AS tool_id
        FROM tool_quality_flags WHERE id = ${id}`,
    z.object({
      id: z.number(),
      rule: z.string(),
      action: z.enum(["retire", "rename", "describe"]),
      reasons: z.array(z.string()),
      proposed: z.string().nullable(),
      status: z.string(),
      tool_id: z.string(),
    }),
  );
  if (!flag) throw notFound("Quality proposal not found");
  if (flag.status !== "open") throw new AppError("conflict", `This proposal was already ${flag.status}`);
  let changed: string[] = [];
  if (input.decision === "confirm") {
    const value = input.value ?? flag.proposed ?? undefined;
    if (flag.action !== "retire" && !value) {
      throw new AppError("bad_request", `Send the new ${flag.action === "rename" ? "name" : "description"} as value`);
    }
    const patch: ToolPatch =
      flag.action === "retire"
        ? { status: "archived" }
        : flag.action === "rename"
          ? { name: value as string }
          : { description: value as string };
    const saved = await saveTool(
      { db, clock: { now: () => ctx.now } },
      { ...ctx.actor, requestId: ctx.requestId ?? null },
      { id: flag.tool_id, ...patch },
    );
    changed = saved.changed;
  }
  const status = input.decision === "confirm" ? "confirmed" : "dismissed";
  await transaction(db, async (tx) => {
    const done = await queryRows(
      tx,
      sql`UPDATE tool_quality_flags SET status = ${status}, decided_at = ${ctx.now.toISOString()}::timestamptz,
            decided_by = ${ctx.actor.id} WHERE id = ${id} AND status = 'open' RETURNING id`,
      IdRow,
    );
    if (!done.length) throw new AppError("conflict", "This proposal was decided meanwhile");
    await recordAudit(tx, {
      actor: ctx.actor,
      action: `tool.quality_${status}`,
      targetType: "tool",
      targetId: flag.tool_id,
      before: { rule: flag.rule, action: flag.action, reasons: flag.reasons },
      after: { decision: input.decision, changed },
      reason: input.note ?? null,
      requestId: ctx.requestId ?? null,
      at: ctx.now,
    });
  });
  // The order follows at once: a retired or repaired listing leaves (or rejoins) the head of the pages.
  await refreshQualityScores(db, ctx.now);
  return { status, changed };
}
