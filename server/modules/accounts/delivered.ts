/**
 * Which entitlements exist as working features (issue 34, ADR 0073). The `features` × `entitlements`
 * tables say who may have a capability; this registry says which capabilities the code implements,
 * and where. It lives in code, not in the table, because delivery is a property of the code: an
 * operator's edit cannot make a feature exist. /pricing, the plan cards, the dashboard's feature list
 * and GET /api/membership/comparison show only features named here; the others are not sold.
 *
 * `where` is the route (a pattern of app/routes.ts, or `METHOD /api/...`) that a member of the lowest
 * tier with the feature uses; tests/integration/entitlements-delivered.db.test.ts walks each one as
 * that tier and as the tier below, and fails when a key here has no journey there.
 */
export const DELIVERED_FEATURES: Readonly<Record<string, { where: string }>> = {
  daily_tool_views: { where: "/tools/:idOrSlug" },
  compare_limit: { where: "/compare" },
  saved_searches: { where: "POST /api/saved-searches" },
  saved_collections: { where: "/dashboard/lists" },
  basic_tools: { where: "/tools" },
  basic_search: { where: "/search" },
  tool_viewing: { where: "/tools/:idOrSlug" },
  dark_mode: { where: "/dashboard" },
  change_alerts: { where: "/tools/:idOrSlug/alert" },
  early_access: { where: "/beta" },
  exclusive_listings: { where: "/tools/:idOrSlug" },
  api_access: { where: "/dashboard/api-keys" },
  priority_support: { where: "/support" },
  support_level: { where: "/support" },
  export_basic_reports: { where: "GET /api/exports/{what}" },
  bulk_export: { where: "GET /api/exports/catalogue" },
  downloadable_reports: { where: "/reports/:scope/:slug" },
  advanced_filters: { where: "/tools" },
  detailed_comparisons: { where: "/compare/sheet" },
  basic_ai_recommendations: { where: "/for-you" },
  advanced_ai_recommendations: { where: "/for-you" },
  advanced_analytics: { where: "/insights" },
  vip_community: { where: "/community/vip" },
  custom_collections: { where: "/dashboard/lists" },
};

export function isDelivered(key: string): boolean {
  return Object.hasOwn(DELIVERED_FEATURES, key);
}
