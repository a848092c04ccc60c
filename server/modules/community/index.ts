/** Community (issue 11): reviews, polls, corrections, badges, leaderboard, top lists, trending. */

export { countActivePolls, countReviews, reviewCountsBetween } from "./review-stats.ts";
export {
  addToolToList,
  createTopList,
  deleteTopList,
  getTopList,
  type ListDeps,
  ListItemInput,
  listChoicesFor,
  listMyTopLists,
  listPublicTopLists,
  listPublicTopListsByUser,
  moveToolInList,
  removeToolFromList,
  setTopListEditorial,
  TOP_LIST_MESSAGES,
  TOP_LIST_RULES,
  type TopListAllowance,
  type TopListDetail,
  TopListInput,
  TopListPatch,
  type TopListSummary,
  type TopListTool,
  toolNamesOf,
  topListAllowance,
  updateTopList,
} from "./top-lists.ts";
export {
  judge,
  listTrending,
  recomputeTrending,
  registerTrendingJobs,
  TRENDING_JOB,
  TRENDING_RULES,
  type TrendingEntry,
  trendingComputedAt,
} from "./trending.ts";
