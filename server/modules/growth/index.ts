/**
 * Growth: referrals (invite link and e-mail, 7 days of Standard per friend who joins) and the
 * affiliate programme (links, clicks, attribution, commissions from billing's hooks, payouts).
 * Billing is reached only through its contracts: `growth.grantPlanDays` and `growthBillingHooks`.
 */

export {
  type AdminPayout,
  type AffiliateOwed,
  AffiliateTarget,
  approvePayout,
  listAffiliatesOwed,
  listRecentPayouts,
  markPayoutPaidByHand,
  PayoutTarget,
  type SendOutcome,
  SuspendAffiliateReason,
  sendPayout,
  setAffiliateStatus,
} from "./admin-payouts.ts";
export { type AdminReferralRow, adminReferralOverview } from "./admin-referrals.ts";
export {
  type Affiliate,
  AffiliateJoinInput,
  affiliateByCode,
  affiliateOfUser,
  attributeMember,
  followAffiliateLink,
  isTopLevelNavigation,
  joinAffiliate,
  type ProgrammeTerms,
  programmeTerms,
  safeLanding,
} from "./affiliates.ts";
export { normalCode } from "./codes.ts";
export {
  APPROVE_JOB,
  APPROVE_SWEEP_JOB,
  approveCommission,
  approveDueCommissions,
  growthBillingHooks,
  recordCommission,
  registerGrowthJobs,
  reverseCommission,
} from "./commissions.ts";
export { AFF_COOKIE, ATTRIBUTION_DAYS, REF_COOKIE, readAffiliateCookie, referralCookie } from "./cookies.ts";
export { type AffiliateStats, affiliateStats, type CommissionView } from "./dashboard.ts";
export {
  type GrantPlanDays,
  type GrowthDeps,
  type GrowthWiring,
  unwiredGrantPlanDays,
} from "./deps.ts";
export {
  csvCell,
  listPayouts,
  type PayoutLine,
  PayoutPeriod,
  type PayoutRecord,
  payableFor,
  payoutCsv,
  runPayout,
} from "./payouts.ts";
export {
  ensureReferralCode,
  findReferrerByCode,
  INVITES_PER_DAY,
  InviteInput,
  inviteByEmail,
  listReferrals,
  REFERRAL_CAP_WINDOW_DAYS,
  REFERRAL_REWARD_DAYS,
  REFERRAL_REWARDS_PER_YEAR,
  type ReferralOutcome,
  type ReferralOverview,
  type ReferralRow,
  referralLink,
  referralOverview,
  rewardConfirmedReferral,
  rewardReferral,
} from "./referrals.ts";
export { type NewMember, onMemberCreated, onMemberEmailVerified } from "./signup.ts";
