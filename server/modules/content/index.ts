/** Content module public surface: newsletter (+ weekly digest), deals, beta programmes. */

export { applyToBeta, BetaApplyForm } from "./apply-to-beta.ts";
export { BetaForm, BetaTarget } from "./beta-form.ts";
export { BETA_MESSAGES, type BetaCard } from "./beta-rows.ts";
export { countDealClick } from "./count-deal-click.ts";
export { createBeta } from "./create-beta.ts";
export { createDeal } from "./create-deal.ts";
export { DealForm, DealTarget } from "./deal-form.ts";
export type { DealCard } from "./deal-rows.ts";
export { deleteBeta } from "./delete-beta.ts";
export { deleteDeal } from "./delete-deal.ts";
export { DIGEST_JOB, isoWeek, runDigest } from "./digest.ts";
export { endDeal } from "./end-deal.ts";
export {
  type AdminListingRow,
  EndListingInput,
  endListing,
  listListingAccess,
  MarkDealInput,
  MarkToolInput,
  markDeal,
  markTool,
  toolListingNotice,
} from "./exclusive.ts";
export { hasLockedDeal } from "./has-locked-deal.ts";
export { registerContentJobs } from "./jobs.ts";
export { listBetaForAdmin } from "./list-beta-for-admin.ts";
export { BetaQuery, listBetaPrograms } from "./list-beta-programs.ts";
export { type AdminDealRow, listDealsForAdmin } from "./list-deals-for-admin.ts";
export { DealsQuery, listLiveDeals } from "./list-live-deals.ts";
export { listMyBetaApplications, type MyBetaApplication } from "./list-my-beta-applications.ts";
export { liveDealForTool } from "./live-deal-for-tool.ts";
export { liveDealLink } from "./live-deal-link.ts";
export { setBetaActive } from "./set-beta-active.ts";
export { updateBeta } from "./update-beta.ts";
export { updateDeal } from "./update-deal.ts";
/** Content module public surface (newsletter, support tickets, contact messages, FAQ). */

export { listContactMessages, sendContactMessage } from "./contact.ts";
export { FAQ_GROUPS, searchFaq, supportChannelsFor } from "./faq.ts";
/** Content module public surface: newsletter, blog, documentation. */

export { blogFeed } from "./blog-feed.ts";
export { PostId, PostSaveForm } from "./blog-form.ts";
export { blogSitemapEntries } from "./blog-sitemap-entries.ts";
export { createPost } from "./create-post.ts";
export { deletePost } from "./delete-post.ts";
export { allDocs, DocsQuery, docsSitemapPaths, getDoc, searchDocs } from "./docs.ts";
export { getPostForEdit } from "./get-post-for-edit.ts";
export { getPublishedPost } from "./get-published-post.ts";
export { siteFigures } from "./info.ts";
export { listAllPosts } from "./list-all-posts.ts";
export { BlogListQuery, listPublishedPosts } from "./list-published-posts.ts";
export { renderMarkdown } from "./markdown.ts";
export { contentMergeSteps } from "./merge.ts";
export {
  CONFIRMATION_NOT_SENT,
  confirmSubscription,
  countSubscribers,
  NewsletterInput,
  subscribe,
  subscriptionByToken,
  unsubscribe,
} from "./newsletter.ts";
export { previewPost } from "./preview-post.ts";
export { relatedPosts } from "./related-posts.ts";
export { setPostStatus } from "./set-post-status.ts";
export {
  getTicketFor,
  getTicketForAdmin,
  listInbox,
  listMyTickets,
  openTicket,
  replyAsRequester,
  replyAsStaff,
  setTicketStatus,
} from "./support.ts";
export {
  ContactInput,
  ReplyInput,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  TICKET_STATUSES,
  TicketInput,
} from "./support-forms.ts";
export { registerSupportJobs, supportAddress, supportDepsFrom } from "./support-mail.ts";
export { updatePost } from "./update-post.ts";
