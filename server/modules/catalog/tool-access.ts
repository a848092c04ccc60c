import type { Db } from "../../platform/db/index.ts";
import { canAccessTier, type Tier } from "../accounts/index.ts";
import { type FactHistoryEntry, type FactProvenance, getFactHistory, getProvenance } from "./read-fact-history.ts";
import type { ToolCard, ToolDetail } from "./tool-shapes.ts";

/**
 * What a tool shows to someone who may not open it in full (its tier is above theirs, or their
 * free views for the day are used up): the overview — name, descriptions, category, provider,
 * pricing model, tags, website — and nothing of the gated sections (features, use cases,
 * alternatives, screenshots, pros and cons, deals and prices, the demo link). The gated fields are
 * emptied here, on the server, so they never reach the browser.
 */
export function overviewOfTool(tool: ToolDetail): ToolDetail {
  return {
    ...overviewOfCard(tool),
    full_description: tool.full_description,
    use_cases: [],
    useCases: [],
    key_features: [],
    alternatives: [],
    screenshots: [],
    demo_url: null,
    affiliate_url: null,
    plans: null,
  };
}

/** A card with the gated fields emptied (see overviewOfTool). */
export function overviewOfCard<T extends ToolCard>(card: T): T {
  return { ...card, features: [], pros: [], cons: [], pricing: null, plan_summary: null, plan_label: null };
}

/** Cards as a viewer of `tier` may see them (null is a visitor): tools above their tier lose the gated fields. */
export function cardsForTier<T extends ToolCard>(cards: readonly T[], tier: Tier | null): T[] {
  return cards.map((card) => (canAccessTier(tier, card.tier) ? card : overviewOfCard(card)));
}

/**
 * Cards as a page shows them to a viewer of `tier`: cardsForTier, and the editors' first sentence in
 * place of the listing's line when they wrote a summary (an overview fact, so locked cards have it too).
 * The API's cards keep the listing's `description` and carry `summary_line` beside it (the feeds, MCP and
 * the exports pick their own fields); a page sends one of the two.
 */
export function readerCards<T extends ToolCard>(cards: readonly T[], tier: Tier | null): T[] {
  return cardsForTier(cards, tier).map((card) =>
    card.summary_line
      ? { ...card, description: card.summary_line, short_description: card.summary_line, summary_line: null }
      : card,
  );
}

/** The facts an overview shows (see overviewOfTool); features, use cases and prices are gated. */
export const OVERVIEW_FACT_FIELDS: readonly string[] = [
  "name",
  "description",
  "full_description",
  "category",
  "pricing_model",
  "provider",
  "website_url",
  "logo_url",
  "status",
  "editorial_summary",
  "is_open_source",
  "has_api",
  "licence",
  "self_hostable",
  "data_use",
];

/** A tool's provenance as an overview may show it: the gated facts' sources are left out too. */
export function overviewProvenance<T>(provenance: Partial<Record<string, T>>): Partial<Record<string, T>> {
  return Object.fromEntries(Object.entries(provenance).filter(([field]) => OVERVIEW_FACT_FIELDS.includes(field)));
}

/** A tool's fact history as an overview may show it: changes of gated facts are left out. */
export function overviewHistory<T extends { field: string }>(history: readonly T[]): T[] {
  return history.filter((h) => OVERVIEW_FACT_FIELDS.includes(h.field));
}

/** Where a tool's facts come from, as a viewer may see it (`overview`: the tool is locked for them). */
export async function toolProvenanceFor(
  db: Db,
  toolId: string,
  overview: boolean,
): Promise<Partial<Record<string, FactProvenance>>> {
  const provenance = await getProvenance(db, toolId);
  return overview ? overviewProvenance(provenance) : provenance;
}

/** A tool's fact history, newest first, as a viewer may see it (`overview`: the tool is locked for them). */
export async function toolHistoryFor(db: Db, toolId: string, overview: boolean): Promise<FactHistoryEntry[]> {
  const history = await getFactHistory(db, toolId);
  return overview ? overviewHistory(history) : history;
}
