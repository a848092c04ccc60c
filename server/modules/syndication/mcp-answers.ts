import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { canAccessTier, requiresLabel, type Tier } from "../accounts/index.ts";
import { getTool, mergedTarget, type ToolCard, type ToolDetail } from "../catalog/index.ts";
import type { Citation } from "./citations.ts";

/** How the MCP server (mcp.ts) answers: text or a failure, a tool's card with its citation, a tool by slug, id or merged name. */

/** Said of fields whose current value is the maker's own claim (ADR 0034), so an assistant can weigh it. */
export const MAKER_SUPPLIED_NOTE =
  "Fields in maker_supplied hold text the tool's maker wrote about their own tool; Toolscape has not verified it.";

export const text = (value: unknown): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value, null, 2) }],
});
export const failure = (message: string): CallToolResult => ({
  content: [{ type: "text", text: message }],
  isError: true,
});

export const toolKey = z.string().trim().min(1).max(200).describe("The tool's slug (as in its URL) or id");
export const str = (d: string) =>
  z
    .union([z.string().max(2_000), z.number()])
    .optional()
    .describe(d);

/** A card as an assistant gets it: the listing facts plus the citation. */
export function cited(card: ToolCard, citation: Citation | undefined, tier: Tier | null) {
  const locked = !canAccessTier(tier, card.tier);
  return {
    name: card.name,
    slug: card.slug,
    url: citation?.url,
    description: card.description,
    category: card.category,
    provider: card.provider,
    pricing_model: card.pricing_model,
    price: card.pricing?.original ?? null,
    /** issue 33: "from $X/mo" from the stated plans; null when none is stated */
    plans_from: card.plan_label ?? null,
    rating: card.rating,
    review_count: card.review_count,
    website_url: card.website_url,
    tags: card.tags,
    features: card.features,
    tier: card.tier,
    ...(locked ? { locked: { requiredTier: card.tier, message: requiresLabel(card.tier) } } : {}),
    last_verified: citation?.last_verified ?? null,
    provenance: citation?.provenance ?? {},
    ...makerSupplied(citation),
  };
}

/** The fields whose value is the maker's claim, and (when there are any) what that means. */
function makerSupplied(citation: Citation | undefined) {
  const fields = Object.entries(citation?.provenance ?? {})
    .filter(([, kind]) => kind === "maker")
    .map(([field]) => field)
    .sort();
  return fields.length ? { maker_supplied: fields, maker_supplied_note: MAKER_SUPPLIED_NOTE } : { maker_supplied: [] };
}

export async function findTool(db: Db, key: string): Promise<ToolDetail | null> {
  const tool = await getTool(db, key);
  if (tool) return tool;
  const target = await mergedTarget(db, key);
  return target ? getTool(db, target.id) : null;
}
