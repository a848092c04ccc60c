import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { publicDataUse, publicPlans, publicStated } from "../../platform/fact-publish.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { canAccessTier, type Tier } from "../accounts/index.ts";
import {
  FACT_FIELDS,
  FACT_KINDS,
  type FactKind,
  licenceClass,
  PRICING_LABELS,
  PRICING_MODELS,
  publicFactSource,
  TOOL_TIERS,
} from "../catalog/index.ts";
import {
  CHANGE_NOTE,
  type DataSource,
  dataSourceOf,
  type Licence,
  licenceOf,
  MIT_PERMISSION,
  SITE_LICENCE,
  seedSourcesOf,
} from "./data-sources.ts";

/** The open data dump's records (issue 22, ADR 0031): each active tool's public facts, sources and licences. */
/** One tool in the dump: its public facts, where each came from, and the licences that apply. */
export type DumpRecord = {
  id: string;
  slug: string;
  name: string;
  toolscape_url: string;
  website_url: string;
  description: string;
  full_description: string;
  category: string;
  category_slug: string;
  provider: string | null;
  pricing_model: string;
  price_text: string | null;
  tags: string[];
  features: string[];
  use_cases: string[];
  /** issue 32: the tasks (their /tasks/{slug}) the tool does, accepted by an editor or proposed by the rules */
  tasks: string[];
  rating: number;
  review_count: number;
  /** true when the tool is listed for a paid tier: its gated facts are left out, as for visitors */
  gated: boolean;
  listed_at: string;
  facts_changed_at: string | null;
  last_verified_at: string | null;
  /** issue 33: the tool's plans as their source states them (null: none stated, or gated) */
  plans: ReturnType<typeof publicPlans>;
  /** issue 33: decision facts, each {value, quote, url, date} or null (not stated) */
  api: ReturnType<typeof publicStated>;
  /** the tool's own licence (an SPDX id or "proprietary") and its class; not the record's `licence` */
  tool_licence: (NonNullable<ReturnType<typeof publicStated>> & { class: string | null }) | null;
  self_hostable: ReturnType<typeof publicStated>;
  data_use: ReturnType<typeof publicDataUse>;
  /** the kind of source of each fact that has a provenance row (dataset, maker, community, …) */
  provenance: Partial<Record<string, FactKind>>;
  /** the datasets any of its facts came from */
  sources: { name: string; url: string; licence: string }[];
  /** an SPDX expression: every licence that applies to this record */
  licence: string;
  /** the credits and notices the licences require to be kept with the record */
  attribution: string[];
};

// Row schemas (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
const ToolRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  full_description: z.string(),
  website_url: z.string(),
  pricing_model: z.enum(PRICING_MODELS),
  pricing: z.object({ original: z.string().optional() }).nullable(),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  use_cases: z.array(z.string()),
  rating: z.number(),
  review_count: z.number(),
  tier: z.enum(TOOL_TIERS),
  created_at: z.string(),
  facts_changed_at: z.string().nullable(),
  last_verified_at: z.string().nullable(),
  category_name: z.string(),
  category_slug: z.string(),
  provider_name: z.string().nullable(),
  import_source: z.string().nullable(),
  plans: z.unknown(),
  has_api: z.unknown(),
  licence: z.unknown(),
  self_hostable: z.unknown(),
  data_use: z.unknown(),
});
type ToolRow = z.infer<typeof ToolRow>;
const FactRow = z.object({
  tool_id: z.string(),
  field: z.string(),
  kind: z.enum(FACT_KINDS),
  source: z.string(),
  source_url: z.string().nullable(),
  licence: z.string().nullable(),
  verified_at: z.string().nullable(),
});
type FactRow = z.infer<typeof FactRow>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * One page of the dump: tools after `afterSlug` (by slug), at most `limit`, as `tier` may see them (the
 * public dump: a visitor, so paid-tier tools' gated facts are left out). Expert's bulk export pages
 * through the catalogue with it, so a download streams instead of holding every record at once.
 */
export type DumpPage = { afterSlug: string; limit: number; tier: Tier | null };

/** Every active tool as a dump record, ordered by slug (or one page of them). */
export async function buildDumpRecords(
  db: Db,
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">,
  page?: DumpPage,
): Promise<DumpRecord[]> {
  const tools = await queryRows(
    db,
    sql`SELECT t.id, t.slug, t.name, t.description, t.full_description, t.website_url, t.pricing_model, t.pricing,
          t.tags, t.features, t.use_cases, t.rating, t.review_count, t.tier, t.created_at, t.facts_changed_at,
          t.last_verified_at, c.name AS category_name, c.slug AS category_slug, p.name AS provider_name,
          ci.source AS import_source, t.plans, t.has_api, t.licence, t.self_hostable, t.data_use
        FROM tools t JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id
        LEFT JOIN catalog_imports ci ON ci.id = t.import_id
        WHERE t.status = 'active' ${page ? sql`AND t.slug > ${page.afterSlug}` : sql``}
        ORDER BY t.slug ${page ? sql`LIMIT ${page.limit}` : sql``}`,
    ToolRow,
  );
  if (page && tools.length === 0) return [];
  const only = page ? sql`AND t.id = ANY(${`{${tools.map((t) => t.id).join(",")}}`}::uuid[])` : sql``;
  const facts = await queryRows(
    db,
    sql`SELECT f.tool_id, f.field, f.kind, f.source, f.source_url, f.licence, f.verified_at
        FROM tool_facts f JOIN tools t ON t.id = f.tool_id WHERE t.status = 'active' ${only}`,
    FactRow,
  );
  const taskRows = await queryRows(
    db,
    sql`SELECT tt.tool_id::text AS tool_id, array_agg(tt.task_slug ORDER BY tt.task_slug) AS tasks
        FROM task_tools tt JOIN tools t ON t.id = tt.tool_id
        WHERE t.status = 'active' AND tt.status <> 'rejected' ${only} GROUP BY tt.tool_id`,
    z.object({ tool_id: z.string(), tasks: z.array(z.string()) }),
  );
  const tasksOf = new Map(taskRows.map((r) => [r.tool_id, r.tasks]));
  const byTool = new Map<string, FactRow[]>();
  for (const f of facts) {
    if (!(FACT_FIELDS as readonly string[]).includes(f.field)) continue;
    const list = byTool.get(f.tool_id) ?? [];
    // The one public form of a source (catalog fact-publish.ts): no staff e-mail reaches the dump.
    list.push({ ...f, source: publicFactSource(f.kind, f.source) });
    byTool.set(f.tool_id, list);
  }
  return tools.map((t) => toRecord(t, byTool.get(t.id) ?? [], env, tasksOf.get(t.id) ?? [], page?.tier ?? null));
}

function toRecord(
  t: ToolRow,
  facts: FactRow[],
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">,
  tasks: string[],
  tier: Tier | null,
): DumpRecord {
  const gated = !canAccessTier(tier, t.tier);
  const provenance: Partial<Record<string, FactKind>> = {};
  const datasets: DataSource[] = [];
  const otherLicences: Licence[] = [];
  const unknownSources: { name: string; url: string; licence: string }[] = [];
  const fromSeed = t.import_source?.startsWith("seed:") ?? false;
  const add = (...sources: DataSource[]) => {
    for (const s of sources) if (!datasets.includes(s)) datasets.push(s);
  };
  for (const f of facts) {
    provenance[f.field] = f.kind;
    if (f.kind !== "dataset") continue;
    const known = dataSourceOf(f.source, f.source_url);
    if (known) {
      add(known);
      continue;
    }
    // The seed file as a whole (six sources merged): SOURCES.md says which source supplied this row.
    if (fromSeed && /seed|ai-tools\.csv/i.test(f.source)) {
      add(...seedSourcesOf(t.slug));
      continue;
    }
    const licence = licenceOf(f.licence);
    if (licence && !otherLicences.includes(licence)) otherLicences.push(licence);
    if (!unknownSources.some((s) => s.name === f.source)) {
      unknownSources.push({ name: f.source, url: f.source_url ?? "", licence: licence?.id ?? f.licence ?? "unknown" });
    }
  }
  // A seeded tool whose facts have no dataset provenance row yet: SOURCES.md says which source supplied it.
  if (!facts.some((f) => f.kind === "dataset") && fromSeed) add(...seedSourcesOf(t.slug));
  const licences = new Set<string>([
    ...datasets.map((d) => d.licence),
    ...otherLicences.map((l) => l.id),
    // Ratings and review counts are always members' data, so the site's licence applies to every record.
    SITE_LICENCE.id,
  ]);
  const attribution = datasets.map((d) => d.notice);
  if (datasets.some((d) => d.licence === "CC-BY-4.0")) attribution.push(CHANGE_NOTE);
  if (datasets.some((d) => d.licence === "MIT")) attribution.push(`MIT License: ${MIT_PERMISSION}`);
  for (const s of unknownSources)
    attribution.push(`Includes data from ${s.name}${s.url ? ` (${s.url})` : ""}, ${s.licence}.`);
  attribution.push(`${SITE_LICENCE.credit}: © Toolscape, ${SITE_LICENCE.id} (${SITE_LICENCE.url}).`);
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    toolscape_url: siteUrl(env, `/tools/${t.slug}`),
    website_url: t.website_url,
    description: t.description,
    full_description: t.full_description || t.description,
    category: t.category_name,
    category_slug: t.category_slug,
    provider: t.provider_name,
    pricing_model: PRICING_LABELS[t.pricing_model],
    price_text: gated ? null : (t.pricing?.original ?? null),
    tags: t.tags,
    features: gated ? [] : t.features,
    use_cases: gated ? [] : t.use_cases,
    tasks,
    rating: Math.round(Number(t.rating) * 10) / 10,
    review_count: Number(t.review_count),
    gated,
    listed_at: iso(t.created_at) as string,
    facts_changed_at: iso(t.facts_changed_at),
    last_verified_at: lastVerified(t, facts),
    // Plans are prices: gated like price_text. Decision facts are not.
    plans: gated ? null : publicPlans(t.plans),
    api: publicStated(t.has_api),
    tool_licence: toolLicence(t.licence),
    self_hostable: publicStated(t.self_hostable),
    data_use: publicDataUse(t.data_use),
    provenance,
    sources: [...datasets.map((d) => ({ name: d.name, url: d.url, licence: d.licence })), ...unknownSources],
    licence: [...licences].sort().join(" AND "),
    attribution,
  };
}

function toolLicence(stored: unknown): DumpRecord["tool_licence"] {
  const s = publicStated(stored);
  return s ? { ...s, class: typeof s.value === "string" ? licenceClass(s.value) : null } : null;
}

/** The latest date a person confirmed any of the tool's facts, else the tool's own last check. */
function lastVerified(t: ToolRow, facts: FactRow[]): string | null {
  const times = facts.map((f) => (f.verified_at ? new Date(f.verified_at).getTime() : 0));
  if (t.last_verified_at) times.push(new Date(t.last_verified_at).getTime());
  const max = Math.max(0, ...times);
  return max > 0 ? new Date(max).toISOString() : null;
}
