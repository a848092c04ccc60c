// A tool's plans and their cost, for the browser (issue 33): the catalogue's pure helpers through its shared door.
export {
  type CostAnswer,
  money,
  type Plan,
  type PlanCostLine,
  type PlanSummary,
  planSummaryLabel,
} from "#server/modules/catalog/shared.ts";
