/** Content module public surface: newsletter (+ weekly digest), deals, beta programmes. */

import { registerToolMergeStep } from "../catalog/index.ts";
import { moveToolRows } from "./merge.ts";

export {
  applyToBeta,
  BETA_CATEGORIES,
  BETA_CATEGORY_LABELS,
  BETA_MESSAGES,
  BETA_STATUS_LABELS,
  BetaApplyForm,
  type BetaCard,
  type BetaCategoryKey,
  BetaForm,
  BetaQuery,
  type BetaStatus,
  BetaTarget,
  betaStatus,
  createBeta,
  deleteBeta,
  listBetaForAdmin,
  listBetaPrograms,
  listMyBetaApplications,
  type MyBetaApplication,
  setBetaActive,
  updateBeta,
} from "./beta.ts";
export {
  type AdminDealRow,
  type ContentActor,
  countDealClick,
  createDeal,
  DEAL_CATEGORIES,
  DEAL_MESSAGES,
  DEAL_TYPE_LABELS,
  DEAL_TYPES,
  type DealCard,
  type DealCategoryKey,
  DealForm,
  DealsQuery,
  DealTarget,
  type DealType,
  deleteDeal,
  endDeal,
  listDealsForAdmin,
  listLiveDeals,
  liveDealForTool,
  liveDealLink,
  updateDeal,
} from "./deals.ts";
export { DIGEST_JOB, DIGEST_TAG, digestContent, isoWeek, runDigest } from "./digest.ts";
export { registerContentJobs } from "./jobs.ts";
export {
  CONFIRMATION_NOT_SENT,
  confirmSubscription,
  EMAIL_PATTERN,
  INVALID_EMAIL,
  NewsletterInput,
  subscribe,
  unsubscribe,
  unsubscribeUrl,
} from "./newsletter.ts";

// Merging duplicate tools moves their deals and beta programmes to the surviving tool.
registerToolMergeStep({ name: "content.deals-beta", run: moveToolRows });
