/**
 * The decision filters' URL names and labels (issue 33, ADR 0072), browser-safe: the /tools, category,
 * /search and task pages send them as plain GET fields (no JavaScript needed); the server's
 * ToolListParams checks them.
 */
export const DECISION_FLAGS = [
  ["free_tier", "Free tier"],
  ["no_card", "No card to start"],
  ["api", "Has an API"],
  ["open_source", "Open source (OSI)"],
  ["self_hosted", "Self-hostable"],
] as const;
export type DecisionFlag = (typeof DECISION_FLAGS)[number][0];

export type DecisionValues = { max_price: string } & Record<DecisionFlag, boolean>;

const yes = (v: string | null) => v === "1" || v === "true";

export function decisionFromParams(params: URLSearchParams): DecisionValues {
  const out = { max_price: params.get("max_price")?.trim() ?? "" } as DecisionValues;
  for (const [name] of DECISION_FLAGS) out[name] = yes(params.get(name));
  return out;
}

/** How many decision filters are set (the panel's summary says so). */
export function decisionCount(v: DecisionValues): number {
  return (v.max_price ? 1 : 0) + DECISION_FLAGS.filter(([n]) => v[n]).length;
}

/** The decision filters as query text (`&max_price=10&api=1`), for links that keep them. */
export function decisionQuery(v: DecisionValues): string {
  const parts = v.max_price ? [`max_price=${encodeURIComponent(v.max_price)}`] : [];
  for (const [name] of DECISION_FLAGS) if (v[name]) parts.push(`${name}=1`);
  return parts.map((p) => `&${p}`).join("");
}
