import { z } from "zod";
import type { Activity } from "../../platform/activity.ts";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, queryRows, sql, transaction } from "../../platform/db/index.ts";
import type { PriceInfo } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/errors.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import {
  applyToolFacts,
  domainKey,
  FACT_NOTES,
  type FactPatch,
  PRICING_LABELS,
  resolveCategoryKeys,
} from "../catalog/index.ts";

type PricingModel = keyof typeof PRICING_LABELS;

import type { ToolMergeStep } from "../catalog/index.ts";
import {
  CORRECTION_FIELD_LABELS,
  CORRECTION_FIELDS,
  type CorrectionField,
  type CorrectionInput,
} from "./correction-forms.ts";

/**
 * Corrections (issue 11, spec §3 Correction): a signed-in member proposes the right value of one
 * fact of a tool with evidence; members vote (one each, never on their own); an admin verifies it —
 * the change is applied to the tool, audited, the proposer is credited (badge via services.activity)
 * — or rejects it with a reason the proposer sees. All in one transaction each.
 */

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

type Deps = { db: Db; activity: Activity; now: Date };

export type { Actor };

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

// Row schemas (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
const ToolFacts = z.object({
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
type ToolFacts = z.infer<typeof ToolFacts>;
const IdRow = z.object({ id: z.string() });
const PriceInfoSchema: z.ZodType<PriceInfo, PriceInfo> = z.object({
  original: z.string().optional(),
  discounted: z.string().optional(),
  discount: z.string().optional(),
  dealEnds: z.string().optional(),
});
const PricingRow = z.object({ pricing: PriceInfoSchema.nullable() });

/** The tool's current value of a field, as the proposer sees and types it. */
function currentOf(tool: ToolFacts, field: CorrectionField): string {
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

const TOOL_FACTS = sql`SELECT t.id, t.slug, t.name, t.status, t.pricing_model, t.pricing->>'original' AS price, t.website_url,
         c.name AS category, t.category_id, t.description, t.features
       FROM tools t JOIN categories c ON c.id = t.category_id`;

async function findTool(db: Db, idOrSlug: string): Promise<ToolFacts | null> {
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

/** What the correction form shows: the tool and its current facts. */
export async function correctionTarget(
  db: Db,
  idOrSlug: string,
): Promise<{ id: string; slug: string; name: string; current: Record<CorrectionField, string> } | null> {
  const tool = await findTool(db, idOrSlug);
  if (!tool) return null;
  const current = {} as Record<CorrectionField, string>;
  for (const f of Object.keys(CORRECTION_FIELD_LABELS) as CorrectionField[]) current[f] = currentOf(tool, f);
  return { id: tool.id, slug: tool.slug, name: tool.name, current };
}

/** Resolves a proposed category (name, slug or alias) to the catalogue's name; 400 when unknown. */
async function canonicalValue(db: Db, field: CorrectionField, value: string): Promise<string> {
  if (field !== "category") return value;
  const { ids } = await resolveCategoryKeys(db, [value]);
  const [row] =
    ids[0] === undefined
      ? []
      : await queryRows(db, sql`SELECT name FROM categories WHERE id = ${ids[0]}`, z.object({ name: z.string() }));
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
  const [dup] = await queryRows(
    db,
    sql`SELECT id FROM corrections WHERE tool_id = ${tool.id}::uuid AND field = ${input.field}
          AND lower(proposed_value) = lower(${value}) AND status = 'open' LIMIT 1`,
    IdRow,
  );
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
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO corrections (tool_id, user_id, field, proposed_value, evidence_url, message, created_at)
          VALUES (${tool.id}::uuid, ${userId}, ${input.field}, ${value}, ${input.evidence_url}, ${input.message}, ${now})
          RETURNING id`,
      IdRow,
    );
    if (!row) throw new Error("correction insert returned nothing");
    await activity.emit(tx, { type: "correction.submitted", userId, correctionId: row.id, toolId: tool.id }, now);
    return row.id;
  });
  const view = await getCorrection(db, id, userId);
  if (!view) throw new Error("correction vanished");
  return view;
}

const CorrectionStatus = z.enum(["open", "verified", "rejected"]);
const Row = z.object({
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
type Row = z.infer<typeof Row>;
const LockedRow = z.object({
  user_id: z.string(),
  tool_id: z.string(),
  field: z.enum(CORRECTION_FIELDS),
  proposed_value: z.string(),
  evidence_url: z.string().nullable(),
  status: z.string(),
});

function select(viewerId: string | null) {
  return sql`SELECT k.id, k.tool_id, t.slug, t.name AS tool_name, k.field, k.proposed_value, k.previous_value,
      k.evidence_url, k.message, k.votes, k.status, k.reject_reason, k.user_id, ${publicMemberName("u")} AS user_name, k.created_at,
      k.decided_at, t.pricing_model, t.pricing->>'original' AS price, t.website_url, c.name AS category, t.category_id,
      t.description, t.features,
      ${viewerId ? sql`EXISTS (SELECT 1 FROM correction_votes v WHERE v.correction_id = k.id AND v.user_id = ${viewerId})` : sql`false`} AS voted,
      count(*) OVER ()::int AS total
    FROM corrections k JOIN tools t ON t.id = k.tool_id JOIN users u ON u.id = k.user_id
    JOIN categories c ON c.id = t.category_id`;
}

function toView(r: Row, viewerId: string | null): CorrectionView {
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

export const CORRECTIONS_PAGE_SIZE = 20;

/** Corrections by status (open: most votes first; decided: newest decision first). */
export async function listCorrections(
  db: Db,
  options: { status?: CorrectionStatus; userId?: string; viewerId: string | null; page?: number; limit?: number },
): Promise<{ corrections: CorrectionView[]; total: number }> {
  const limit = options.limit ?? CORRECTIONS_PAGE_SIZE;
  const page = options.page ?? 1;
  const where = [sql`true`];
  if (options.status) where.push(sql`k.status = ${options.status}`);
  if (options.userId) where.push(sql`k.user_id = ${options.userId}`);
  const order =
    options.status === "open"
      ? sql`k.votes DESC, k.created_at DESC, k.id`
      : sql`coalesce(k.decided_at, k.created_at) DESC, k.id`;
  const rows = await queryRows(
    db,
    sql`${select(options.viewerId)} WHERE ${sql.join(where, sql` AND `)} ORDER BY ${order}
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    Row,
  );
  return { corrections: rows.map((r) => toView(r, options.viewerId)), total: rows[0]?.total ?? 0 };
}

/** One vote per member (the primary key decides, even for concurrent votes); not on one's own; open only. */
export async function voteCorrection(deps: Deps, userId: string, id: string): Promise<{ votes: number }> {
  const { db, now } = deps;
  const rate = await consumeRateLimit(
    db,
    `correction-vote:user:${userId}`,
    { max: CORRECTION_RULES.votesPerHour, windowSec: 3_600 },
    now,
  );
  if (!rate.allowed)
    throw new AppError("rate_limited", "Too many votes. Try again later.", { retryAfterSec: rate.retryAfterSec });
  return transaction(db, async (tx) => {
    const [row] = await queryRows(
      tx,
      // Votes on one correction take turns (the row lock), so the count below sees every committed vote.
      sql`SELECT user_id, status FROM corrections WHERE id = ${id}::uuid FOR UPDATE`,
      z.object({ user_id: z.string(), status: z.string() }),
    );
    if (!row) throw new AppError("not_found", "Correction not found");
    if (row.user_id === userId) throw new AppError("forbidden", "You cannot vote for your own correction");
    if (row.status !== "open") throw new AppError("conflict", "Voting is closed: this correction was already reviewed");
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO correction_votes (correction_id, user_id, created_at) VALUES (${id}::uuid, ${userId}, ${now})
          ON CONFLICT DO NOTHING RETURNING user_id`,
      z.object({ user_id: z.string() }),
    );
    if (!inserted.length) throw new AppError("conflict", "You already voted for this correction");
    // Counted from the votes themselves, so concurrent votes can never leave a wrong figure.
    const [updated] = await queryRows(
      tx,
      sql`UPDATE corrections SET votes = (SELECT count(*)::int FROM correction_votes WHERE correction_id = ${id}::uuid)
          WHERE id = ${id}::uuid RETURNING votes`,
      z.object({ votes: z.number() }),
    );
    return { votes: updated?.votes ?? 0 };
  });
}

async function lockOpen(
  tx: Db,
  id: string,
): Promise<{
  user_id: string;
  tool_id: string;
  field: CorrectionField;
  proposed_value: string;
  evidence_url: string | null;
}> {
  const [row] = await queryRows(
    tx,
    sql`SELECT user_id, tool_id, field, proposed_value, evidence_url, status FROM corrections WHERE id = ${id}::uuid FOR UPDATE`,
    LockedRow,
  );
  if (!row) throw new AppError("not_found", "Correction not found");
  if (row.status !== "open") throw new AppError("conflict", `This correction was already ${row.status}`);
  return row;
}

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
      await tx.execute(
        sql`UPDATE corrections SET status = 'verified', previous_value = ${before}, decided_by = ${actor.id}, decided_at = ${now}
            WHERE id = ${id}::uuid`,
      );
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
      const [row] = await queryRows(tx, sql`SELECT pricing FROM tools WHERE id = ${toolId}::uuid`, PricingRow);
      return { pricing: { ...(row?.pricing ?? {}), original: value } };
    }
    case "website":
      if (!domainKey(value)) throw new AppError("bad_request", "Valid URL is required");
      return { websiteUrl: value };
    case "category": {
      const [row] = await queryRows(
        tx,
        sql`SELECT id FROM categories WHERE name = ${value}`,
        z.object({ id: z.number() }),
      );
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

/*
 * Merging duplicate tools moves their corrections; the votes point at corrections (not tools), so
 * they travel with them and are counted in the step's tally ("nothing lost").
 */
export const correctionsMergeStep: ToolMergeStep = {
  name: "community.corrections",
  tables: ["corrections"],
  async run(tx, fromToolId, intoToolId) {
    const [row] = await queryRows(
      tx,
      sql`WITH moved AS (
            UPDATE corrections SET tool_id = ${intoToolId}::uuid WHERE tool_id = ${fromToolId}::uuid RETURNING id
          )
          SELECT (SELECT count(*)::int FROM moved) AS corrections,
                 (SELECT count(*)::int FROM correction_votes WHERE correction_id IN (SELECT id FROM moved)) AS votes`,
      z.object({ corrections: z.number(), votes: z.number() }),
    );
    return { moved: (row?.corrections ?? 0) + (row?.votes ?? 0) };
  },
};
