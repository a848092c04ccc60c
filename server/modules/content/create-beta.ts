import { sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type BetaFormData, betaValues, textArray, toolOf } from "./beta-form.ts";
import { IdRow } from "./beta-rows.ts";

export async function createBeta(db: Db, actor: Actor, input: BetaFormData, now: Date): Promise<string> {
  const v = betaValues(input, await toolOf(db, input.tool));
  return db.transaction(async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO beta_programs (tool_id, provider, description, category, spots, starts_at, duration_weeks,
            benefits, requirements, featured, created_at, updated_at)
          VALUES (${v.tool_id}::uuid, ${v.provider}, ${v.description}, ${v.category}, ${v.spots},
            ${v.starts_at}::timestamptz, ${v.duration_weeks}, ${textArray(v.benefits)}, ${textArray(v.requirements)},
            ${v.featured}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING id`,
      IdRow,
    );
    if (!row) throw new Error("beta program was not stored");
    await recordAudit(tx, {
      actor,
      action: "beta.create",
      targetType: "beta_program",
      targetId: row.id,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
    return row.id;
  });
}
