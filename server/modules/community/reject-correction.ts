import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { type CorrectionView, type Deps, getCorrection, lockOpen } from "./correction-rows.ts";
import { corrections } from "./tables.ts";

export async function rejectCorrection(deps: Deps, actor: Actor, id: string, reason: string): Promise<CorrectionView> {
  const { db, now } = deps;
  await transaction(db, async (tx) => {
    const c = await lockOpen(tx, id);
    await tx
      .update(corrections)
      .set({ status: "rejected", rejectReason: reason, decidedBy: actor.id, decidedAt: now })
      .where(eq(corrections.id, id));
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
