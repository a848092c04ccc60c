// The catalogue module's door for the browser: the compare rules (pure, no imports) and a new tool's
// starting values for the admin dialogs. No zod and no server code.

export type { EditableTool } from "./admin-tool-shapes.ts";
export { CATEGORY_LIMITS } from "./category-limits.ts";
export * from "./compare-add.ts";
export * from "./compare-rules.ts";
export { type FeatureRow, featureMatrix } from "./feature-matrix.ts";
export { NEW_TOOL } from "./new-tool.ts";
export { type CostAnswer, money, type PlanCostLine } from "./plan-cost.ts";
export { type PlanEvent, planChangeText, planEvents } from "./plan-events.ts";
export { type PlanSummary, planSummaryLabel } from "./plan-summary.ts";
export type { Plan } from "./tables.ts";
export * from "./tasks/shared-constants.ts";
