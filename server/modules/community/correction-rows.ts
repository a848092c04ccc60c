import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Activity } from "../../platform/activity.ts";
import type { Actor } from "../../platform/audit.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { PRICING_LABELS } from "../catalog/index.ts";
import { CORRECTION_FIELD_LABELS, CORRECTION_FIELDS, type CorrectionField } from "./correction-forms.ts";
import { corrections } from "./tables.ts";

/**
 * Corrections (issue 11, spec §3 Correction): a signed-in member proposes the right value of one
 * fact of a tool with evidence; members vote (one each, never on their own); an admin verifies it —
 * the change is applied to the tool, audited, the proposer is credited (badge via services.activity)
 * — or rejects it with a reason the proposer sees. All in one transaction each.
 *
 * One file per use case (create-correction.ts, vote-correction.ts, verify-correction.ts,
 * reject-correction.ts, list-corrections.ts, correction-target.ts, merge-corrections.ts); this one
 * holds what they share: the rules, the public shape, the rows and the tool's current facts.
 */

export type PricingModel = keyof typeof PRICING_LABELS;

export const CORRECTION_RULES = { perDay: 10, votesPerHour: 120 } as const;

export type CorrectionStatus = "open" | "verified" | "rejected";

/** The public shape: the proposer's display name only. */
export type CorrectionView = {
  id: string;
  tool: { id: string; slug: string; name: string };
  field: CorrectionField;
  fieldLabel: string;
  currentValue: string;
  proposedValue: string;
  previousValue: string | null;
  evidenceUrl: string | null;
  message: string;
  votes: number;
  status: CorrectionStatus;
  rejectReason: string | null;
  proposer: { id: string; name: string };
  createdAt: string;
  decidedAt: string | null;
  /** whether the asking member voted (false for visitors) */
  voted: boolean;
  /** whether the asking member proposed it */
  mine: boolean;
};

export type Deps = { db: Db; activity: Activity; now: Date };

export type { Actor };

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

// Row schemas (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
export const ToolFacts = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  pricing_model: z.string(),
  price: z.string().nullable(),
  website_url: z.string(),
  category: z.string(),
  category_id: z.number(),
  description: z.string(),
  features: z.array(z.string()),
});
export type ToolFacts = z.infer<typeof ToolFacts>;

/** The tool's current value of a field, as the proposer sees and types it. */
export function currentOf(tool: ToolFacts, field: CorrectionField): string {
  switch (field) {
    case "pricing_model":
      return PRICING_LABELS[tool.pricing_model as PricingModel] ?? tool.pricing_model;
    case "price":
      return tool.price ?? "";
    case "website":
      return tool.website_url;
    case "category":
      return tool.category;
    case "description":
      return tool.description;
    case "features":
      return tool.features.join("\n");
  }
}

export const TOOL_FACTS = sql`SELECT t.id, t.slug, t.name, t.status, t.pricing_model, t.pricing->>'original' AS price, t.website_url,
         c.name AS category, t.category_id, t.description, t.features
       FROM tools t JOIN categories c ON c.id = t.category_id`;

export async function findTool(db: Db, idOrSlug: string): Promise<ToolFacts | null> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const [row] = await queryRows(
    db,
    uuid
      ? sql`${TOOL_FACTS} WHERE t.id = ${idOrSlug}::uuid AND t.status = 'active'`
      : sql`${TOOL_FACTS} WHERE t.slug = ${idOrSlug.slice(0, 200)} AND t.status = 'active'`,
    ToolFacts,
  );
  return row ?? null;
}

const CorrectionStatus = z.enum(["open", "verified", "rejected"]);
export const Row = z.object({
  id: z.string(),
  tool_id: z.string(),
  slug: z.string(),
  tool_name: z.string(),
  field: z.enum(CORRECTION_FIELDS),
  proposed_value: z.string(),
  previous_value: z.string().nullable(),
  evidence_url: z.string().nullable(),
  message: z.string(),
  votes: z.number(),
  status: CorrectionStatus,
  reject_reason: z.string().nullable(),
  user_id: z.string(),
  user_name: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  voted: z.boolean(),
  pricing_model: z.string(),
  price: z.string().nullable(),
  website_url: z.string(),
  category: z.string(),
  category_id: z.number(),
  description: z.string(),
  features: z.array(z.string()),
  total: z.number(),
});
export type Row = z.infer<typeof Row>;

export function select(viewerId: string | null) {
  return sql`SELECT k.id, k.tool_id, t.slug, t.name AS tool_name, k.field, k.proposed_value, k.previous_value,
      k.evidence_url, k.message, k.votes, k.status, k.reject_reason, k.user_id, ${publicMemberName("u")} AS user_name, k.created_at,
      k.decided_at, t.pricing_model, t.pricing->>'original' AS price, t.website_url, c.name AS category, t.category_id,
      t.description, t.features,
      ${viewerId ? sql`EXISTS (SELECT 1 FROM correction_votes v WHERE v.correction_id = k.id AND v.user_id = ${viewerId})` : sql`false`} AS voted,
      count(*) OVER ()::int AS total
    FROM corrections k JOIN tools t ON t.id = k.tool_id JOIN users u ON u.id = k.user_id
    JOIN categories c ON c.id = t.category_id`;
}

export function toView(r: Row, viewerId: string | null): CorrectionView {
  const tool: ToolFacts = {
    id: r.tool_id,
    slug: r.slug,
    name: r.tool_name,
    status: "active",
    pricing_model: r.pricing_model,
    price: r.price,
    website_url: r.website_url,
    category: r.category,
    category_id: r.category_id,
    description: r.description,
    features: r.features ?? [],
  };
  return {
    id: r.id,
    tool: { id: r.tool_id, slug: r.slug, name: r.tool_name },
    field: r.field,
    fieldLabel: CORRECTION_FIELD_LABELS[r.field] ?? r.field,
    currentValue: currentOf(tool, r.field),
    proposedValue:
      r.field === "pricing_model"
        ? (PRICING_LABELS[r.proposed_value as PricingModel] ?? r.proposed_value)
        : r.proposed_value,
    previousValue: r.previous_value,
    evidenceUrl: r.evidence_url,
    message: r.message,
    votes: r.votes,
    status: r.status,
    rejectReason: r.reject_reason,
    proposer: { id: r.user_id, name: r.user_name },
    createdAt: iso(r.created_at) as string,
    decidedAt: iso(r.decided_at),
    voted: r.voted,
    mine: viewerId !== null && r.user_id === viewerId,
  };
}

export async function getCorrection(db: Db, id: string, viewerId: string | null): Promise<CorrectionView | null> {
  const [row] = await queryRows(db, sql`${select(viewerId)} WHERE k.id = ${id}::uuid`, Row);
  return row ? toView(row, viewerId) : null;
}

export async function lockOpen(
  tx: Db,
  id: string,
): Promise<{
  user_id: string;
  tool_id: string;
  field: CorrectionField;
  proposed_value: string;
  evidence_url: string | null;
}> {
  const [row] = await tx
    .select({
      user_id: corrections.userId,
      tool_id: corrections.toolId,
      field: corrections.field,
      proposed_value: corrections.proposedValue,
      evidence_url: corrections.evidenceUrl,
      status: corrections.status,
    })
    .from(corrections)
    .where(eq(corrections.id, id))
    .for("update");
  if (!row) throw new AppError("not_found", "Correction not found");
  if (row.status !== "open") throw new AppError("conflict", `This correction was already ${row.status}`);
  // The field column holds one of CORRECTION_FIELDS (the form's schema wrote it).
  return { ...row, field: row.field as CorrectionField };
}
