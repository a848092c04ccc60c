import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { canAccessTier, type Tier } from "../accounts/index.ts";
import { type CompareViewer, getComparison } from "./compare.ts";
import { type CompareCost, compareCosts } from "./compare-cost.ts";
import { ENTRY_PRICE_USD } from "./decision-filters.ts";
import type { FactField } from "./fact-fields.ts";
import { PlanRow } from "./plans.ts";
import { getProvenance } from "./read-fact-history.ts";

/**
 * The detailed comparison sheet (issue 34 item 2, ADR 0078; Standard and Expert): for each compared
 * tool its plans and the cost for an entered usage (compare-cost.ts, /compare's own answer), and one
 * row per fact with its value, its source and its date for every tool; a row whose values differ is
 * marked. Nothing is guessed: an unstated fact is "Not stated", never "no". A tool listed above the
 * viewer's tier shows "Locked" instead of its facts, as everywhere.
 */
export type SheetCell = { value: string; source: string | null; sourceUrl: string | null; date: string | null };
export type SheetRow = { key: string; label: string; cells: SheetCell[]; differs: boolean };
export type SheetTool = {
  id: string;
  slug: string;
  name: string;
  locked: boolean;
  plans: z.output<typeof PlanRow>[];
};
export type CompareSheet = {
  tools: SheetTool[];
  rows: SheetRow[];
  costs: CompareCost[];
  usage: { seats: number; usage: number };
  omitted: number;
};

const Stated = z.object({ value: z.unknown(), quote: z.string().optional(), url: z.string(), date: z.string() });
const Row = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  tier: z.string(),
  pricing_model: z.string().nullable(),
  plans: z.unknown(),
  has_api: z.unknown(),
  licence: z.unknown(),
  self_hostable: z.unknown(),
  data_use: z.unknown(),
  website_url: z.string().nullable(),
  provider: z.string().nullable(),
  entry_usd: z.union([z.number(), z.string()]).nullable(),
});
type Row = z.infer<typeof Row>;

const NOT_STATED: SheetCell = { value: "Not stated", source: null, sourceUrl: null, date: null };
const LOCKED: SheetCell = { value: "Locked", source: null, sourceUrl: null, date: null };
const yesNo = (v: unknown) => (v === true ? "Yes" : v === false ? "No" : String(v));

/** A fact stated with its own quote, URL and date (ADR 0072). */
function stated(raw: unknown, show: (v: unknown) => string = yesNo): SheetCell {
  const s = Stated.safeParse(raw);
  if (!s.success || s.data.value === null || s.data.value === undefined) return NOT_STATED;
  return { value: show(s.data.value), source: s.data.quote ?? null, sourceUrl: s.data.url, date: s.data.date };
}

const TRAINS: Record<string, string> = { yes: "Yes", no: "No", opt_in: "Only if you opt in" };

export async function getCompareSheet(
  db: Db,
  keys: readonly string[],
  usage: { seats?: number; usage?: number },
  viewer: CompareViewer,
): Promise<CompareSheet> {
  const comparison = await getComparison(db, keys, viewer);
  const query = { seats: usage.seats ?? 1, usage: usage.usage ?? 0 };
  const ids = comparison.tools.map((t) => t.id);
  if (!ids.length) return { tools: [], rows: [], costs: [], usage: query, omitted: comparison.omitted };
  const [rows, costs, provenance] = await Promise.all([
    queryRows(
      db,
      sql`SELECT t.id::text AS id, t.slug, t.name, t.tier::text AS tier, t.pricing_model::text AS pricing_model,
                 t.plans, t.has_api, t.licence, t.self_hostable, t.data_use, t.website_url, p.name AS provider,
                 ${ENTRY_PRICE_USD}::float8 AS entry_usd
          FROM tools t LEFT JOIN providers p ON p.id = t.provider_id
          WHERE t.id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
      Row,
    ),
    compareCosts(db, comparison.tools, query, viewer.tier),
    Promise.all(ids.map((id) => getProvenance(db, id))),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const provOf = new Map(ids.map((id, i) => [id, provenance[i] ?? {}]));
  const open = (r: Row) => canAccessTier(viewer.tier, r.tier as Tier);

  /** A fact whose source is the provenance row of its field (dataset, maker, editor, observer). */
  const recorded = (r: Row, field: FactField, value: string | null): SheetCell => {
    if (value === null || value === "") return NOT_STATED;
    const p = provOf.get(r.id)?.[field];
    return {
      value,
      source: p?.source ?? null,
      sourceUrl: p?.source_url ?? null,
      date: p ? (p.verified_at ?? p.observed_at).slice(0, 10) : null,
    };
  };
  const plansOf = (r: Row) => z.array(PlanRow).safeParse(r.plans).data ?? [];
  const spec: { key: string; label: string; cell: (r: Row) => SheetCell }[] = [
    { key: "pricing_model", label: "Pricing model", cell: (r) => recorded(r, "pricing_model", r.pricing_model) },
    {
      key: "entry_price",
      label: "Entry price (USD a month)",
      cell: (r) =>
        recorded(
          r,
          "plans",
          r.entry_usd === null ? null : Number(r.entry_usd) === 0 ? "Free" : `$${Number(r.entry_usd).toFixed(2)}`,
        ),
    },
    {
      key: "plans",
      label: "Plans",
      cell: (r) => {
        const plans = plansOf(r);
        return recorded(r, "plans", plans.length ? plans.map((p) => p.name).join(", ") : null);
      },
    },
    { key: "has_api", label: "API", cell: (r) => stated(r.has_api) },
    { key: "licence", label: "Licence", cell: (r) => stated(r.licence, (v) => String(v)) },
    { key: "self_hostable", label: "Self-hostable", cell: (r) => stated(r.self_hostable) },
    {
      key: "trains_on_data",
      label: "Trains on your data",
      cell: (r) =>
        stated((r.data_use as Record<string, unknown> | null)?.trains_on_data, (v) => TRAINS[String(v)] ?? String(v)),
    },
    { key: "provider", label: "Provider", cell: (r) => recorded(r, "provider", r.provider) },
    { key: "website", label: "Website", cell: (r) => recorded(r, "website_url", r.website_url) },
  ];
  const sheetRows = spec.map(({ key, label, cell }) => {
    const cells = ordered.map((r) => (open(r) ? cell(r) : LOCKED));
    return { key, label, cells, differs: new Set(cells.map((c) => c.value)).size > 1 };
  });
  return {
    tools: ordered.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      locked: !open(r),
      plans: open(r) ? plansOf(r) : [],
    })),
    rows: sheetRows,
    costs,
    usage: query,
    omitted: comparison.omitted,
  };
}
