/** Community (issue 11): reviews, polls, corrections, badges, leaderboard, top lists, trending. */

export {
  badgeById,
  badgeProgress,
  leaderboard,
  listAchievements,
  listBadges,
  memberRank,
  onActivity,
  takeUnseenBadges,
  touchMember,
} from "./achievements.ts";
// Custom collections (issue 34 item 8, ADR 0082): one file per use case too (share-list.ts, add-collaborator.ts, …),
// sharing their rules, messages, plan check and write limit in collection-rows.ts.
export { addCollaborator, CollaboratorInput } from "./add-collaborator.ts";
// Top lists (issue 11 item 6) are one file per use case too (create-top-list.ts, add-tool-to-top-list.ts, …),
// sharing their rules, rows and locks in top-list-rows.ts; a write takes (services, actor, input).
export { AddToolToTopListInput, addToolToTopList } from "./add-tool-to-top-list.ts";
// Issue 35 items 2 and 3 (ADR 0077): makers' AMAs and members' success stories. AMAs are one file per
// use case too (schedule-ama.ts, ask-ama-question.ts, …), sharing their limits, shapes and rows in ama-rows.ts.
export { AMA_REMINDER_JOB, AMA_REMINDER_TAG, registerAmaJobs } from "./ama-reminders.ts";
export {
  AMA_LIMITS,
  AMA_MESSAGES,
  type AmaDetail,
  AmaId,
  type AmaQuestion,
  AmaQuestionId,
  type AmaSummary,
} from "./ama-rows.ts";
export { AmaAnswerInput, answerAmaQuestion } from "./answer-ama-question.ts";
export { AmaQuestionInput, askAmaQuestion } from "./ask-ama-question.ts";
export {
  ATTACK_HEADERS,
  ATTACK_LIMITS,
  ATTACK_RESULTS,
  type AttackKind,
  type AttackResult,
  attackRows,
  attackTableMarkdown,
} from "./attack-results.ts";
export { COLLECTION_RULES, collectionsRefusal } from "./collection-rows.ts";
export {
  CORRECTION_FIELDS,
  CorrectionInput,
  FeedbackInput,
  RejectInput,
} from "./correction-forms.ts";
// Corrections (issue 11): one file per use case over correction-rows.ts (the rules, the public shape, the rows).
export type { CorrectionView } from "./correction-rows.ts";
export { correctionTarget } from "./correction-target.ts";
export { countAmas } from "./count-amas.ts";
// Success stories (issue 35 item 3, ADR 0077) are one file per use case too (submit-story.ts, decide-story.ts, …),
// sharing their limits, messages, shapes and rows in story-rows.ts.
export { countStories } from "./count-stories.ts";
export { createCorrection } from "./create-correction.ts";
// Polls (issue 11) are one file per use case too (vote-poll.ts, create-poll.ts, …), sharing their limits,
// messages, shapes and rows in poll-rows.ts and the voter's identity (account, browser cookie) in poll-voter.ts.
export { createPoll, PollInput } from "./create-poll.ts";
export { CreateTopListInput, createTopList } from "./create-top-list.ts";
export { decideStory, StoryDecision } from "./decide-story.ts";
// Reviews (issue 11) are one file per use case, named for what it does (save-review.ts, delete-review.ts,
// moderate-review.ts, …): a write exports its zod Input and takes (services, actor, input).
export { DeleteReviewInput, deleteReview } from "./delete-review.ts";
export { DeleteTopListInput, deleteTopList } from "./delete-top-list.ts";
export {
  BoardQuery,
  DISCUSSION_MESSAGES,
  DISCUSSION_RULES,
  DiscussionModeration,
  DiscussionReportInput,
  ReplyId,
  ReplyInput,
  ThreadId,
  ThreadInput,
  VIP_FEATURE,
} from "./discussion-forms.ts";
export { DISCUSSION_MAIL_TAG, registerDiscussionJobs } from "./discussion-mail.ts";
export {
  listDiscussionQueue,
  moderateReply,
  moderateThread,
  reportPost,
} from "./discussion-moderation.ts";
export {
  acceptAnswer,
  createReply,
  createThread,
  HOLD_REASON_NEW_ACCOUNT,
  setFollow,
} from "./discussion-posts.ts";
export {
  countDiscussions,
  type DiscussionReader,
  discussionTool,
  getThread,
  listThreads,
} from "./discussions.ts";
export { createFeedback } from "./feedback.ts";
export { followAma } from "./follow-ama.ts";
export { isFreeMailDomain } from "./free-mail-domains.ts";
export { getAma } from "./get-ama.ts";
export { getSharedList } from "./get-shared-list.ts";
export { getStory } from "./get-story.ts";
export { getToolPoll } from "./get-tool-poll.ts";
export { getToolPollQuestion } from "./get-tool-poll-question.ts";
export { getTopList } from "./get-top-list.ts";
export { hideAmaQuestion } from "./hide-ama-question.ts";
export { leaveList } from "./leave-list.ts";
export { listActivePolls } from "./list-active-polls.ts";
export { listAmas } from "./list-amas.ts";
export { listCorrections } from "./list-corrections.ts";
export { listHiddenReviews } from "./list-hidden-reviews.ts";
export { listMyStories } from "./list-my-stories.ts";
export { listMyTopLists } from "./list-my-top-lists.ts";
export { listPendingStories } from "./list-pending-stories.ts";
export { listPollsForAdmin } from "./list-polls-for-admin.ts";
export { listPublicTopLists, toolNamesOf } from "./list-public-top-lists.ts";
export { listPublicTopListsByUser } from "./list-public-top-lists-by-user.ts";
export { listReportedReviews } from "./list-reported-reviews.ts";
export { listStories } from "./list-stories.ts";
export { listToolReviews, type ReviewPage } from "./list-tool-reviews.ts";
export { listUserReviews } from "./list-user-reviews.ts";
export { listsSharedWithMe } from "./lists-shared-with-me.ts";
export { MarkReviewHelpfulInput, markReviewHelpful } from "./mark-review-helpful.ts";
export { communityMergeSteps } from "./merge.ts";
export { ModerateReviewInput, moderateReview } from "./moderate-review.ts";
export { MoveToolInTopListInput, moveToolInTopList } from "./move-tool-in-top-list.ts";
export { getMyReview } from "./my-review.ts";
export { myReviewMarks, myReviewMarksOnTool } from "./my-review-marks.ts";
export { ownerCollectionState } from "./owner-collection-state.ts";
export { POLL_LIMITS, type Poll, type PollQuestion } from "./poll-rows.ts";
export { pollVoteStatus } from "./poll-vote-status.ts";
export { newVoterId, readVoterCookie, type Voter, voterCookie } from "./poll-voter.ts";
export { RATING_REFRESH_JOB, registerRatingJobs } from "./rating-jobs.ts";
export { rejectCorrection } from "./reject-correction.ts";
export { removeCollaborator } from "./remove-collaborator.ts";
export { RemoveToolFromTopListInput, removeToolFromTopList } from "./remove-tool-from-top-list.ts";
export { replyToStory, StoryReplyInput } from "./reply-to-story.ts";
export { ReportReviewInput, reportReview } from "./report-review.ts";
export { RestoreReviewInput, restoreReview } from "./restore-review.ts";
export { CONFLICT_MESSAGES } from "./review-eligibility.ts";
export { REVIEW_LIMITS, ReviewId, ReviewListQuery } from "./review-forms.ts";
export { BURST_RULES } from "./review-holds.ts";
export type { ReviewItem } from "./review-rows.ts";
export { countActivePolls, countReviews, reviewCountsBetween } from "./review-stats.ts";
export { TRUST_RULES } from "./review-trust.ts";
export { revokeShare } from "./revoke-share.ts";
export { SaveReviewInput, saveReview } from "./save-review.ts";
export { AmaScheduleInput, scheduleAma } from "./schedule-ama.ts";
export { type CommunityActor, type CommunityServices, communityActor, MODERATORS_ONLY } from "./services.ts";
export { PollStatusInput, setPollStatus } from "./set-poll-status.ts";
export { SetToolNoteInTopListInput, setToolNoteInTopList } from "./set-tool-note-in-top-list.ts";
export { SetTopListEditorialInput, setTopListEditorial } from "./set-top-list-editorial.ts";
export { shareList } from "./share-list.ts";
export { STORY_LIMITS, STORY_MESSAGES, StoryId, type StoryView } from "./story-rows.ts";
export { StoryInput, submitStory } from "./submit-story.ts";
export { type ToolCommunity, toolCommunity } from "./tool-community.ts";
export { resolveToolId } from "./tool-lookup.ts";
export { refreshRatings } from "./tool-rating.ts";
export { topListAllowance } from "./top-list-allowance.ts";
export { editableBy, listChoicesFor, listChoicesOf } from "./top-list-choices.ts";
export { TOP_LIST_MESSAGES, TOP_LIST_RULES, topListActor } from "./top-list-rows.ts";
export {
  listTrending,
  recomputeTrending,
  registerTrendingJobs,
  TRENDING_JOB,
  TRENDING_RULES,
  trendingComputedAt,
} from "./trending.ts";
export { TopListPatch, UpdateTopListInput, updateTopList } from "./update-top-list.ts";
export { upvoteAmaQuestion } from "./upvote-ama-question.ts";
export {
  CompanyEmailInput,
  confirmCompanyVerification,
  startCompanyVerification,
  VERIFY_MESSAGES,
  VerifyToken,
  verificationState,
} from "./verification.ts";
export { communityFigures, listCommunityVerified } from "./verified.ts";
export { verifyCorrection } from "./verify-correction.ts";
export { voteCorrection } from "./vote-correction.ts";
export { PollVoteInput, votePoll } from "./vote-poll.ts";
