import { type SQL, sql } from "drizzle-orm";
import { OSI_LICENCES } from "./decision-facts.ts";
import type { Excludable, ToolListQuery } from "./query-schema.ts";

/**
 * The decision filters (issue 33 item 5, ADR 0072) as conditions on `tools t`. Each keeps only the
 * tools a source states the answer for: an unknown value is left out of a "yes" filter, never
 * counted as a "no". They are plain conditions, so they combine with every other filter and with
 * the search's ranking (the hybrid legs read the same conditions).
 */
const PLANS = sql.raw(
  `jsonb_array_elements(CASE WHEN jsonb_typeof(t.plans) = 'array' THEN t.plans ELSE '[]'::jsonb END) p`,
);
const PRICE = sql.raw(`(p->>'price')::numeric`);
const PRICED = sql.raw(
  `jsonb_typeof(p->'price') = 'number' AND (p->>'price')::numeric > 0 AND p->>'period' IN ('month', 'year')`,
);
const FREE_PLAN = sql.raw(`jsonb_typeof(p->'price') = 'number' AND (p->>'price')::numeric = 0`);

/**
 * The tool's entry price per month in USD: its cheapest paid plan (a yearly price ÷ 12); 0 when its
 * plans state only free ones; null when nothing comparable is stated (no plans, "contact sales",
 * prices in another currency only: no rate is guessed).
 */
export const ENTRY_PRICE_USD = sql`(CASE
  WHEN EXISTS (SELECT 1 FROM ${PLANS} WHERE ${PRICED})
    THEN (SELECT min(CASE WHEN p->>'period' = 'year' THEN ${PRICE} / 12 ELSE ${PRICE} END) FROM ${PLANS}
          WHERE ${PRICED} AND p->>'currency' = 'USD')
  WHEN EXISTS (SELECT 1 FROM ${PLANS} WHERE ${FREE_PLAN}) THEN 0
  END)`;

export const HAS_FREE_PLAN = sql`EXISTS (SELECT 1 FROM ${PLANS} WHERE ${FREE_PLAN})`;
/** No stated plans (null or an empty list): the source's pricing model is what is known. */
const NO_PLANS = sql.raw(`(t.plans IS NULL OR jsonb_typeof(t.plans) <> 'array' OR jsonb_array_length(t.plans) = 0)`);

/** One decision fact's "yes" condition (shared by the filters and their exclusions). */
function flagCondition(flag: Excludable): SQL {
  switch (flag) {
    case "free_tier":
      return sql`(${HAS_FREE_PLAN} OR (${NO_PLANS} AND t.pricing_model IN ('free', 'freemium')))`;
    case "no_card":
      return sql`EXISTS (SELECT 1 FROM ${PLANS} WHERE ${FREE_PLAN} AND p->'free_tier'->>'card_required' = 'false')`;
    case "api":
      return sql`(t.has_api->>'value') = 'true'`;
    case "self_hosted":
      return sql`(t.self_hostable->>'value') = 'true'`;
    case "open_source":
      return sql`(t.licence->>'value') IN (${sql.join(
        OSI_LICENCES.map((id) => sql`${id}`),
        sql`, `,
      )})`;
  }
}

/**
 * The advanced filters (issue 34 item 1, ADR 0078), applied only to a query entitleAdvanced allowed.
 * An exclusion leaves out the tools a source states the fact for; a tool whose fact is unknown stays
 * (it is not known to have it). "Does not train on your data" keeps only a stated "no".
 * Category exclusions are resolved to ids by listTools.
 */
export function advancedConditions(query: Pick<ToolListQuery, "advanced" | "advancedAllowed">): SQL[] {
  const a = query.advanced;
  if (!a || query.advancedAllowed !== true) return [];
  const out = a.exclude.map((flag) => sql`NOT COALESCE(${flagCondition(flag)}, false)`);
  if (a.noTraining) out.push(sql`(t.data_use->'trains_on_data'->>'value') = 'no'`);
  return out;
}

export function decisionConditions(decision: ToolListQuery["decision"]): SQL[] {
  if (!decision) return [];
  const out: SQL[] = [];
  if (decision.maxPrice !== undefined) out.push(sql`${ENTRY_PRICE_USD} <= ${decision.maxPrice}`);
  if (decision.freeTier) out.push(sql`(${HAS_FREE_PLAN} OR (${NO_PLANS} AND t.pricing_model IN ('free', 'freemium')))`);
  if (decision.noCard)
    out.push(sql`EXISTS (SELECT 1 FROM ${PLANS} WHERE ${FREE_PLAN} AND p->'free_tier'->>'card_required' = 'false')`);
  if (decision.api) out.push(sql`(t.has_api->>'value') = 'true'`);
  if (decision.selfHosted) out.push(sql`(t.self_hostable->>'value') = 'true'`);
  if (decision.openSource)
    out.push(
      sql`(t.licence->>'value') IN (${sql.join(
        OSI_LICENCES.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return out;
}

/** Whether any decision filter is set (pages show the filter panel open). */
export function hasDecisionFilter(decision: ToolListQuery["decision"]): boolean {
  return decisionConditions(decision).length > 0;
}
