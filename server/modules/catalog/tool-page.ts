import { z } from "zod";
import { contentVersion } from "../../platform/db/content-version.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Tier, ToolLock } from "../accounts/index.ts";
import { type Alternative, DEFAULT_ALTERNATIVES, getAlternatives } from "./alternatives.ts";
import type { FactHistoryEntry, FactProvenance } from "./read-fact-history.ts";
import type { PriceInfo } from "./tables.ts";
import { overviewOfTool, readerCards, toolHistoryFor, toolProvenanceFor } from "./tool-access.ts";
import type { ToolDetail } from "./tool-shapes.ts";
import { getTool } from "./tools.ts";

/** The tool page's tabs, in order (spec section 2, "Tool detail"). */
export const TOOL_TABS = ["overview", "features", "alternatives", "screenshots", "reviews", "history"] as const;
export type ToolTab = (typeof TOOL_TABS)[number];

/** `?tab=` of the tool page: an unknown value shows the overview (the canonical URL has no tab). */
export const ToolPageParams = z.object({
  tab: z.enum(TOOL_TABS).catch("overview"),
});

/** Spec section 9: features shown up to 6, use cases up to 5. */
export const FEATURES_SHOWN = 6;
export const USE_CASES_SHOWN = 5;

export type Deal = {
  original: string | null;
  discounted: string | null;
  discount: string | null;
  endsAt: string | null;
};

/**
 * A live deal from the tool's pricing: a discounted price or a discount, not yet expired. Without
 * one the page shows no Get deal button.
 */
export function dealOf(pricing: PriceInfo | null | undefined, now: Date): Deal | null {
  if (!pricing) return null;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const discounted = text(pricing.discounted);
  const discount = text(pricing.discount);
  if (!discounted && !discount) return null;
  const ends = text(pricing.dealEnds);
  const endsAt = ends && !Number.isNaN(Date.parse(ends)) ? new Date(ends).toISOString() : null;
  if (endsAt && Date.parse(endsAt) < now.getTime()) return null;
  return { original: text(pricing.original), discounted, discount, endsAt };
}

export type ToolPageData = {
  tool: ToolDetail;
  deal: Deal | null;
  alternatives: Alternative[];
  /** How many features and use cases the page shows. */
  limits: { features: number; useCases: number };
  /** Set when the viewer sees the overview only (the gated sections are empty, never sent). */
  lock: ToolLock | null;
  /** where the facts come from and every change (issue 20); a locked view: the overview's facts only */
  facts: { provenance: Partial<Record<string, FactProvenance>>; history: FactHistoryEntry[] };
};

export type ToolPageOptions = {
  now: Date;
  /** the viewer's tier (null: a visitor): alternatives above it lose their gated fields */
  viewerTier?: Tier | null;
  /**
   * Decides, once the tool is known, whether the viewer sees it in full (null) or only its
   * overview (the accounts module's toolPageAccess: tier and daily views). Without it: in full.
   */
  gate?: (tool: { id: string; tier: Tier }) => Promise<ToolLock | null>;
  /** The tool's live deal row (the content module's deals), preferred to a deal in its pricing data. */
  deal?: (toolId: string) => Promise<Deal | null>;
};

/** Everything the tool page shows, or null when there is no such published tool. */
/**
 * A tool's alternatives rank its whole category (the page's costliest query): kept per tool while
 * the content version is unchanged, so a page rendered for a member or a new visitor reuses them.
 */
// Per database, held weakly: a closed database (a test file's, in a shared worker) is not kept alive.
const alternativesCaches = new WeakMap<Db, Map<string, { version: number; value: Alternative[] }>>();
const MAX_ALTERNATIVES_CACHED = 5_000;

async function alternativesOf(db: Db, toolId: string): Promise<Alternative[]> {
  const version = await contentVersion(db);
  let alternativesCache = alternativesCaches.get(db);
  if (!alternativesCache) {
    alternativesCache = new Map();
    alternativesCaches.set(db, alternativesCache);
  }
  const hit = alternativesCache.get(toolId);
  if (hit && hit.version === version) return hit.value;
  const value = await getAlternatives(db, toolId, DEFAULT_ALTERNATIVES);
  alternativesCache.delete(toolId);
  if (alternativesCache.size >= MAX_ALTERNATIVES_CACHED) {
    alternativesCache.delete(alternativesCache.keys().next().value as string);
  }
  alternativesCache.set(toolId, { version, value });
  return value;
}

export async function getToolPage(db: Db, idOrSlug: string, options: ToolPageOptions): Promise<ToolPageData | null> {
  const tool = await getTool(db, idOrSlug);
  if (!tool) return null;
  const limits = { features: FEATURES_SHOWN, useCases: USE_CASES_SHOWN };
  const lock = options.gate ? await options.gate({ id: tool.id, tier: tool.tier }) : null;
  const factsOf = async (overview: boolean) => ({
    provenance: await toolProvenanceFor(db, tool.id, overview),
    history: await toolHistoryFor(db, tool.id, overview),
  });
  if (lock)
    return { tool: overviewOfTool(tool), deal: null, alternatives: [], limits, lock, facts: await factsOf(true) };
  const alternatives = await alternativesOf(db, tool.id);
  return {
    tool,
    deal: (options.deal ? await options.deal(tool.id) : null) ?? dealOf(tool.pricing, options.now),
    alternatives: readerCards(alternatives, options.viewerTier ?? null),
    limits,
    lock: null,
    facts: await factsOf(false),
  };
}
