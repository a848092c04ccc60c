import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { UUID } from "../../platform/ids.ts";
import type { Tier } from "../accounts/index.ts";
import { compareCapMessage } from "./compare-add.ts";
import { MAX_COMPARE_TOOLS } from "./compare-rules.ts";
import { cardsForTier } from "./tool-access.ts";
import { CARD_COLUMNS, CardRow, type ToolCard, toToolCard } from "./tool-shapes.ts";
import { listTools } from "./tools.ts";

const FROM = sql.raw(`tools t JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id`);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_KEY_LENGTH = 100;

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
    .refine((keys) => keys.length >= 1, `Name at least one tool (1 to ${MAX_COMPARE_TOOLS} tool ids or slugs)`),
});

/** /compare?tools=a,b — 0 to 10 tool ids or slugs (none is the empty state); `add` names one more. */
export const ComparePageParams = z.object({
  tools: toolKeyList.optional().transform((keys) => keys ?? []),
  add: z.string().trim().max(200, "The tool to add must be at most 200 characters").optional(),
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
  | { kind: "view"; comparison: Comparison; notice: string | null };

/**
 * What /compare shows for its URL: the comparison, or — when the no-JavaScript "Add a tool" form
 * named a tool that fits under the cap — a redirect to the longer list.
 */
export async function getComparePage(
  db: Db,
  params: z.output<typeof ComparePageParams>,
  viewer: CompareViewer,
): Promise<ComparePage> {
  const comparison = await getComparison(db, params.tools, viewer);
  if (!params.add) return { kind: "view", comparison, notice: null };
  const slugs = comparison.tools.map((t) => t.slug);
  const tool = await findToolToAdd(db, params.add);
  if (!tool) return { kind: "view", comparison, notice: `No tool matches '${params.add}'.` };
  if (slugs.includes(tool.slug)) return { kind: "redirect", slugs };
  if (slugs.length >= comparison.max) {
    return { kind: "view", comparison, notice: compareCapMessage(comparison.max, slugs.length) };
  }
  return { kind: "redirect", slugs: [...slugs, tool.slug] };
}
