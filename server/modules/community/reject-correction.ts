import { type Actor, recordAudit } from "../../platform/audit.ts";
import { sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { type CorrectionView, type Deps, getCorrection, lockOpen } from "./correction-rows.ts";

export async function rejectCorrection(deps: Deps, actor: Actor, id: string, reason: string): Promise<CorrectionView> {
  const { db, now } = deps;
  await transaction(db, async (tx) => {
    const c = await lockOpen(tx, id);
    await tx.execute(
      sql`UPDATE corrections SET status = 'rejected', reject_reason = ${reason}, decided_by = ${actor.id}, decided_at = ${now}
          WHERE id = ${id}::uuid`,
    );
    await recordAudit(tx, {
      actor: { id: actor.id, label: actor.label },
      action: "correction.reject",
      targetType: "correction",
      targetId: id,
      before: { status: "open" },
      after: { status: "rejected", toolId: c.tool_id, field: c.field },
      reason,
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
  const view = await getCorrection(db, id, null);
  if (!view) throw new AppError("not_found", "Correction not found");
  return view;
}
