/**
 * Tiers and roles: pure values and rules, safe to import from browser code (the header, cards and
 * the compare drawer mirror them; the server enforces them).
 */
export const TIERS = ["free", "standard", "expert"] as const;
export type Tier = (typeof TIERS)[number];
export const ROLES = ["member", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const TIER_LABELS: Record<Tier, string> = { free: "Free", standard: "Standard", expert: "Expert" };

/** The spec's rank: free 0, standard 1, expert 2. */
export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

export function isTier(value: unknown): value is Tier {
  return typeof value === "string" && (TIERS as readonly string[]).includes(value);
}

/**
 * A tool of tier `toolTier` is open to a viewer whose tier ranks at least as high (visitors count
 * as free). Otherwise the card is dimmed with `Requires {tier}` and its gated details stay on the
 * server.
 */
export function canAccessTier(viewerTier: Tier | null | undefined, toolTier: Tier): boolean {
  return tierRank(viewerTier ?? "free") >= tierRank(toolTier);
}

export function requiresLabel(toolTier: Tier): string {
  return `Requires ${TIER_LABELS[toolTier]}`;
}

/** The spec's compare message when the list is at the cap. */
export function compareCapMessage(cap: number, count: number): string {
  const more = Math.max(cap - count, 0);
  return `You can compare up to ${cap} tools. Add ${more} more tool(s) for a complete comparison.`;
}
