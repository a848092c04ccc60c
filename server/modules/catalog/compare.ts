import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { UUID } from "../../platform/ids.ts";
import type { Tier } from "../accounts/index.ts";
import { compareCapMessage } from "./compare-add.ts";
import { type CompareCost, compareCosts } from "./compare-cost.ts";
import { MAX_COMPARE_TOOLS } from "./compare-rules.ts";
import { CostParams } from "./plans.ts";
import { cardsForTier } from "./tool-access.ts";
import { CARD_COLUMNS, CardRow, type ToolCard, toToolCard } from "./tool-shapes.ts";
import { listTools } from "./tools.ts";

const FROM = sql.raw(`tools t JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id`);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_KEY_LENGTH = 100;
const TOOL_KEY = `(${UUID.source.slice(1, -1)}|[A-Za-z0-9]{1,12}(-[A-Za-z0-9]{1,12}){0,6})`;

/**
 * A comma list of tool ids (UUIDs) or slugs, as the drawer sends it (`ids`) and as the shareable
 * /compare URL carries it (`tools`). Keys are trimmed and lower-cased; repeats are dropped.
 */
const toolKeyList = z
  .string()
  .max(2_000, "The list of tools is too long")
  .transform((s) => [
    ...new Set(
      s
        .split(",")
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .refine((keys) => keys.length <= MAX_COMPARE_TOOLS, `At most ${MAX_COMPARE_TOOLS} tools can be compared at once`)
  .superRefine((keys, ctx) => {
    const bad = keys.find((k) => k.length > MAX_KEY_LENGTH || !(UUID.test(k) || SLUG.test(k)));
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `'${bad.slice(0, 40)}' is not a tool id or slug` });
    }
  });

/** GET /api/tools/compare?ids=a,b — 1 to 10 tool ids or slugs. */
export const CompareApiParams = z.object({
  ids: z
    .string({ error: `Required: a comma list of 1 to ${MAX_COMPARE_TOOLS} tool ids or slugs` })
    .pipe(toolKeyList)
    .refine((keys) => keys.length >= 1, `Name at least one tool (1 to ${MAX_COMPARE_TOOLS} tool ids or slugs)`)
    // What the rules above accept, as one pattern for the API's document: 1 to 10 ids or slugs
    // (a slug here: at most 7 parts of at most 12 characters, so never over the 100-character cap).
    .meta({ type: "string", maxLength: 2_000, pattern: `^${TOOL_KEY}(,${TOOL_KEY}){0,${MAX_COMPARE_TOOLS - 1}}$` }),
});

/** /compare?tools=a,b — 0 to 10 tool ids or slugs (none is the empty state); `add` names one more. */
export const ComparePageParams = z.object({
  tools: toolKeyList.optional().transform((keys) => keys ?? []),
  add: z.string().trim().max(200, "The tool to add must be at most 200 characters").optional(),
  // Compare by cost (issue 33): the tool page's own cost parameters.
  seats: CostParams.shape.seats,
  usage: CostParams.shape.usage,
});

export type CompareTool = ToolCard;

/**
 * Published tools by id or slug, in the order asked for. Unknown (or unpublished) keys are skipped;
 * an id and the slug of the same tool count once.
 */
export async function getToolsForComparison(db: Db, keys: readonly string[]): Promise<CompareTool[]> {
  const normalised = [...new Set(keys.map((k) => k.trim().toLowerCase()).filter(Boolean))];
  const ids = normalised.filter((k) => UUID.test(k));
  const slugs = normalised.filter((k) => !UUID.test(k) && SLUG.test(k) && k.length <= MAX_KEY_LENGTH);
  if (!ids.length && !slugs.length) return [];
  const match = [
    ...(ids.length
      ? [
          sql`t.id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ]
      : []),
    ...(slugs.length
      ? [
          sql`t.slug IN (${sql.join(
            slugs.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ]
      : []),
  ];
  const rows = await queryRows(
    db,
    sql`SELECT ${sql.raw(CARD_COLUMNS)} FROM ${FROM} WHERE t.status = 'active' AND (${sql.join(match, sql` OR `)})`,
    CardRow,
  );
  const byKey = new Map<string, CardRow>();
  for (const row of rows) {
    byKey.set(row.id, row);
    byKey.set(row.slug, row);
  }
  const seen = new Set<string>();
  const out: CompareTool[] = [];
  for (const key of normalised) {
    const row = byKey.get(key);
    if (!row || seen.has(row.id)) continue;
    seen.add(row.id);
    out.push(toToolCard(row));
  }
  return out;
}

export type Comparison = {
  tools: CompareTool[];
  /** The cap that applied (the tier's). */
  max: number;
  /** Known tools left out because the list was longer than the cap. */
  omitted: number;
  /** Keys that name no published tool (deleted or unpublished since they were added). */
  missing: string[];
};

/**
 * Who is comparing: the cap of their tier (the entitlements table's compare_limit, 2 / 5 / 10)
 * and their tier (null: a visitor), which hides the gated fields of tools listed above it.
 */
export type CompareViewer = { cap: number; tier: Tier | null };

/** The comparison a viewer may see: the known tools in the order asked for, cut at their cap. */
export async function getComparison(db: Db, keys: readonly string[], viewer: CompareViewer): Promise<Comparison> {
  const max = Math.max(1, Math.min(viewer.cap, MAX_COMPARE_TOOLS));
  const found = await getToolsForComparison(db, keys);
  const known = new Set(found.flatMap((t) => [t.id, t.slug]));
  const missing = [...new Set(keys.map((k) => k.trim().toLowerCase()))].filter((k) => k && !known.has(k));
  return {
    tools: cardsForTier(found.slice(0, max), viewer.tier),
    max,
    omitted: Math.max(0, found.length - max),
    missing,
  };
}

/** The tool a visitor typed into /compare's "Add a tool" box: an id or slug, else the best search match. */
export async function findToolToAdd(db: Db, text: string): Promise<CompareTool | null> {
  const q = text.trim();
  if (!q) return null;
  const key = q.toLowerCase();
  if ((UUID.test(key) || SLUG.test(key)) && key.length <= MAX_KEY_LENGTH) {
    const [exact] = await getToolsForComparison(db, [key]);
    if (exact) return exact;
  }
  const page = await listTools(db, {
    q,
    categories: [],
    pricing: [],
    tags: [],
    minRating: undefined,
    featured: undefined,
    sort: undefined,
    page: 1,
    limit: 1,
  });
  return page.tools[0] ?? null;
}

export type ComparePage =
  | { kind: "redirect"; slugs: string[] }
  | {
      kind: "view";
      comparison: Comparison;
      notice: string | null;
      /** with seats or usage: each tool's cheapest fitting plan, the tools ordered by it (compare-cost.ts) */
      cost: { seats: number; usage: number; costs: CompareCost[] } | null;
      /** our editors' summary per tool id, where one is written: said where a tool lists no pros or cons (issue 36) */
      summaries: Record<string, string>;
    };

/**
 * What /compare shows for its URL: the comparison, or — when the no-JavaScript "Add a tool" form
 * named a tool that fits under the cap — a redirect to the longer list.
 */
export async function getComparePage(
  db: Db,
  params: z.output<typeof ComparePageParams>,
  viewer: CompareViewer,
): Promise<ComparePage> {
  const page = await comparePageOf(db, params, viewer);
  if (page.kind === "redirect") return page;
  return {
    ...page,
    summaries: await editorsSummaries(
      db,
      page.comparison.tools.map((t) => t.id),
    ),
  };
}

const SummaryRow = z.object({ id: z.string(), editorial_summary: z.string() });

/** The editors' summaries of these tools (an overview fact: shown for every tier, like on the tool page). */
async function editorsSummaries(db: Db, ids: string[]): Promise<Record<string, string>> {
  if (!ids.length) return {};
  const rows = await queryRows(
    db,
    sql`SELECT t.id, t.editorial_summary FROM tools t
        WHERE t.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND coalesce(t.editorial_summary, '') <> ''`,
    SummaryRow,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.editorial_summary]));
}

async function comparePageOf(
  db: Db,
  params: z.output<typeof ComparePageParams>,
  viewer: CompareViewer,
): Promise<Exclude<ComparePage, { kind: "view" }> | Omit<Extract<ComparePage, { kind: "view" }>, "summaries">> {
  const comparison = await getComparison(db, params.tools, viewer);
  if (!params.add) {
    if (params.seats === undefined && params.usage === undefined)
      return { kind: "view", comparison, notice: null, cost: null };
    const query = { seats: params.seats ?? 1, usage: params.usage ?? 0 };
    const costs = await compareCosts(db, comparison.tools, query, viewer.tier);
    const byId = new Map(comparison.tools.map((t) => [t.id, t]));
    const ordered = costs.flatMap((c) => byId.get(c.tool_id) ?? []);
    return { kind: "view", comparison: { ...comparison, tools: ordered }, notice: null, cost: { ...query, costs } };
  }
  const slugs = comparison.tools.map((t) => t.slug);
  const tool = await findToolToAdd(db, params.add);
  if (!tool) return { kind: "view", comparison, notice: `No tool matches '${params.add}'.`, cost: null };
  if (slugs.includes(tool.slug)) return { kind: "redirect", slugs };
  if (slugs.length >= comparison.max) {
    return { kind: "view", comparison, notice: compareCapMessage(comparison.max, slugs.length), cost: null };
  }
  return { kind: "redirect", slugs: [...slugs, tool.slug] };
}
