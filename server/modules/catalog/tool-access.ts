import { canAccessTier, type Tier } from "../accounts/index.ts";
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
  };
}

/** A card with the gated fields emptied (see overviewOfTool). */
export function overviewOfCard<T extends ToolCard>(card: T): T {
  return { ...card, features: [], pros: [], cons: [], pricing: null };
}

/** Cards as a viewer of `tier` may see them (null is a visitor): tools above their tier lose the gated fields. */
export function cardsForTier<T extends ToolCard>(cards: readonly T[], tier: Tier | null): T[] {
  return cards.map((card) => (canAccessTier(tier, card.tier) ? card : overviewOfCard(card)));
}
