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
export { createFeedback, FEEDBACK_RULES } from "./feedback.ts";
export { countActivePolls, countReviews, reviewCountsBetween } from "./review-stats.ts";
export { listPublicTopLists, type TopListSummary } from "./top-lists.ts";
export { listTrending, type TrendingEntry } from "./trending.ts";
export { communityFigures, listCommunityVerified, type VerifiedTool } from "./verified.ts";
