import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { applyToolFacts, domainKey, FACT_NOTES, type FactPatch } from "../catalog/index.ts";
import { categories, tools } from "../catalog/tables.ts";
import type { CorrectionField } from "./correction-forms.ts";
import {
  type CorrectionView,
  currentOf,
  type Deps,
  getCorrection,
  lockOpen,
  type PricingModel,
  TOOL_FACTS,
  ToolFacts,
} from "./correction-rows.ts";
import { corrections } from "./tables.ts";

/**
 * Verify: applies the proposed value to the tool (facts_changed_at moves; the tools trigger bumps
 * the content version so cached pages and API answers drop), marks the tool community-verified,
 * audits before → after and credits the proposer — all or nothing.
 */
export async function verifyCorrection(deps: Deps, actor: Actor, id: string): Promise<CorrectionView> {
  const { db, activity, now } = deps;
  try {
    await transaction(db, async (tx) => {
      const c = await lockOpen(tx, id);
      const [tool] = await queryRows(tx, sql`${TOOL_FACTS} WHERE t.id = ${c.tool_id}::uuid FOR UPDATE OF t`, ToolFacts);
      if (!tool) throw new AppError("not_found", "Tool not found");
      const before = currentOf(tool, c.field);
      // The fact changes through the catalogue's one recorded path: provenance `community` (issue 20).
      await applyToolFacts(tx, {
        toolId: c.tool_id,
        set: await changeFor(tx, c.field, c.proposed_value, tool.id),
        also: { lastVerifiedAt: now, isVerified: true, factsChangedAt: now, ...keysFor(c.field, c.proposed_value) },
        provenance: {
          kind: "community",
          source: correctionSource(id),
          sourceUrl: c.evidence_url,
          observedAt: now,
          verifiedAt: now,
        },
        actorUserId: actor.id,
        note: FACT_NOTES.correction,
        at: now,
      });
      await tx
        .update(corrections)
        .set({ status: "verified", previousValue: before, decidedBy: actor.id, decidedAt: now })
        .where(eq(corrections.id, id));
      await recordAudit(tx, {
        actor: { id: actor.id, label: actor.label },
        action: "correction.verify",
        targetType: "tool",
        targetId: c.tool_id,
        before: { correctionId: id, field: c.field, value: before },
        after: { correctionId: id, field: c.field, value: c.proposed_value },
        requestId: actor.requestId ?? null,
        at: now,
      });
      await activity.emit(
        tx,
        { type: "correction.verified", userId: c.user_id, correctionId: id, toolId: c.tool_id },
        now,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError("conflict", "Another tool already has this website and name: merge the duplicates instead");
    }
    throw err;
  }
  const view = await getCorrection(db, id, null);
  if (!view) throw new AppError("not_found", "Correction not found");
  return view;
}

/** "Correction #1a2b3c4d": how a verified correction is named as a fact's source. */
export function correctionSource(id: string): string {
  return `Correction #${id.slice(0, 8)}`;
}

/** The new value of the corrected fact, as the tools table stores it. */
async function changeFor(tx: Db, field: CorrectionField, value: string, toolId: string): Promise<FactPatch> {
  switch (field) {
    case "pricing_model":
      return { pricingModel: value as PricingModel };
    case "price": {
      const [row] = await tx.select({ pricing: tools.pricing }).from(tools).where(eq(tools.id, toolId));
      return { pricing: { ...(row?.pricing ?? {}), original: value } };
    }
    case "website":
      if (!domainKey(value)) throw new AppError("bad_request", "Valid URL is required");
      return { websiteUrl: value };
    case "category": {
      const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.name, value));
      if (!row) throw new AppError("bad_request", "Unknown category");
      return { categoryId: row.id };
    }
    case "description":
      return { description: value };
    case "features":
      return { features: value.split("\n") };
  }
}

/** The de-duplication key follows the website. */
function keysFor(field: CorrectionField, value: string): { domainKey?: string } {
  return field === "website" ? { domainKey: domainKey(value) } : {};
}
