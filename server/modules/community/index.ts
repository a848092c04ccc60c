/** Community (issue 11): reviews, polls, corrections, badges, leaderboard, top lists, trending. */

import { registerCommunityMergeSteps } from "./merge.ts";

// Rows that point at a tool move with a merge (issue 13): registered when the module loads.
registerCommunityMergeSteps();

export { FREE_MAIL_DOMAINS, isFreeMailDomain } from "./free-mail-domains.ts";
export { mergeToolPolls, mergeToolReviews } from "./merge.ts";
export {
  type ActivePoll,
  type AdminPoll,
  createPoll,
  getToolPoll,
  getToolPollQuestion,
  listActivePolls,
  listPollsForAdmin,
  newVoterId,
  POLL_LIMITS,
  POLL_MESSAGES,
  POLL_VOTER_COOKIE,
  type Poll,
  PollInput,
  type PollQuestion,
  PollStatusInput,
  PollVoteInput,
  percentOf,
  pollVoteStatus,
  readVoterCookie,
  setPollStatus,
  type Voter,
  votePoll,
  voterCookie,
} from "./polls.ts";
export { countActivePolls, countReviews, reviewCountsBetween } from "./review-stats.ts";
export {
  type CommunityDeps,
  deleteReview,
  getMyReview,
  getReview,
  listReportedReviews,
  listToolReviews,
  listUserReviews,
  ModerationDecision,
  markHelpful,
  moderateReview,
  myReviewMarks,
  type ProfileReview,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_SORTS,
  type ReportedReview,
  ReportInput,
  ReviewId,
  ReviewInput,
  type ReviewItem,
  ReviewListQuery,
  type ReviewPage,
  type ReviewSort,
  recomputeToolRating,
  reportReview,
  resolveToolId,
  saveReview,
} from "./reviews.ts";
export { listPublicTopLists, type TopListSummary } from "./top-lists.ts";
export { listTrending, type TrendingEntry } from "./trending.ts";
export {
  CompanyEmailInput,
  confirmCompanyVerification,
  startCompanyVerification,
  VERIFY_MESSAGES,
  type VerificationState,
  VerifyToken,
  verificationState,
} from "./verification.ts";
