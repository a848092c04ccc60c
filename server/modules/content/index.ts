/** Content module public surface (newsletter, support tickets, contact messages, FAQ). */

export {
  CONTACT_RATE_LIMITED,
  CONTACT_RULE,
  type ContactMessage,
  listContactMessages,
  sendContactMessage,
} from "./contact.ts";
export { FAQ, FAQ_GROUPS, type FaqEntry, SUPPORT_CHANNELS, searchFaq } from "./faq.ts";
export {
  CONFIRMATION_NOT_SENT,
  EMAIL_PATTERN,
  INVALID_EMAIL,
  NewsletterInput,
  subscribe,
  unsubscribe,
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
