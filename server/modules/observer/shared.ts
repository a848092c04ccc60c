/** The fact queue's labels (issue 33 item 6, ADR 0071): safe for the browser (no server code). */

/** The facts a buyer decides on, as the fact queue checks them. */
export const DECISION_FACTS = ["pricing_model", "plans", "free_tier", "api", "licence", "data_use"] as const;
export type DecisionFact = (typeof DECISION_FACTS)[number];
export const DECISION_FACT_LABELS: Record<DecisionFact, string> = {
  pricing_model: "Pricing model",
  plans: "Plans",
  free_tier: "Free tier",
  api: "API",
  licence: "Licence",
  data_use: "Data use",
};
/** What an editor can enter in the queue: the decision facts stored as tool facts today. */
export const ENTERABLE_FACTS = ["pricing_model", "plans"] as const;
