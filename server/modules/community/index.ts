/** Community (issue 11): reviews, polls, corrections, badges, leaderboard, top lists, trending. */

export { countActivePolls, countReviews, reviewCountsBetween } from "./review-stats.ts";
export { listPublicTopLists, type TopListSummary } from "./top-lists.ts";
export { listTrending, type TrendingEntry } from "./trending.ts";
