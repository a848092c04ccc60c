/** Content module public surface: newsletter (+ weekly digest), deals, beta programmes. */

export {
  applyToBeta,
  BETA_MESSAGES,
  BetaApplyForm,
  type BetaCard,
  BetaForm,
  BetaQuery,
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
  type CanSee,
  countDealClick,
  createDeal,
  DEAL_MESSAGES,
  type DealCard,
  DealForm,
  DealsQuery,
  DealTarget,
  deleteDeal,
  endDeal,
  hasLockedDeal,
  listDealsForAdmin,
  listLiveDeals,
  liveDealForTool,
  liveDealLink,
  lockedDeal,
  updateDeal,
} from "./deals.ts";
export { DIGEST_JOB, DIGEST_TAG, digestContent, isoWeek, runDigest } from "./digest.ts";
export {
  type AdminListingRow,
  EndListingInput,
  endListing,
  LISTING_FEATURE,
  LISTING_MESSAGES,
  LISTING_WINDOW_JOB,
  type ListingNotice,
  listListingAccess,
  MarkDealInput,
  MarkToolInput,
  markDeal,
  markTool,
  toolListingNotice,
} from "./exclusive.ts";
export { registerContentJobs } from "./jobs.ts";
export * from "./labels.ts";
/** Content module public surface (newsletter, support tickets, contact messages, FAQ). */

export {
  CONTACT_RATE_LIMITED,
  CONTACT_RULE,
  type ContactMessage,
  listContactMessages,
  sendContactMessage,
} from "./contact.ts";
export {
  FAQ,
  FAQ_GROUPS,
  type FaqEntry,
  SUPPORT_CHANNELS,
  type SupportChannel,
  searchFaq,
  supportChannelsFor,
} from "./faq.ts";
/** Content module public surface: newsletter, blog, documentation. */

export {
  type AdminPost,
  BLOG_CATEGORIES,
  type BlogCategory,
  BlogListQuery,
  blogFeed,
  blogSitemapEntries,
  createPost,
  deletePost,
  FIGURE_TOKENS,
  getPostForEdit,
  getPublishedPost,
  listAllPosts,
  listPublishedPosts,
  POST_NOT_FOUND,
  type Post,
  PostId,
  PostInput,
  PostSaveForm,
  type PostSummary,
  previewPost,
  relatedPosts,
  SLUG_TAKEN,
  setPostStatus,
  slugify,
  updatePost,
} from "./blog.ts";
export { allDocs, type DocArticle, type DocSection, DocsQuery, docsSitemapPaths, getDoc, searchDocs } from "./docs.ts";
export { type SiteFigures, siteFigures } from "./info.ts";
export { readMinutes, renderMarkdown } from "./markdown.ts";
export { contentMergeSteps } from "./merge.ts";
export {
  CONFIRMATION_NOT_SENT,
  confirmSubscription,
  countSubscribers,
  INVALID_EMAIL,
  NEWSLETTER_RATE_LIMITED,
  NewsletterInput,
  subscribe,
  subscriptionByToken,
  unsubscribe,
  unsubscribeHeaders,
  unsubscribeUrl,
} from "./newsletter.ts";

export {
  countOpenTickets,
  getTicketFor,
  getTicketForAdmin,
  listInbox,
  listMyTickets,
  openTicket,
  replyAsRequester,
  replyAsStaff,
  setTicketStatus,
  TICKET_RATE_LIMITED,
  TICKET_RULE,
  type TicketMessage,
  type TicketSummary,
  type TicketThread,
} from "./support.ts";
export {
  ContactInput,
  ReplyInput,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  type SupportCategory,
  TICKET_STATUSES,
  TicketInput,
  type TicketStatus,
  ticketRef,
} from "./support-forms.ts";
export { registerSupportJobs, SUPPORT_MAIL_JOB, supportAddress, supportDepsFrom } from "./support-mail.ts";
