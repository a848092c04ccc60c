import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { notFound } from "../../platform/errors.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { requireEntitlement, type Viewer } from "../accounts/index.ts";
import {
  FACT_KINDS,
  formulaSafe,
  isLaterChange,
  type Plan,
  PlanRow,
  PRICING_LABELS,
  PRICING_MODELS,
  planChangeText,
  planSummary,
  planSummaryLabel,
  publicFactSource,
} from "../catalog/index.ts";

/**
 * Expert's downloadable reports (the `downloadable_reports` entitlement, issue 34): for one category or
 * task, the tools with their plans and prices, the price changes, and the tools new and gone in a
 * period — as a printable page and as CSV. Read from the catalogue and tool_fact_history (every change
 * of a fact is a row there), sources through the allow-listing serializer (fact-publish.ts).
 */
export const REPORT_FEATURE = "downloadable_reports";
export const REPORT_SCOPES = ["category", "task"] as const;
export const REPORT_PERIODS = [30, 90, 365] as const;
export const ReportParams = z.object({
  scope: z.enum(REPORT_SCOPES, { message: "A report is for a category or a task" }),
  slug: z.string().regex(/^[a-z0-9-]{1,100}$/, "Unknown category or task"),
  // An enum of strings (a query parameter's own type), so the API document states the three periods.
  days: z.enum(["30", "90", "365"], { message: "days must be 30, 90 or 365" }).default("90"),
});
export type ReportParams = z.output<typeof ReportParams>;

export type ReportTool = {
  name: string;
  url: string;
  pricing: string;
  plans: string | null;
  price: string | null;
  rating: number;
  reviews: number;
  listedAt: string;
};
export type ReportChange = { at: string; tool: string; url: string; what: string; source: string | null };
export type ReportEvent = { at: string; tool: string; url: string };
export type Report = {
  scope: (typeof REPORT_SCOPES)[number];
  slug: string;
  title: string;
  days: number;
  since: string;
  generatedAt: string;
  tools: ReportTool[];
  priceChanges: ReportChange[];
  newTools: ReportEvent[];
  goneTools: ReportEvent[];
};

const ToolRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  pricing_model: z.enum(PRICING_MODELS),
  pricing: z.object({ original: z.string().optional() }).nullable(),
  plans: z.array(PlanRow).nullable(),
  rating: z.number(),
  review_count: z.number(),
  status: z.string(),
  listed_at: z.string(),
  seeded: z.boolean(),
});
const ChangeRow = z.object({
  at: z.string(),
  tool_id: z.string(),
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  kind: z.enum(FACT_KINDS),
  source: z.string(),
});

async function scopeTitle(db: Db, p: ReportParams): Promise<string> {
  const [row] = await queryRows(
    db,
    p.scope === "category"
      ? sql`SELECT name FROM categories WHERE slug = ${p.slug}`
      : sql`SELECT name FROM tasks WHERE slug = ${p.slug}`,
    z.object({ name: z.string() }),
  );
  if (!row) throw notFound(p.scope === "category" ? "Category not found" : "Task not found");
  return row.name;
}

const valueText = (field: string, v: unknown): string => {
  if (v === null || v === undefined || v === "") return "not listed";
  if (field === "pricing_model" && typeof v === "string")
    return Object.hasOwn(PRICING_LABELS, v) ? PRICING_LABELS[v as keyof typeof PRICING_LABELS] : v;
  if (field === "pricing" && typeof v === "object") return (v as { original?: string }).original ?? "not listed";
  return String(v);
};

/** The report, for a member whose plan has it (401/403 otherwise; 404 for an unknown scope). */
export async function buildReport(
  deps: { db: Db; env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT"> },
  viewer: Viewer | null,
  params: ReportParams,
  now: Date,
): Promise<Report> {
  requireEntitlement(viewer, REPORT_FEATURE);
  const { db } = deps;
  const title = await scopeTitle(db, params);
  const days = Number(params.days);
  const since = new Date(now.getTime() - days * 86_400_000);
  const inScope =
    params.scope === "category"
      ? sql`t.category_id = (SELECT id FROM categories WHERE slug = ${params.slug})`
      : sql`t.id IN (SELECT tool_id FROM task_tools WHERE task_slug = ${params.slug} AND status <> 'rejected')`;
  const tools = await queryRows(
    db,
    sql`SELECT t.id::text AS id, t.slug, t.name, t.pricing_model, t.pricing, t.plans, t.rating, t.review_count,
          t.status::text AS status, COALESCE(t.published_at, t.created_at) AS listed_at,
          COALESCE(ci.source LIKE 'seed:%', false) AS seeded
        FROM tools t LEFT JOIN catalog_imports ci ON ci.id = t.import_id
        WHERE t.status::text IN ('active', 'gone') AND ${inScope}
        ORDER BY t.rating DESC, t.review_count DESC, t.name`,
    ToolRow,
  );
  const history = await queryRows(
    db,
    sql`SELECT h.created_at AS at, h.tool_id::text AS tool_id, h.field, h.old_value, h.new_value, h.kind::text AS kind,
          h.source
        FROM tool_fact_history h JOIN tools t ON t.id = h.tool_id
        WHERE ${inScope} AND h.created_at >= ${since.toISOString()}::timestamptz AND ${isLaterChange("h")}
          AND (h.field IN ('pricing_model', 'pricing', 'plans')
            OR (h.field = 'status' AND h.new_value #>> '{}' = 'gone'))
        ORDER BY h.created_at DESC, h.id DESC`,
    ChangeRow,
  );
  const byId = new Map(tools.map((t) => [t.id, t]));
  const url = (slug: string) => siteUrl(deps.env, `/tools/${slug}`);
  const iso = (d: string) => new Date(d).toISOString();
  const priceChanges: ReportChange[] = [];
  const goneTools: ReportEvent[] = [];
  for (const h of history) {
    const t = byId.get(h.tool_id);
    if (!t) continue;
    if (h.field === "status") {
      goneTools.push({ at: iso(h.at), tool: t.name, url: url(t.slug) });
      continue;
    }
    const what =
      h.field === "plans"
        ? planChangeText(h.old_value as Plan[] | null, h.new_value as Plan[] | null)
        : `${h.field === "pricing" ? "Price" : "Pricing"} changed from ${valueText(h.field, h.old_value)} to ${valueText(h.field, h.new_value)}`;
    priceChanges.push({
      at: iso(h.at),
      tool: t.name,
      url: url(t.slug),
      what,
      source: publicFactSource(h.kind, h.source),
    });
  }
  return {
    scope: params.scope,
    slug: params.slug,
    title,
    days,
    since: since.toISOString(),
    generatedAt: now.toISOString(),
    tools: tools
      .filter((t) => t.status === "active")
      .map((t) => ({
        name: t.name,
        url: url(t.slug),
        pricing: PRICING_LABELS[t.pricing_model],
        plans: planSummaryLabel(planSummary(t.plans)),
        price: t.pricing?.original ?? null,
        rating: Math.round(Number(t.rating) * 10) / 10,
        reviews: Number(t.review_count),
        listedAt: iso(t.listed_at),
      })),
    priceChanges,
    // The seed catalogue is the starting point, not news (as on /changes).
    newTools: tools
      .filter((t) => t.status === "active" && !t.seeded && new Date(t.listed_at) >= since)
      .map((t) => ({ at: iso(t.listed_at), tool: t.name, url: url(t.slug) })),
    goneTools,
  };
}

/** The report as one CSV: a `section` column says which part a row belongs to. */
export function reportCsv(r: Report): { filename: string; csv: string } {
  const header = [
    "section",
    "date",
    "tool",
    "tool_url",
    "pricing",
    "plans",
    "price",
    "rating",
    "reviews",
    "change",
    "source",
  ];
  const rows: (string | number | null)[][] = [
    ...r.tools.map((t) => [
      "tool",
      t.listedAt,
      t.name,
      t.url,
      t.pricing,
      t.plans,
      t.price,
      t.rating,
      t.reviews,
      null,
      null,
    ]),
    ...r.priceChanges.map((c) => ["price change", c.at, c.tool, c.url, null, null, null, null, null, c.what, c.source]),
    ...r.newTools.map((e) => ["new", e.at, e.tool, e.url, null, null, null, null, null, null, null]),
    ...r.goneTools.map((e) => ["gone", e.at, e.tool, e.url, null, null, null, null, null, null, null]),
  ];
  const cells = rows.map((row) =>
    row.map((v) => (v === null ? "" : typeof v === "string" ? formulaSafe(v) : String(v))),
  );
  return {
    filename: `toolscape-report-${r.scope}-${r.slug}-${r.generatedAt.slice(0, 10)}.csv`,
    csv: `\uFEFF${stringify([header, ...cells], { record_delimiter: "windows" })}`,
  };
}

/** The categories and tasks a report may be asked for (the picker). */
export async function reportScopes(db: Db): Promise<{ categories: ScopeLink[]; tasks: ScopeLink[] }> {
  const Link = z.object({ slug: z.string(), name: z.string() });
  const [categories, tasks] = await Promise.all([
    queryRows(db, sql`SELECT slug, name FROM categories WHERE retired_at IS NULL ORDER BY name`, Link),
    queryRows(db, sql`SELECT slug, name FROM tasks ORDER BY group_name, sort_order, name`, Link),
  ]);
  return { categories, tasks };
}
export type ScopeLink = { slug: string; name: string };
