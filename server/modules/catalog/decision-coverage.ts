import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { ENTRY_PRICE_USD } from "./decision-filters.ts";

/**
 * How much of the catalogue states the facts a buyer decides on (issue 33, ADR 0072): plans and the
 * decision fields, over every active tool and over the most-viewed ones. `npm run bench:data` prints it.
 */
export const COVERAGE_FIELDS = {
  plans: "plans stated",
  price: "entry price known (USD)",
  card: "free plan's card rule stated",
  has_api: "API stated",
  licence: "licence stated (SPDX)",
  self_hostable: "self-hosting stated",
  trains_on_data: "trains on your data stated",
  retention: "retention stated",
  opt_out: "opt-out stated",
  hosted_in: "data location stated",
} as const;
export type CoverageField = keyof typeof COVERAGE_FIELDS;
export type Coverage = { tools: number; counts: Record<CoverageField, number> };

const Row = z.record(z.string(), z.number());

async function measure(db: Db, scope: ReturnType<typeof sql>): Promise<Coverage> {
  const [r] = await queryRows(
    db,
    sql`SELECT count(*)::int AS tools,
          count(*) FILTER (WHERE jsonb_typeof(t.plans) = 'array' AND jsonb_array_length(t.plans) > 0)::int AS plans,
          count(*) FILTER (WHERE ${ENTRY_PRICE_USD} IS NOT NULL)::int AS price,
          count(*) FILTER (WHERE jsonb_typeof(t.plans) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(t.plans) p
            WHERE jsonb_typeof(p->'free_tier'->'card_required') = 'boolean'))::int AS card,
          count(*) FILTER (WHERE t.has_api IS NOT NULL)::int AS has_api,
          count(*) FILTER (WHERE t.licence IS NOT NULL)::int AS licence,
          count(*) FILTER (WHERE t.self_hostable IS NOT NULL)::int AS self_hostable,
          count(*) FILTER (WHERE t.data_use->'trains_on_data' IS NOT NULL AND t.data_use->'trains_on_data' <> 'null'::jsonb)::int AS trains_on_data,
          count(*) FILTER (WHERE t.data_use->'retention' IS NOT NULL AND t.data_use->'retention' <> 'null'::jsonb)::int AS retention,
          count(*) FILTER (WHERE t.data_use->'opt_out' IS NOT NULL AND t.data_use->'opt_out' <> 'null'::jsonb)::int AS opt_out,
          count(*) FILTER (WHERE t.data_use->'hosted_in' IS NOT NULL AND t.data_use->'hosted_in' <> 'null'::jsonb)::int AS hosted_in
        FROM ${scope} t`,
    Row,
  );
  const counts = Object.fromEntries(Object.keys(COVERAGE_FIELDS).map((k) => [k, r?.[k] ?? 0])) as Record<
    CoverageField,
    number
  >;
  return { tools: r?.tools ?? 0, counts };
}

/** Coverage over the active catalogue and over its `top` most-viewed tools (views, then clicks, then name). */
export async function decisionCoverage(db: Db, top = 200): Promise<{ all: Coverage; top: Coverage; topN: number }> {
  const all = await measure(db, sql`(SELECT * FROM tools WHERE status = 'active')`);
  const most = await measure(
    db,
    sql`(SELECT * FROM tools WHERE status = 'active' ORDER BY views DESC, clicks DESC, lower(name), id LIMIT ${top})`,
  );
  return { all, top: most, topN: top };
}
