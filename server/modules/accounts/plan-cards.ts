import type { Entitlements } from "./entitlements.ts";
import { TIERS, type Tier } from "./tiers.ts";

/** The entitlements shown on a plan card (the full comparison table lists all of them). */
const CARD_KEYS = [
  "daily_tool_views",
  "compare_limit",
  "saved_searches",
  "advanced_filters",
  "dark_mode",
  "api_access",
];

/** One line per card entitlement for each tier, read from the entitlements data (never typed twice). */
export function planCardLines(ents: Entitlements): Record<Tier, string[]> {
  return Object.fromEntries(
    TIERS.map((tier) => {
      const lines: string[] = [];
      for (const key of CARD_KEYS) {
        const value = ents.describe(tier, key);
        if (value === "—") continue;
        const label = ents.feature(key)?.label ?? key;
        lines.push(value === "Included" ? label : `${label}: ${value.replace(/^Up to /, "up to ")}`);
      }
      lines.push(`Support: ${ents.supportLevel(tier)}`);
      const credits = ents.describe(tier, "tool_credits");
      if (credits !== "—") lines.push(`Tool credits: ${credits}`);
      return [tier, lines];
    }),
  ) as Record<Tier, string[]>;
}
