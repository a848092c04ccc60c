import { eq } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import {
  applyToolFacts,
  normalisePlans,
  type Plan,
  PlansInput,
  PRICING_LABELS,
  PRICING_MODELS,
  setToolPlans,
} from "../catalog/index.ts";
import { tools } from "../catalog/tables.ts";
import { OBSERVER_SOURCE } from "./observe.ts";
import { type DecisionFact, ENTERABLE_FACTS } from "./shared.ts";
import { type ManifestConflict, pricingWatch } from "./tables.ts";

type PricingModel = (typeof PRICING_MODELS)[number];

/**
 * The editors' fact queue (issue 33 item 6, ADR 0071): the most-viewed active tools, each with its
 * missing decision facts, the pricing observer's proposal ("needs review": the page's hash and what
 * was read) and the maker's manifest, so an editor confirms a proposal or enters a fact with its source
 * in seconds. Every write goes through applyToolFacts (provenance, history) with an audit row in the
 * same transaction; a fact without a source URL is refused.
 */
export type QueueFact = {
  field: DecisionFact;
  /** the value as a reader sees it, or null when missing */
  value: string | null;
  /** where it comes from: a fact's kind, or "manifest" (the maker's word, not a stored fact yet) */
  from: string | null;
};

export type QueueItem = {
  id: string;
  slug: string;
  name: string;
  website_url: string;
  views_30d: number;
  views: number;
  facts: QueueFact[];
  missing: DecisionFact[];
  proposal: {
    status: string;
    url: string | null;
    snapshot_hash: string | null;
    confidence: number | null;
    plans: unknown[];
    error: string | null;
    checked_at: string | null;
  } | null;
  manifest: {
    status: string;
    url: string;
    error: string | null;
    conflicts: ManifestConflict[];
    summary: string[];
  } | null;
};

const QueueRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  website_url: z.string(),
  views: z.number(),
  views_30d: z.number(),
  pricing_model: z.string(),
  plans: z.array(z.record(z.string(), z.unknown())).nullable(),
  plans_kind: z.string().nullable(),
  pricing_kind: z.string().nullable(),
  w_status: z.string().nullable(),
  w_url: z.string().nullable(),
  w_hash: z.string().nullable(),
  w_confidence: z.number().nullable(),
  w_extract: z.array(z.unknown()).nullable(),
  w_error: z.string().nullable(),
  w_checked: z.union([z.string(), z.date()]).nullable(),
  m_status: z.string().nullable(),
  m_url: z.string().nullable(),
  m_error: z.string().nullable(),
  m_manifest: z.record(z.string(), z.unknown()).nullable(),
  m_conflicts: z.array(z.record(z.string(), z.unknown())).nullable(),
});
type QueueRow = z.infer<typeof QueueRow>;

function manifestSummary(m: Record<string, unknown> | null): {
  api: string | null;
  licence: string | null;
  dataUse: string | null;
  lines: string[];
} {
  if (!m) return { api: null, licence: null, dataUse: null, lines: [] };
  const api = m.api as { available?: boolean; docs_url?: string } | undefined;
  const du = m.data_use as
    | { trains_on_customer_data?: boolean | null; retention_days?: number | null; hosted_in?: string[] }
    | undefined;
  const apiText = api ? (api.available ? `Yes${api.docs_url ? ` (${api.docs_url})` : ""}` : "No") : null;
  const licence = typeof m.licence === "string" ? m.licence : null;
  const dataUse = du
    ? [
        du.trains_on_customer_data === true
          ? "trains on your data"
          : du.trains_on_customer_data === false
            ? "does not train on your data"
            : "training not stated",
        du.retention_days != null ? `kept ${du.retention_days} days` : null,
        du.hosted_in?.length ? `hosted in ${du.hosted_in.join(", ")}` : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : null;
  const platforms = Array.isArray(m.platforms) ? (m.platforms as string[]).join(", ") : null;
  const plans = Array.isArray(m.plans) ? `${m.plans.length} plan${m.plans.length === 1 ? "" : "s"}` : null;
  const lines = [
    plans ? `Plans: ${plans}` : null,
    apiText ? `API: ${apiText}` : null,
    licence ? `Licence: ${licence}` : null,
    dataUse ? `Data use: ${dataUse}` : null,
    platforms ? `Platforms: ${platforms}` : null,
  ].filter((l): l is string => l !== null);
  return { api: apiText, licence, dataUse, lines };
}

function itemOf(r: QueueRow): QueueItem {
  const manifestOk = r.m_status === "ok" ? r.m_manifest : null;
  const summary = manifestSummary(manifestOk);
  const plans = r.plans?.length ? r.plans : null;
  const freeTier = plans ? (plans.some((p) => p.price === 0) ? "Yes (a free plan)" : "No free plan stated") : null;
  const facts: QueueFact[] = [
    {
      field: "pricing_model",
      value:
        r.pricing_model === "unknown" ? null : (PRICING_LABELS[r.pricing_model as PricingModel] ?? r.pricing_model),
      from: r.pricing_model === "unknown" ? null : r.pricing_kind,
    },
    {
      field: "plans",
      value: plans ? plans.map((p) => String(p.name)).join(", ") : null,
      from: plans ? r.plans_kind : null,
    },
    { field: "free_tier", value: freeTier, from: plans ? r.plans_kind : null },
    { field: "api", value: summary.api, from: summary.api ? "manifest" : null },
    { field: "licence", value: summary.licence, from: summary.licence ? "manifest" : null },
    { field: "data_use", value: summary.dataUse, from: summary.dataUse ? "manifest" : null },
  ];
  const checked = r.w_checked ? new Date(r.w_checked).toISOString() : null;
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    website_url: r.website_url,
    views: r.views,
    views_30d: r.views_30d,
    facts,
    missing: facts.filter((f) => f.value === null).map((f) => f.field),
    proposal:
      r.w_status === "needs_review"
        ? {
            status: r.w_status,
            url: r.w_url,
            snapshot_hash: r.w_hash,
            confidence: r.w_confidence,
            plans: r.w_extract ?? [],
            error: r.w_error,
            checked_at: checked,
          }
        : null,
    manifest:
      r.m_status && r.m_url
        ? {
            status: r.m_status,
            url: r.m_url,
            error: r.m_error,
            conflicts: (r.m_conflicts ?? []) as ManifestConflict[],
            summary: summary.lines,
          }
        : null,
  };
}

/**
 * The queue: active tools by traffic (tool page views over the last 30 days, then all-time views),
 * the top `scan` of them, keeping those with a missing decision fact, a proposal or a manifest to look
 * at; at most `limit`.
 */
export async function factQueue(
  db: Db,
  now: Date,
  options: { limit?: number; scan?: number } = {},
): Promise<{ items: QueueItem[]; scanned: number }> {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const rows = await queryRows(
    db,
    sql`WITH recent AS (
          SELECT tool_id, SUM(count)::int AS n FROM tool_view_days WHERE day >= ${since}::date GROUP BY tool_id
        ), top AS (
          SELECT t.id, COALESCE(r.n, 0) AS views_30d
            FROM tools t LEFT JOIN recent r ON r.tool_id = t.id
           WHERE t.status = 'active'
           ORDER BY COALESCE(r.n, 0) DESC, t.views DESC, t.name ASC
           LIMIT ${options.scan ?? 200}
        )
        SELECT t.id::text AS id, t.slug, t.name, t.website_url, t.views, top.views_30d,
               t.pricing_model::text AS pricing_model, t.plans,
               fp.kind::text AS plans_kind, fm.kind::text AS pricing_kind,
               w.status AS w_status, w.read_url AS w_url, w.snapshot_hash AS w_hash, w.confidence AS w_confidence,
               w.extract AS w_extract, w.error AS w_error, w.checked_at AS w_checked,
               m.status AS m_status, m.url AS m_url, m.error AS m_error, m.manifest AS m_manifest,
               m.conflicts AS m_conflicts
          FROM top JOIN tools t ON t.id = top.id
          LEFT JOIN tool_facts fp ON fp.tool_id = t.id AND fp.field = 'plans'
          LEFT JOIN tool_facts fm ON fm.tool_id = t.id AND fm.field = 'pricing_model'
          LEFT JOIN pricing_watch w ON w.tool_id = t.id
          LEFT JOIN maker_manifests m ON m.tool_id = t.id
         ORDER BY top.views_30d DESC, t.views DESC, t.name ASC`,
    QueueRow,
  );
  const items = rows
    .map(itemOf)
    .filter((i) => i.missing.length || i.proposal || i.manifest?.conflicts.length || i.manifest?.status === "invalid");
  return { items: items.slice(0, options.limit ?? 50), scanned: rows.length };
}

/* ---------------------------------------------------------------------------------------------- */

const sourceUrl = z
  .string({ message: "A fact needs its source URL: the page it was read on" })
  .trim()
  .min(1, "A fact needs its source URL: the page it was read on")
  .max(2000, "The source URL is at most 2,000 characters")
  .refine((u) => {
    try {
      const url = new URL(u);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "The source URL must be an http(s) address");

const PLAN_LINE =
  /^(?<name>[^:]{1,80}):\s*(?:(?<free>free)|(?<contact>contact(?: sales)?)|(?<price>\d{1,7}(?:\.\d{1,2})?)\s*(?<currency>[A-Za-z]{3})\s*\/\s*(?<period>month|year|once)(?<seat>\s+per\s+seat)?)\s*$/i;

/** "Pro: 20 USD/month per seat", "Free: free", "Enterprise: contact sales" — one plan a line. */
export function parsePlanLines(text: string): { plans: Plan[] } | { error: string } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return { error: "Enter one plan a line, such as “Pro: 20 USD/month”" };
  const raw: unknown[] = [];
  for (const [i, line] of lines.entries()) {
    const g = PLAN_LINE.exec(line)?.groups;
    if (!g)
      return {
        error: `Line ${i + 1} is not a plan: write “Name: 20 USD/month”, “Name: 8 EUR/month per seat”, “Name: free” or “Name: contact sales”`,
      };
    const name = (g.name ?? "").trim();
    if (g.free) raw.push({ name, price: 0 });
    else if (g.contact) raw.push({ name, price: null, contact_sales: true });
    else
      raw.push({
        name,
        price: Number(g.price),
        currency: (g.currency ?? "").toUpperCase(),
        period: (g.period ?? "").toLowerCase(),
        per_seat: Boolean(g.seat),
      });
  }
  const parsed = PlansInput.safeParse(raw);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "These are not valid plans" };
  return { plans: parsed.data as Plan[] };
}

export const EnterFactInput = z.object({
  tool: z.uuid("Choose a tool"),
  field: z.enum(ENTERABLE_FACTS, { message: "Choose a fact to enter" }),
  value: z.string().trim().min(1, "Enter the fact").max(4000, "At most 4,000 characters"),
  source_url: sourceUrl,
});
export type EnterFactInput = z.infer<typeof EnterFactInput>;

export const ConfirmProposalInput = z.object({
  tool: z.uuid("Choose a tool"),
  /** the page's hash the editor saw: a proposal read again since is not confirmed blind */
  snapshot: z.string().regex(/^[0-9a-f]{64}$/, "The proposal's snapshot is missing"),
});
export type ConfirmProposalInput = z.infer<typeof ConfirmProposalInput>;

export type EditorContext = { actor: AuditActor & { id: string }; now: Date };

/** An editor enters a decision fact with its source (kind editor, verified now). Returns whether it changed. */
export async function enterFact(db: Db, who: EditorContext, input: EnterFactInput): Promise<boolean> {
  if (input.field === "plans") {
    const parsed = parsePlanLines(input.value);
    if ("error" in parsed) throw new AppError("bad_request", parsed.error, { field: "value" });
    return setToolPlans(db, { actor: who.actor, kind: "editor", now: who.now }, input.tool, {
      plans: parsed.plans,
      source_url: input.source_url,
      note: "entered in the fact queue",
    });
  }
  const model = input.value.toLowerCase().replace(/[\s-]+/g, "_");
  if (!(PRICING_MODELS as readonly string[]).includes(model) || model === "unknown")
    throw new AppError(
      "bad_request",
      `Choose a pricing model: ${PRICING_MODELS.filter((m) => m !== "unknown")
        .map((m) => PRICING_LABELS[m])
        .join(", ")}`,
      { field: "value" },
    );
  return transaction(db, async (tx) => {
    const [tool] = await tx
      .select({ id: tools.id, pricingModel: tools.pricingModel })
      .from(tools)
      .where(eq(tools.id, input.tool));
    if (!tool) throw notFound("Tool not found");
    const changed = await applyToolFacts(tx, {
      toolId: input.tool,
      set: { pricingModel: model as PricingModel },
      provenance: {
        kind: "editor",
        source: "Toolscape editors",
        sourceUrl: input.source_url,
        observedAt: who.now,
        verifiedAt: who.now,
      },
      actorUserId: who.actor.id,
      note: "entered in the fact queue",
      at: who.now,
    });
    if (!changed.length) return false;
    await recordAudit(tx, {
      actor: who.actor,
      action: "tool.fact_entered",
      targetType: "tool",
      targetId: input.tool,
      before: { pricing_model: tool.pricingModel },
      after: { pricing_model: model, source_url: input.source_url },
      requestId: who.actor.requestId ?? null,
      at: who.now,
    });
    return true;
  });
}

/**
 * An editor confirms the observer's proposal: the plans read on the pricing page become the `plans`
 * fact, kind `observed` (the page is the source), verified now by a person. Refused when the page was
 * read again since the editor looked (another snapshot), or when the reading is not valid plans.
 */
export async function confirmProposal(db: Db, who: EditorContext, input: ConfirmProposalInput): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [watch] = await tx.select().from(pricingWatch).where(eq(pricingWatch.toolId, input.tool)).for("update");
    if (watch?.status !== "needs_review") throw new AppError("conflict", "This tool has no pricing proposal waiting");
    if (watch.snapshotHash !== input.snapshot)
      throw new AppError("conflict", "The pricing page was read again since you looked: reload the queue");
    let plans: Plan[];
    try {
      plans = normalisePlans(watch.extract ?? []);
    } catch (err) {
      const message = err instanceof z.ZodError ? (err.issues[0]?.message ?? "") : "";
      throw new AppError("bad_request", `The proposal is not valid plans (${message}): enter them instead`);
    }
    if (!plans.length) throw new AppError("bad_request", "The proposal has no plans: enter them instead");
    const [tool] = await tx.select({ plans: tools.plans }).from(tools).where(eq(tools.id, input.tool));
    if (!tool) throw notFound("Tool not found");
    const changed = await applyToolFacts(tx, {
      toolId: input.tool,
      set: { plans },
      provenance: {
        kind: "observed",
        source: OBSERVER_SOURCE,
        sourceUrl: watch.readUrl,
        confidence: watch.confidence,
        observedAt: watch.checkedAt ?? who.now,
        verifiedAt: who.now,
      },
      actorUserId: who.actor.id,
      note: "observer's reading confirmed by an editor",
      at: who.now,
    });
    await tx
      .update(pricingWatch)
      .set({ status: "ok", error: null, extract: plans })
      .where(eq(pricingWatch.toolId, input.tool));
    await recordAudit(tx, {
      actor: who.actor,
      action: "tool.plans_confirmed",
      targetType: "tool",
      targetId: input.tool,
      before: { plans: tool.plans },
      after: { plans, source_url: watch.readUrl, snapshot: watch.snapshotHash },
      requestId: who.actor.requestId ?? null,
      at: who.now,
    });
    return changed.length > 0;
  });
}
