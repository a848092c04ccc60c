/** Community (issue 11): reviews, polls, corrections, badges, leaderboard, top lists, trending. */

export {
  type Achievement,
  BADGE_IDS,
  BADGES,
  type BadgeDefinition,
  type BadgeProgress,
  type BadgeSummary,
  badgeById,
  badgeProgress,
  currentStreak,
  type LeaderboardEntry,
  leaderboard,
  listAchievements,
  listBadges,
  memberMetrics,
  memberRank,
  onActivity,
  POINTS,
  streakFrom,
  takeUnseenBadges,
  touchMember,
} from "./achievements.ts";
// Issue 35 items 2 and 3 (ADR 0077): makers' AMAs and members' success stories.
export { AMA_REMINDER_TAG, registerAmaJobs } from "./ama-reminders.ts";
export {
  AMA_LIMITS,
  AMA_MESSAGES,
  AMA_REMINDER_JOB,
  AMA_RULES,
  type AmaActor,
  AmaAnswerInput,
  type AmaDeps,
  type AmaDetail,
  AmaId,
  type AmaPhase,
  type AmaQuestion,
  AmaQuestionId,
  AmaQuestionInput,
  AmaScheduleInput,
  type AmaSummary,
  answerAmaQuestion,
  askAmaQuestion,
  countAmas,
  followAma,
  getAma,
  hideAmaQuestion,
  isToolMaker,
  listAmas,
  scheduleAma,
  upvoteAmaQuestion,
} from "./amas.ts";
export {
  ATTACK_HEADERS,
  ATTACK_LIMITS,
  ATTACK_RESULTS,
  type AttackKind,
  type AttackResult,
  attackRows,
  attackTableMarkdown,
} from "./attack-results.ts";
export {
  CORRECTION_FIELD_LABELS,
  CORRECTION_FIELDS,
  CORRECTION_LIMITS,
  CORRECTION_MESSAGES,
  CORRECTION_PRICING,
  type CorrectionField,
  CorrectionInput,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  FeedbackInput,
  RejectInput,
} from "./correction-forms.ts";
export {
  type Actor,
  CORRECTION_RULES,
  CORRECTIONS_PAGE_SIZE,
  type CorrectionStatus,
  type CorrectionView,
  correctionCounts,
  correctionTarget,
  createCorrection,
  getCorrection,
  listCorrections,
  rejectCorrection,
  verifyCorrection,
  voteCorrection,
} from "./corrections.ts";
// Reviews (issue 11) are one file per use case, named for what it does (save-review.ts, delete-review.ts,
// moderate-review.ts, …): a write exports its zod Input and takes (services, actor, input).
export { DeleteReviewInput, deleteReview } from "./delete-review.ts";
export {
  BoardQuery,
  DISCUSSION_BOARDS,
  DISCUSSION_LIMITS,
  DISCUSSION_MESSAGES,
  DISCUSSION_RULES,
  type DiscussionBoard,
  DiscussionModeration,
  DiscussionReportInput,
  REPLY_DECISIONS,
  type ReplyDecision,
  ReplyId,
  ReplyInput,
  THREAD_DECISIONS,
  type ThreadDecision,
  ThreadId,
  ThreadInput,
  VIP_FEATURE,
} from "./discussion-forms.ts";
export { DISCUSSION_MAIL_TAG, registerDiscussionJobs } from "./discussion-mail.ts";
export {
  countDiscussionQueue,
  type DiscussionQueueItem,
  discussionsMergeStep,
  listDiscussionQueue,
  moderateReply,
  moderateThread,
  reportPost,
} from "./discussion-moderation.ts";
export {
  acceptAnswer,
  createReply,
  createThread,
  DISCUSSION_REPLY_MAIL_JOB,
  type DiscussionActor,
  type DiscussionDeps,
  HOLD_REASON_NEW_ACCOUNT,
  setFollow,
} from "./discussion-posts.ts";
export {
  assertBoardOpen,
  type BoardPage,
  countDiscussions,
  type DiscussionReader,
  discussionTool,
  getThread,
  listThreads,
  type PostState,
  type ReplyView,
  type ThreadSummary,
  type ThreadView,
} from "./discussions.ts";
export { createFeedback, FEEDBACK_RULES } from "./feedback.ts";
export { FREE_MAIL_DOMAINS, isFreeMailDomain } from "./free-mail-domains.ts";
export {
  addCollaborator,
  COLLECTION_MESSAGES,
  COLLECTION_RULES,
  type Collaborator,
  CollaboratorInput,
  collectionsRefusal,
  getSharedList,
  leaveList,
  listsSharedWithMe,
  type OwnerCollectionState,
  ownerCollectionState,
  removeCollaborator,
  revokeShare,
  type SharedList,
  type SharedWithMe,
  shareList,
} from "./list-collections.ts";
export { listHiddenReviews } from "./list-hidden-reviews.ts";
export { listReportedReviews } from "./list-reported-reviews.ts";
export { listToolReviews, type ReviewPage } from "./list-tool-reviews.ts";
export { listUserReviews, type ProfileReview } from "./list-user-reviews.ts";
export { MarkReviewHelpfulInput, markReviewHelpful } from "./mark-review-helpful.ts";
export { communityMergeSteps, mergeToolPolls, mergeToolReviews } from "./merge.ts";
export { ModerateReviewInput, moderateReview } from "./moderate-review.ts";
export { getMyReview } from "./my-review.ts";
export { myReviewMarks, myReviewMarksOnTool } from "./my-review-marks.ts";
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
export { RATING_REFRESH_JOB, registerRatingJobs } from "./rating-jobs.ts";
export { ReportReviewInput, reportReview } from "./report-review.ts";
export { RestoreReviewInput, restoreReview } from "./restore-review.ts";
export { assertMayReview, CONFLICT_MESSAGES } from "./review-eligibility.ts";
export { REVIEW_LIMITS, ReviewId, ReviewListQuery } from "./review-forms.ts";
export { BURST_RULES } from "./review-holds.ts";
export type { ReviewItem } from "./review-rows.ts";
export { countActivePolls, countReviews, reviewCountsBetween } from "./review-stats.ts";
export { TRUST_RULES } from "./review-trust.ts";
export { SaveReviewInput, saveReview } from "./save-review.ts";
export { type CommunityActor, type CommunityServices, communityActor } from "./services.ts";
export {
  countStories,
  decideStory,
  getStory,
  listMyStories,
  listPendingStories,
  listStories,
  type MyStory,
  type PendingStory,
  replyToStory,
  STORY_LIMITS,
  STORY_MESSAGES,
  STORY_RULES,
  StoryDecision,
  type StoryDeps,
  StoryId,
  StoryInput,
  StoryReplyInput,
  type StoryStatus,
  type StoryView,
  submitStory,
  type ToolCommunity,
  toolCommunity,
} from "./stories.ts";
export { resolveToolId } from "./tool-lookup.ts";
export { refreshRatings } from "./tool-rating.ts";
export {
  addToolToList,
  COLLECTIONS_FEATURE,
  createTopList,
  deleteTopList,
  editableBy,
  getTopList,
  type ListDeps,
  ListItemInput,
  ListNote,
  listChoicesFor,
  listChoicesOf,
  listMyTopLists,
  listPublicTopLists,
  listPublicTopListsByUser,
  moveToolInList,
  removeToolFromList,
  setToolNote,
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
export {
  CompanyEmailInput,
  confirmCompanyVerification,
  startCompanyVerification,
  VERIFY_MESSAGES,
  type VerificationState,
  VerifyToken,
  verificationState,
} from "./verification.ts";
export { communityFigures, listCommunityVerified, type VerifiedTool } from "./verified.ts";
