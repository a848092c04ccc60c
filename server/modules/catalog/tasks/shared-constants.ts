/**
 * Task constants shared with pages (through catalog/shared.ts): browser-safe, no server code.
 * The task page's price filter: free (free and open source), freemium, paid (paid, subscription,
 * enterprise). Tools whose pricing is unknown show only without a filter.
 */
export const TASK_PRICES = ["free", "freemium", "paid"] as const;
export type TaskPrice = (typeof TASK_PRICES)[number];
export const TASK_PRICE_LABELS: Record<TaskPrice, string> = { free: "Free", freemium: "Freemium", paid: "Paid" };
export const TASK_PAGE_TOOLS = 24;

/** An alternative's reasons as data (stored with it, ADR 0067). */
export type AlternativeReasonData = {
  tasks: string[];
  same_category: boolean;
  named: boolean;
  cheaper: boolean;
  open_source: boolean;
  shared_tags: string[];
};

/**
 * The reasons as one line: 'also does: summarise a video · cheaper · open source'. `taskNames` maps
 * a task slug to its name; task names lose their capital ('Summarise a video' → 'summarise a video').
 */
export function alternativeReasonText(reasons: AlternativeReasonData, taskNames: Record<string, string>): string {
  const parts: string[] = [];
  if (reasons.named) parts.push("named by its listing");
  const tasks = reasons.tasks.flatMap((slug) => {
    const name = taskNames[slug];
    return name ? [name.charAt(0).toLowerCase() + name.slice(1)] : [];
  });
  if (tasks.length) parts.push(`also does: ${tasks.join(", ")}`);
  if (reasons.cheaper) parts.push("cheaper");
  if (reasons.open_source) parts.push("open source");
  if (!tasks.length && reasons.shared_tags.length) parts.push(`also tagged ${reasons.shared_tags.join(", ")}`);
  if (!parts.length && reasons.same_category) parts.push("same category");
  return parts.join(" · ") || "a popular tool";
}
