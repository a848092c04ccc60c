import type { AuditActor } from "../../platform/audit.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { PricingModel } from "./normalize.ts";

/**
 * What the admin's tool use cases share (list-admin-tools, get-editable-tool, save-tool,
 * set-tool-archived): a tool's statuses and tiers, its editable shape, and the services a write takes.
 */

export const TOOL_STATUSES = ["draft", "pending", "active", "rejected", "archived", "gone"] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];
export const TOOL_TIERS = ["free", "standard", "expert"] as const;
export type ToolTier = (typeof TOOL_TIERS)[number];

/** What the admin's tool writes need from the app's services (AppServices satisfies it); `db` may be a transaction. */
export type ToolServices = { db: Db; clock: Clock };

const LIST_FIELDS = ["tags", "features", "use_cases", "pros", "cons", "alternatives", "screenshots"] as const;
export type ListField = (typeof LIST_FIELDS)[number];

/** Every editable field of a tool, as the API and the dialogs name them (snake_case, like the CSV). */
export type EditableTool = {
  name: string;
  slug: string;
  one_line_description: string;
  full_description: string;
  /** a category id, slug, name or alias */
  category: string;
  website_url: string;
  /** the provider's name ('' for none) */
  provider: string;
  pricing_model: PricingModel;
  pricing: { original: string; discounted: string; discount: string; deal_ends: string };
  logo_url: string;
  demo_url: string;
  affiliate_url: string;
  source_url: string;
  preview_image_url: string;
  is_featured: boolean;
  is_verified: boolean;
  needs_review: boolean;
  status: ToolStatus;
  tier: ToolTier;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
} & Record<ListField, string[]>;

/** Who changes tools in bulk (bulkChangeTools, rollbackImport), with the request and the time for the audit rows. */
export type ToolChangeContext = {
  actor: AuditActor;
  requestId?: string | null;
  /** the clock's time of the change (services.clock.now()): no default, so tests that move time see it */
  now: Date;
};
