// Browser-safe wording and choices of deals and beta programmes (no zod, no database): pages and
// their components import this through ~/lib/content-labels.

export const DEAL_TYPES = ["discount", "coupon", "free_trial", "lifetime"] as const;
export type DealType = (typeof DEAL_TYPES)[number];
export const DEAL_TYPE_LABELS: Record<DealType, string> = {
  discount: "Discount",
  coupon: "Coupon",
  free_trial: "Free trial",
  lifetime: "Lifetime deal",
};

/**
 * The spec's deal filter, each chip mapped to real catalogue categories (by slug) so a chip shows
 * the deals on tools of those categories.
 */
export const DEAL_CATEGORIES = [
  { key: "all", label: "All", slugs: [] },
  { key: "writing", label: "Writing", slugs: ["writing"] },
  { key: "image-generation", label: "Image Generation", slugs: ["image-generation", "design", "3d"] },
  { key: "development", label: "Development", slugs: ["code-development", "ai-models-infrastructure"] },
  { key: "productivity", label: "Productivity", slugs: ["productivity", "agents-automation", "chatbots-assistants"] },
  { key: "marketing", label: "Marketing", slugs: ["marketing", "business", "customer-service"] },
  { key: "video", label: "Video", slugs: ["video-generation"] },
] as const;
export type DealCategoryKey = (typeof DEAL_CATEGORIES)[number]["key"];
export const BETA_CATEGORIES = [
  { key: "all", label: "All" },
  { key: "language-models", label: "Language Models" },
  { key: "image-generation", label: "Image Generation" },
  { key: "development", label: "Development" },
  { key: "audio", label: "Audio" },
  { key: "analytics", label: "Analytics" },
] as const;
export type BetaCategoryKey = Exclude<(typeof BETA_CATEGORIES)[number]["key"], "all">;
export const BETA_CATEGORY_LABELS = Object.fromEntries(BETA_CATEGORIES.map((c) => [c.key, c.label])) as Record<
  BetaCategoryKey,
  string
>;

export type BetaStatus = "open" | "full" | "starting_soon";
export const BETA_STATUS_LABELS: Record<BetaStatus, string> = {
  open: "Open",
  full: "Full",
  starting_soon: "Starting Soon",
};

/** Editors' marks on a tool or a deal (issue 34 item 6, ADR 0083). */
export const LISTING_KINDS = ["exclusive", "early_access"] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const LISTING_KIND_LABELS: Record<ListingKind, string> = {
  exclusive: "Expert-only",
  early_access: "Early access",
};
