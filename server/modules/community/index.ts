/** Community (issue 11): reviews, polls, corrections, badges, leaderboard, top lists, trending. */
export { listPublicTopLists, type TopListSummary } from "./top-lists.ts";
export { listTrending, type TrendingEntry } from "./trending.ts";
