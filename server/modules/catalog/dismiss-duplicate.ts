import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";

const ToolNameRow = z.object({ id: z.string(), name: z.string() });
const ReturnedRow = z.object({ n: z.number() });

export const DismissInput = z.object({
  a: uuidSchema("Choose two tools"),
  b: uuidSchema("Choose two tools"),
});

/** "Not duplicates": the pair leaves the list for good (audited). */
export async function dismissDuplicate(
  db: Db,
  input: { a: string; b: string },
  ctx: { actor: AuditActor; requestId?: string | null },
): Promise<void> {
  const parsed = DismissInput.parse(input);
  if (parsed.a === parsed.b) throw new AppError("bad_request", "Choose two different tools");
  const [lo, hi] = [parsed.a, parsed.b].sort() as [string, string];
  await transaction(db, async (tx) => {
    const found = await queryRows(
      tx,
      sql`SELECT id::text AS id, name FROM tools WHERE id IN (${lo}::uuid, ${hi}::uuid)`,
      ToolNameRow,
    );
    if (found.length !== 2) throw notFound("Tool not found");
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO tool_duplicate_dismissals (tool_a, tool_b, dismissed_by) VALUES (${lo}::uuid, ${hi}::uuid, ${ctx.actor.label})
          ON CONFLICT DO NOTHING RETURNING 1 AS n`,
      ReturnedRow,
    );
    if (!inserted.length) return;
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "tool.duplicate_dismissed",
      targetType: "tool",
      targetId: lo,
      before: null,
      after: { notDuplicateOf: hi, names: found.map((f) => f.name) },
      requestId: ctx.requestId ?? null,
    });
  });
}
