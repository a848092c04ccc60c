import { sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { type BetaFormData, betaValues, textArray, toolOf } from "./beta-form.ts";
import { BETA_MESSAGES, lockBeta } from "./beta-rows.ts";

export async function updateBeta(db: Db, actor: Actor, id: string, input: BetaFormData, now: Date): Promise<void> {
  const v = betaValues(input, await toolOf(db, input.tool));
  await db.transaction(async (tx) => {
    const before = await lockBeta(tx, id);
    const taken = Number(before.spots_taken);
    if (v.spots < taken) throw new AppError("bad_request", BETA_MESSAGES.spotsBelowTaken(taken));
    await tx.execute(
      sql`UPDATE beta_programs SET tool_id = ${v.tool_id}::uuid, provider = ${v.provider}, description = ${v.description},
            category = ${v.category}, spots = ${v.spots}, starts_at = ${v.starts_at}::timestamptz,
            duration_weeks = ${v.duration_weeks}, benefits = ${textArray(v.benefits)},
            requirements = ${textArray(v.requirements)}, featured = ${v.featured},
            updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: "beta.update",
      targetType: "beta_program",
      targetId: id,
      before,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
  });
}
