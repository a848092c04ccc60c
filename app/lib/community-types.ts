// Shapes the community pages share with the server (type-only: nothing of the server reaches the browser).
export type {
  AmaDetail,
  AmaQuestion,
  AmaSummary,
  Poll,
  PollQuestion,
  ReviewItem,
  ReviewPage,
  StoryView,
  ToolCommunity,
} from "#server/modules/community/index.ts";

/** One decimal, as the poll widget shows it ('33.3%'). */
export function pollPercent(votes: number, total: number): string {
  return `${total > 0 ? ((votes / total) * 100).toFixed(1) : "0.0"}%`;
}
