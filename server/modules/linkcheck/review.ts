import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import {
  applyToolFacts,
  EDITORS_LABEL,
  FACT_NOTES,
  type FactPatch,
  PRICING_MODELS,
  saveTool,
  setToolArchived,
} from "../catalog/index.ts";
import { tools } from "../catalog/tables.ts";
import { LINK_CHECKER_SOURCE, setGone } from "./graveyard.ts";
import { linkCheckState, linkReviewItems, toolLinkStatus, toolSuggestions } from "./tables.ts";

const DAY = 86_400_000;

export type ReviewItem = {
  id: string;
  kind: string;
  detail: string;
  created_at: string;
  tool: { id: string; slug: string; name: string; website_url: string; status: string };
  link: {
    status: string | null;
    http_status: number | null;
    final_url: string | null;
    error: string | null;
    checked_at: string | null;
    consecutive_failures: number;
    failing_since: string | null;
  };
};

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

const ReviewItemRow = z.object({
  id: z.string(),
  kind: z.string(),
  detail: z.string(),
  created_at: z.string(),
  tool_id: z.string(),
  slug: z.string(),
  name: z.string(),
  website_url: z.string(),
  tool_status: z.string(),
  // tool_link_status: none before the first check (LEFT JOIN)
  status: z.string().nullable(),
  http_status: z.number().nullable(),
  final_url: z.string().nullable(),
  error: z.string().nullable(),
  checked_at: z.string().nullable(),
  consecutive_failures: z.number().nullable(),
  failing_since: z.string().nullable(),
});

/** Open review items, newest first (at most 200: a longer list is a problem of its own). */
export async function listReviewItems(db: Db): Promise<ReviewItem[]> {
  const rows = await queryRows(
    db,
    sql`SELECT i.id, i.kind, i.detail, i.created_at, t.id AS tool_id, t.slug, t.name, t.website_url, t.status::text AS tool_status,
               s.status, s.http_status, s.final_url, s.error, s.checked_at, s.consecutive_failures, s.failing_since
          FROM link_review_items i JOIN tools t ON t.id = i.tool_id
          LEFT JOIN tool_link_status s ON s.tool_id = i.tool_id
         WHERE i.status = 'open' ORDER BY i.created_at DESC, i.id LIMIT 200`,
    ReviewItemRow,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    detail: r.detail,
    created_at: iso(r.created_at) ?? "",
    tool: {
      id: r.tool_id,
      slug: r.slug,
      name: r.name,
      website_url: r.website_url,
      status: r.tool_status,
    },
    link: {
      status: r.status,
      http_status: r.http_status,
      final_url: r.final_url,
      error: r.error,
      checked_at: iso(r.checked_at),
      consecutive_failures: r.consecutive_failures ?? 0,
      failing_since: iso(r.failing_since),
    },
  }));
}

export const ReviewDecision = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("archive") }),
  /** a parked / for-sale page confirmed by an admin: the tool goes to the graveyard (ADR 0029) */
  z.object({ decision: z.literal("gone") }),
  z.object({ decision: z.literal("dismiss") }),
  z.object({
    decision: z.literal("fix_url"),
    website_url: z
      .string({ message: "Enter the new website address" })
      .trim()
      .min(1, "Enter the new website address")
      .max(2_000, "The address is too long")
      .url("Enter a full address such as https://example.com")
      .refine((u) => /^https?:\/\//i.test(u), "The address must start with http:// or https://"),
  }),
]);
export type ReviewDecision = z.infer<typeof ReviewDecision>;

type Ctx = { actor: AuditActor; requestId?: string | null; now: Date };

/**
 * An admin's answer to a review item, in one transaction with its audit rows: archive the tool,
 * fix its URL (a fact change: facts_changed_at, and the tool is checked again on the next run), or
 * dismiss (the same finding is not raised again).
 */
export async function decideReviewItem(
  db: Db,
  id: string,
  input: ReviewDecision,
  ctx: Ctx,
): Promise<{ status: string }> {
  if (!isUuid(id)) throw new AppError("not_found", "Review item not found");
  return transaction(db, async (tx) => {
    const [item] = await tx.select().from(linkReviewItems).where(eq(linkReviewItems.id, id)).for("update");
    if (!item) throw new AppError("not_found", "Review item not found");
    if (item.status !== "open") throw new AppError("conflict", `This item was already handled (${item.status})`);
    const services = { db: tx, clock: { now: () => ctx.now } };
    const actor = { ...ctx.actor, requestId: ctx.requestId };
    let status: string;
    if (input.decision === "archive") {
      await setToolArchived(services, actor, { id: item.toolId, archived: true });
      status = "archived";
    } else if (input.decision === "gone") {
      if (item.kind !== "parked")
        throw new AppError("bad_request", "Only a parked or for-sale page can be confirmed as gone");
      const moved = await setGone(tx, {
        toolId: item.toolId,
        to: "gone",
        now: ctx.now,
        note: `Parked or for-sale page confirmed by an admin (${item.detail})`,
        actor: ctx.actor,
        requestId: ctx.requestId,
        source: `${LINK_CHECKER_SOURCE} (parked page confirmed by an admin)`,
      });
      if (!moved)
        throw new AppError("conflict", "This tool is not listed (only a published tool can go to the graveyard)");
      status = "gone";
    } else if (input.decision === "fix_url") {
      // An admin fixed the address the link checker found broken: kind `observed`, confirmed by the admin.
      await saveTool(
        services,
        actor,
        { id: item.toolId, website_url: input.website_url },
        {
          provenance: {
            kind: "observed",
            source: `Link check (${item.kind}), address fixed by ${EDITORS_LABEL}`,
            sourceUrl: input.website_url,
            observedAt: ctx.now,
            verifiedAt: ctx.now,
          },
        },
      );
      // A new address starts a new record: checked first on the next run.
      await tx.delete(toolLinkStatus).where(eq(toolLinkStatus.toolId, item.toolId));
      status = "fixed";
    } else {
      status = "dismissed";
    }
    await tx
      .update(linkReviewItems)
      .set({ status, resolvedAt: ctx.now, resolvedBy: ctx.actor.label })
      .where(eq(linkReviewItems.id, id));
    if (input.decision === "fix_url") {
      // Other open items of this tool described the old address.
      await tx
        .update(linkReviewItems)
        .set({ status: "fixed", resolvedAt: ctx.now, resolvedBy: ctx.actor.label })
        .where(and(eq(linkReviewItems.toolId, item.toolId), eq(linkReviewItems.status, "open")));
    }
    await recordAudit(tx, {
      actor: ctx.actor,
      action: `link_review.${input.decision}`,
      targetType: "tool",
      targetId: item.toolId,
      before: { item: item.id, kind: item.kind, detail: item.detail, status: "open" },
      after: { status, ...(input.decision === "fix_url" ? { website_url: input.website_url } : {}) },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return { status };
  });
}

export type Suggestion = {
  id: string;
  field: string;
  value: string;
  current: string;
  evidence: string;
  source_url: string;
  created_at: string;
  tool: { id: string; slug: string; name: string };
};

const SuggestionRow = z.object({
  id: z.string(),
  field: z.string(),
  value: z.string(),
  evidence: z.string(),
  source_url: z.string(),
  created_at: z.string(),
  tool_id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  pricing_model: z.string(),
});

export async function listSuggestions(db: Db): Promise<Suggestion[]> {
  const rows = await queryRows(
    db,
    sql`SELECT g.id, g.field, g.value, g.evidence, g.source_url, g.created_at, t.id AS tool_id, t.slug, t.name,
               t.description, t.pricing_model::text AS pricing_model
          FROM tool_suggestions g JOIN tools t ON t.id = g.tool_id
         WHERE g.status = 'open' ORDER BY t.name, g.field LIMIT 300`,
    SuggestionRow,
  );
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    value: r.value,
    current: r.field === "description" ? r.description : r.pricing_model,
    evidence: r.evidence,
    source_url: r.source_url,
    created_at: iso(r.created_at) ?? "",
    tool: { id: r.tool_id, slug: r.slug, name: r.name },
  }));
}

export const SuggestionDecision = z.object({
  decision: z.enum(["accept", "dismiss"], { message: "decision must be accept or dismiss" }),
});

/** Accept applies the suggested fact (audited, facts_changed_at); dismiss keeps it from coming back. */
export async function decideSuggestion(
  db: Db,
  id: string,
  decision: "accept" | "dismiss",
  ctx: Ctx,
): Promise<{ status: string }> {
  if (!isUuid(id)) throw new AppError("not_found", "Suggestion not found");
  return transaction(db, async (tx) => {
    const [s] = await tx.select().from(toolSuggestions).where(eq(toolSuggestions.id, id)).for("update");
    if (!s) throw new AppError("not_found", "Suggestion not found");
    if (s.status !== "open") throw new AppError("conflict", `This suggestion was already ${s.status}`);
    const status = decision === "accept" ? "accepted" : "dismissed";
    if (decision === "accept") {
      const [tool] = await tx
        .select({ description: tools.description, pricingModel: tools.pricingModel })
        .from(tools)
        .where(eq(tools.id, s.toolId))
        .for("update");
      if (!tool) throw new AppError("not_found", "Tool not found");
      let before: string;
      let set: FactPatch;
      if (s.field === "description") {
        before = tool.description;
        set = { description: s.value };
      } else if (s.field === "pricing_model" && (PRICING_MODELS as readonly string[]).includes(s.value)) {
        before = tool.pricingModel;
        set = { pricingModel: s.value as typeof tool.pricingModel };
      } else {
        throw new AppError("bad_request", `A suggestion for '${s.field}' cannot be applied`);
      }
      // Read by the link checker from the tool's own site, accepted by an admin (issue 20).
      await applyToolFacts(tx, {
        toolId: s.toolId,
        set,
        provenance: {
          kind: "observed",
          source: "Link checker, read from the tool's own site",
          sourceUrl: s.sourceUrl,
          observedAt: s.createdAt,
          verifiedAt: ctx.now,
        },
        actorUserId: ctx.actor.id,
        note: FACT_NOTES.suggestion,
        at: ctx.now,
      });
      await recordAudit(tx, {
        actor: ctx.actor,
        action: "tool.suggestion_accept",
        targetType: "tool",
        targetId: s.toolId,
        before: { [s.field]: before },
        after: { [s.field]: s.value },
        reason: `Suggested by the link checker from ${s.sourceUrl}`,
        requestId: ctx.requestId,
        at: ctx.now,
      });
    } else {
      await recordAudit(tx, {
        actor: ctx.actor,
        action: "tool.suggestion_dismiss",
        targetType: "tool",
        targetId: s.toolId,
        before: { suggestion: s.id, field: s.field, value: s.value },
        requestId: ctx.requestId,
        at: ctx.now,
      });
    }
    await tx
      .update(toolSuggestions)
      .set({ status, decidedAt: ctx.now, decidedBy: ctx.actor.label })
      .where(eq(toolSuggestions.id, id));
    return { status };
  });
}

/** What the tool page says about the link: 'Link checked {n} days ago', and the offline notice. */
export type LinkHealth = { checkedLabel: string | null; checkedAt: string | null; offline: boolean };

/** checked_at: null before the first check */
const HealthRow = z.object({ checked_at: z.string().nullable(), offline: z.boolean() });

export async function linkHealth(db: Db, toolId: string, now: Date): Promise<LinkHealth> {
  const [row] = await queryRows(
    db,
    sql`SELECT (SELECT checked_at FROM tool_link_status WHERE tool_id = ${toolId}::uuid) AS checked_at,
               EXISTS (SELECT 1 FROM link_review_items WHERE tool_id = ${toolId}::uuid AND kind = 'offline'
                        AND status = 'open') AS offline`,
    HealthRow,
  );
  const checkedAt = row?.checked_at ? new Date(row.checked_at) : null;
  return {
    checkedAt: checkedAt?.toISOString() ?? null,
    checkedLabel: checkedAt ? checkedLabel(checkedAt, now) : null,
    offline: Boolean(row?.offline),
  };
}

export function checkedLabel(at: Date, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY));
  if (days === 0) return "Link checked today";
  return `Link checked ${days} ${days === 1 ? "day" : "days"} ago`;
}

/** The system alert (network down) for the admin overview, or null. */
export async function linkCheckAlert(db: Db): Promise<{ message: string; since: string | null } | null> {
  const [state] = await db.select().from(linkCheckState).where(eq(linkCheckState.id, 1));
  return state?.alert ? { message: state.alert, since: state.alertSince?.toISOString() ?? null } : null;
}

const CountsRow = z.object({ items: z.number(), suggestions: z.number() });

export async function reviewCounts(db: Db): Promise<{ items: number; suggestions: number }> {
  const [r] = await queryRows(
    db,
    sql`SELECT (SELECT count(*)::int FROM link_review_items WHERE status = 'open') AS items,
               (SELECT count(*)::int FROM tool_suggestions WHERE status = 'open') AS suggestions`,
    CountsRow,
  );
  return { items: Number(r?.items ?? 0), suggestions: Number(r?.suggestions ?? 0) };
}
