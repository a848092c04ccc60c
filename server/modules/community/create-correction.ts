import { and, eq, sql } from "drizzle-orm";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { resolveCategoryKeys } from "../catalog/index.ts";
import { categories } from "../catalog/tables.ts";
import type { CorrectionField, CorrectionInput } from "./correction-forms.ts";
import {
  CORRECTION_RULES,
  type CorrectionView,
  currentOf,
  type Deps,
  findTool,
  getCorrection,
} from "./correction-rows.ts";
import { corrections } from "./tables.ts";

/** Resolves a proposed category (name, slug or alias) to the catalogue's name; 400 when unknown. */
async function canonicalValue(db: Db, field: CorrectionField, value: string): Promise<string> {
  if (field !== "category") return value;
  const { ids } = await resolveCategoryKeys(db, [value]);
  const [row] =
    ids[0] === undefined
      ? []
      : await db.select({ name: categories.name }).from(categories).where(eq(categories.id, ids[0]));
  if (!row) throw new AppError("bad_request", "Unknown category", { field: "value" });
  return row.name;
}

export async function createCorrection(
  deps: Deps,
  userId: string,
  toolIdOrSlug: string,
  input: CorrectionInput,
): Promise<CorrectionView> {
  const { db, activity, now } = deps;
  const tool = await findTool(db, toolIdOrSlug);
  if (!tool) throw new AppError("not_found", "Tool not found");
  const value = await canonicalValue(db, input.field, input.value);
  if (
    value.toLowerCase() === currentOf(tool, input.field).toLowerCase() ||
    (input.field === "pricing_model" && value === tool.pricing_model)
  ) {
    throw new AppError("bad_request", "That is already the tool's value", { field: "value" });
  }
  const [dup] = await db
    .select({ id: corrections.id })
    .from(corrections)
    .where(
      and(
        eq(corrections.toolId, tool.id),
        eq(corrections.field, input.field),
        sql`lower(${corrections.proposedValue}) = lower(${value})`,
        eq(corrections.status, "open"),
      ),
    )
    .limit(1);
  if (dup) throw new AppError("conflict", "This correction is already proposed: vote for it on the corrections page");
  // Counted only for corrections that would be stored: a typo does not use up the day.
  const rate = await consumeRateLimit(
    db,
    `correction:user:${userId}`,
    { max: CORRECTION_RULES.perDay, windowSec: 86_400 },
    now,
  );
  if (!rate.allowed) {
    throw new AppError(
      "rate_limited",
      `You can propose ${CORRECTION_RULES.perDay} corrections a day. Try again tomorrow.`,
      {
        retryAfterSec: rate.retryAfterSec,
      },
    );
  }
  const id = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(corrections)
      .values({
        toolId: tool.id,
        userId,
        field: input.field,
        proposedValue: value,
        evidenceUrl: input.evidence_url,
        message: input.message,
        createdAt: now,
      })
      .returning({ id: corrections.id });
    if (!row) throw new Error("correction insert returned nothing");
    await activity.emit(tx, { type: "correction.submitted", userId, correctionId: row.id, toolId: tool.id }, now);
    return row.id;
  });
  const view = await getCorrection(db, id, userId);
  if (!view) throw new Error("correction vanished");
  return view;
}
