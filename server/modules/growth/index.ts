/**
 * Growth: referrals (invite link and e-mail, 7 days of Standard per friend who joins) and the
 * affiliate programme (links, clicks, attribution, commissions from billing's hooks, payouts).
 * Billing is reached only through its contracts: `growth.grantPlanDays` and `growthBillingHooks`.
 */

export {
  AffiliateTarget,
  approvePayout,
  listAffiliatesOwed,
  listRecentPayouts,
  markPayoutPaidByHand,
  PayoutTarget,
  SuspendAffiliateReason,
  sendPayout,
  setAffiliateStatus,
} from "./admin-payouts.ts";
export { adminReferralOverview } from "./admin-referrals.ts";
export {
  AffiliateJoinInput,
  affiliateOfUser,
  attributeMember,
  followAffiliateLink,
  isTopLevelNavigation,
  joinAffiliate,
  programmeTerms,
  safeLanding,
} from "./affiliates.ts";
export { normalCode } from "./codes.ts";
export { growthBillingHooks, registerGrowthJobs } from "./commissions.ts";
export { ATTRIBUTION_DAYS, readAffiliateCookie, referralCookie } from "./cookies.ts";
export { affiliateStats } from "./dashboard.ts";
export type { GrowthWiring } from "./deps.ts";
export { listPayouts, PayoutPeriod, payoutCsv, runPayout } from "./payouts.ts";
export {
  findReferrerByCode,
  InviteInput,
  inviteByEmail,
  REFERRAL_REWARD_DAYS,
  REFERRAL_REWARDS_PER_YEAR,
  referralOverview,
  rewardReferral,
} from "./referrals.ts";
export { onMemberCreated, onMemberEmailVerified } from "./signup.ts";
