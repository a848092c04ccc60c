/** Content module public surface (newsletter now; blog, deals, docs, support later). */
export {
  CONFIRMATION_NOT_SENT,
  EMAIL_PATTERN,
  INVALID_EMAIL,
  NewsletterInput,
  subscribe,
  unsubscribe,
} from "./newsletter.ts";
