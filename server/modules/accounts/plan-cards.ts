import type { Entitlements } from "./entitlements.ts";
import { TIERS, type Tier } from "./tiers.ts";

/**
 * The entitlements a plan card may show (the full comparison table lists every sold one). A key
 * shows only while it is sold (listed and delivered, delivered.ts): a card never promises a
 * feature that does not exist.
 */
const CARD_KEYS = [
  "daily_tool_views",
  "compare_limit",
  "saved_searches",
  "saved_collections",
  "export_basic_reports",
  "change_alerts",
  "dark_mode",
  "api_access",
  "bulk_export",
  "downloadable_reports",
  "custom_collections",
];

/** One line per card entitlement for each tier, read from the entitlements data (never typed twice). */
export function planCardLines(ents: Entitlements): Record<Tier, string[]> {
  return Object.fromEntries(
    TIERS.map((tier) => {
      const lines: string[] = [];
      for (const key of CARD_KEYS) {
        if (!ents.sold(key)) continue;
        const value = ents.describe(tier, key);
        if (value === "—") continue;
        const label = ents.feature(key)?.label ?? key;
        lines.push(value === "Included" ? label : `${label}: ${value.replace(/^Up to /, "up to ")}`);
      }
      if (ents.sold("support_level")) lines.push(`Support: ${ents.supportLevel(tier)}`);
      const credits = ents.describe(tier, "tool_credits");
      if (ents.sold("tool_credits") && credits !== "—") lines.push(`Tool credits: ${credits}`);
      return [tier, lines];
    }),
  ) as Record<Tier, string[]>;
}
