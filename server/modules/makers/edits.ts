import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { textBlock, textLine } from "../../platform/text.ts";
import { applyToolFacts, FACT_NOTES, type FactPatch, PRICING_MODELS, type Provenance } from "../catalog/index.ts";
import { tools } from "../catalog/tables.ts";
import { isVerifiedMaker } from "./claims.ts";
import {
  MAKER_EDIT_FIELDS,
  MAKER_FIELD_LABELS,
  MAKER_LIMITS,
  MAKER_MESSAGES,
  MAKER_PRICING_FIELDS,
  type MakerEditField,
} from "./shared.ts";
import { makerClaims, makerEdits } from "./tables.ts";

/**
 * A verified maker edits the listing's facts (issue 20). Descriptions, features and use cases apply at
 * once, recorded as kind `maker` ("the maker's claim") in provenance and history; pricing changes wait
 * for a moderator (`maker_edits`), since a price is what readers compare and makers have reason to shade.
 */

const list = (label: string) =>
  textBlock(label).transform((v, ctx) => {
    const items = v
      .split("\n")
      .map((s) => s.replace(/^[-*•]\s*/, "").trim())
      .filter(Boolean);
    if (items.length > MAKER_LIMITS.listItems) {
      ctx.addIssue({ code: "custom", message: `${label}: at most ${MAKER_LIMITS.listItems} items` });
      return z.NEVER;
    }
    if (items.some((s) => s.length > MAKER_LIMITS.listItemMax)) {
      ctx.addIssue({ code: "custom", message: `${label}: each item at most ${MAKER_LIMITS.listItemMax} characters` });
      return z.NEVER;
    }
    return items;
  });

export const MakerEditInput = z.object({
  description: textLine(MAKER_FIELD_LABELS.description).pipe(
    z
      .string()
      .min(
        MAKER_LIMITS.descriptionMin,
        `One-line description must be ${MAKER_LIMITS.descriptionMin} to ${MAKER_LIMITS.descriptionMax} characters`,
      )
      .max(
        MAKER_LIMITS.descriptionMax,
        `One-line description must be ${MAKER_LIMITS.descriptionMin} to ${MAKER_LIMITS.descriptionMax} characters`,
      ),
  ),
  full_description: textBlock(MAKER_FIELD_LABELS.full_description).pipe(
    z.string().max(MAKER_LIMITS.fullDescriptionMax, `Full description can be at most 5,000 characters`),
  ),
  features: list(MAKER_FIELD_LABELS.features),
  use_cases: list(MAKER_FIELD_LABELS.use_cases),
  pricing_model: z.enum(PRICING_MODELS, { message: "Choose a pricing model" }),
  pricing: textLine(MAKER_FIELD_LABELS.pricing).pipe(
    z.string().max(MAKER_LIMITS.priceMax, `Price can be at most ${MAKER_LIMITS.priceMax} characters`),
  ),
});
export type MakerEditInput = z.infer<typeof MakerEditInput>;

export type MakerFacts = Record<MakerEditField, string | string[]>;

// The maker's old and new values are jsonb read raw: the builder's jsonb decoder parses a string value
// again when it looks like JSON (a price "10" would come back as the number 10).
const FieldSchema = z.enum([...MAKER_EDIT_FIELDS, ...MAKER_PRICING_FIELDS]);

export async function currentMakerFacts(db: Db, toolId: string): Promise<MakerFacts | null> {
  const [row] = await db
    .select({
      description: tools.description,
      fullDescription: tools.fullDescription,
      features: tools.features,
      useCases: tools.useCases,
      pricingModel: tools.pricingModel,
      price: sql<string | null>`${tools.pricing}->>'original'`,
    })
    .from(tools)
    .where(eq(tools.id, toolId));
  if (!row) return null;
  return {
    description: row.description,
    full_description: row.fullDescription,
    features: row.features,
    use_cases: row.useCases,
    pricing_model: row.pricingModel,
    pricing: row.price ?? "",
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The `tools` columns a maker's edit sets: the pricing text is the `original` of the pricing object. */
async function patchFor(
  tx: Db,
  toolId: string,
  changes: { field: MakerEditField; to: string | string[] }[],
): Promise<FactPatch> {
  const set: FactPatch = {};
  for (const c of changes) {
    switch (c.field) {
      case "description":
        set.description = c.to as string;
        break;
      case "full_description":
        set.fullDescription = c.to as string;
        break;
      case "features":
        set.features = c.to as string[];
        break;
      case "use_cases":
        set.useCases = c.to as string[];
        break;
      case "pricing_model":
        set.pricingModel = c.to as FactPatch["pricingModel"];
        break;
      case "pricing": {
        const [row] = await tx.select({ pricing: tools.pricing }).from(tools).where(eq(tools.id, toolId));
        const pricing: Record<string, unknown> = { ...(row?.pricing ?? {}) };
        if (c.to) pricing.original = c.to as string;
        else delete pricing.original;
        set.pricing = (row?.pricing === null && !c.to ? null : pricing) as FactPatch["pricing"];
        break;
      }
    }
  }
  return set;
}

/** Applies a maker's changes through the one fact path (catalog's applyToolFacts), kind `maker`. */
async function applyFacts(
  tx: Db,
  toolId: string,
  changes: { field: MakerEditField; from: unknown; to: string | string[] }[],
  provenance: Provenance,
  actorUserId: string,
  now: Date,
  note: string | null,
) {
  await applyToolFacts(tx, {
    toolId,
    set: await patchFor(tx, toolId, changes),
    also: { factsChangedAt: now, updatedAt: now },
    provenance,
    actorUserId,
    note,
    at: now,
  });
}

export type MakerEditResult = { applied: MakerEditField[]; pending: MakerEditField[] };

async function hasApprovedEdit(tx: Db, toolId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: makerEdits.id })
    .from(makerEdits)
    .where(and(eq(makerEdits.toolId, toolId), eq(makerEdits.userId, userId), eq(makerEdits.status, "approved")))
    .limit(1);
  return row !== undefined;
}

const makerSource = (domain: string) => `The maker (verified at ${domain})`;

export async function saveMakerEdit(
  deps: { db: Db; clock: { now(): Date } },
  actor: { id: string; requestId?: string | null },
  toolId: string,
  input: MakerEditInput,
): Promise<MakerEditResult> {
  const now = deps.clock.now();
  return transaction(deps.db, async (tx) => {
    await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("update");
    if (!(await isVerifiedMaker(tx, actor.id, toolId))) throw new AppError("forbidden", MAKER_MESSAGES.notMaker);
    const current = await currentMakerFacts(tx, toolId);
    if (!current) throw new AppError("not_found", "Tool not found");
    const [claim] = await tx
      .select({ domain: makerClaims.domain })
      .from(makerClaims)
      .where(and(eq(makerClaims.toolId, toolId), eq(makerClaims.userId, actor.id), eq(makerClaims.status, "verified")))
      .orderBy(desc(makerClaims.verifiedAt))
      .limit(1);
    const domain = claim?.domain ?? "";
    const direct = MAKER_EDIT_FIELDS.filter((f) => !same(current[f], input[f])).map((f) => ({
      field: f as MakerEditField,
      from: current[f],
      to: input[f],
    }));
    const changedPrices = MAKER_PRICING_FIELDS.filter((f) => !same(current[f], input[f]));
    if (!direct.length && !changedPrices.length) throw new AppError("bad_request", MAKER_MESSAGES.nothingChanged);
    // A new maker's edits all wait for a moderator until one of them was approved (issue 31): a claim
    // proven by a mailbox is not yet a track record.
    const trusted = await hasApprovedEdit(tx, toolId, actor.id);
    const held: MakerEditField[] = trusted ? changedPrices : [...direct.map((c) => c.field), ...changedPrices];
    if (!trusted) direct.length = 0;
    if (direct.length) {
      await applyFacts(
        tx,
        toolId,
        direct,
        { kind: "maker", source: makerSource(domain), observedAt: now, verifiedAt: null },
        actor.id,
        now,
        null,
      );
    }
    for (const field of held) {
      // One open change per field: a newer proposal replaces the one still waiting.
      await tx
        .delete(makerEdits)
        .where(and(eq(makerEdits.toolId, toolId), eq(makerEdits.field, field), eq(makerEdits.status, "pending")));
      await tx.insert(makerEdits).values({
        toolId,
        userId: actor.id,
        field,
        oldValue: current[field],
        newValue: input[field],
        createdAt: now,
      });
    }
    await recordAudit(tx, {
      actor: { id: actor.id, label: "maker" },
      action: "maker.edit",
      targetType: "tool",
      targetId: toolId,
      before: Object.fromEntries([...direct.map((c) => [c.field, c.from]), ...held.map((f) => [f, current[f]])]),
      after: Object.fromEntries([...direct.map((c) => [c.field, c.to]), ...held.map((f) => [f, input[f]])]),
      requestId: actor.requestId ?? null,
      at: now,
    });
    return { applied: direct.map((c) => c.field), pending: [...held] };
  });
}

const PendingMakerEdit = z.object({
  id: z.string(),
  tool_id: z.string(),
  tool_name: z.string(),
  tool_slug: z.string(),
  user_name: z.string(),
  field: FieldSchema,
  old_value: z.unknown(),
  new_value: z.unknown(),
  created_at: z.string(),
});
export type PendingMakerEdit = z.infer<typeof PendingMakerEdit>;

export async function listPendingMakerEdits(db: Db, toolId?: string): Promise<PendingMakerEdit[]> {
  const rows = await queryRows(
    db,
    sql`SELECT e.id::text AS id, e.tool_id::text AS tool_id, t.name AS tool_name, t.slug AS tool_slug,
          u.name AS user_name, e.field, e.old_value, e.new_value, e.created_at
        FROM maker_edits e JOIN tools t ON t.id = e.tool_id JOIN users u ON u.id = e.user_id
        WHERE e.status = 'pending' ${toolId ? sql`AND e.tool_id = ${toolId}::uuid` : sql``}
        ORDER BY e.created_at LIMIT 200`,
    PendingMakerEdit,
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

export const MakerEditDecision = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), editId: uuidSchema("Change not found") }),
  z.object({
    decision: z.literal("reject"),
    editId: uuidSchema("Change not found"),
    reason: z.string().trim().min(3, "Give the maker a reason of at least 3 characters").max(500),
  }),
]);

const EditRow = z.object({ tool_id: z.string(), user_id: z.string(), field: FieldSchema, new_value: z.unknown() });

/** A moderator approves (the change applies, kind maker, verified now) or rejects (with a reason). */
export async function decideMakerEdit(
  deps: { db: Db; clock: { now(): Date } },
  actor: { id: string; label: string; requestId?: string | null },
  input: z.infer<typeof MakerEditDecision>,
): Promise<void> {
  const now = deps.clock.now();
  await transaction(deps.db, async (tx) => {
    const [edit] = await queryRows(
      tx,
      sql`SELECT tool_id::text AS tool_id, user_id, field, new_value FROM maker_edits
          WHERE id = ${input.editId}::uuid AND status = 'pending' FOR UPDATE`,
      EditRow,
    );
    if (!edit) throw new AppError("not_found", "This change was already decided or does not exist");
    if (input.decision === "approve") {
      await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, edit.tool_id)).for("update");
      const current = await currentMakerFacts(tx, edit.tool_id);
      if (!current) throw new AppError("not_found", "Tool not found");
      const [claim] = await tx
        .select({ domain: makerClaims.domain })
        .from(makerClaims)
        .where(and(eq(makerClaims.toolId, edit.tool_id), eq(makerClaims.userId, edit.user_id)))
        .orderBy(sql`${makerClaims.verifiedAt} DESC NULLS LAST`)
        .limit(1);
      await applyFacts(
        tx,
        edit.tool_id,
        [{ field: edit.field, from: current[edit.field], to: edit.new_value as string }],
        { kind: "maker", source: makerSource(claim?.domain ?? ""), observedAt: now, verifiedAt: now },
        edit.user_id,
        now,
        FACT_NOTES.makerReviewed,
      );
    }
    await tx
      .update(makerEdits)
      .set({
        status: input.decision === "approve" ? "approved" : "rejected",
        decidedBy: actor.id,
        decidedAt: now,
        reason: input.decision === "reject" ? input.reason : null,
      })
      .where(eq(makerEdits.id, input.editId));
    await recordAudit(tx, {
      actor: { id: actor.id, label: actor.label },
      action: input.decision === "approve" ? "maker.edit_approved" : "maker.edit_rejected",
      targetType: "tool",
      targetId: edit.tool_id,
      after: {
        field: edit.field,
        value: edit.new_value,
        ...(input.decision === "reject" ? { reason: input.reason } : {}),
      },
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
}

const MyEditRow = z.object({
  id: z.string(),
  field: FieldSchema,
  new_value: z.unknown(),
  status: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

/** A maker's own pending and recently decided pricing changes (their page shows why one was refused). */
export async function myMakerEdits(db: Db, userId: string, toolId: string) {
  const rows = await queryRows(
    db,
    sql`SELECT id::text AS id, field, new_value, status::text AS status, reason, created_at FROM maker_edits
        WHERE tool_id = ${toolId}::uuid AND user_id = ${userId} ORDER BY created_at DESC LIMIT 20`,
    MyEditRow,
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
