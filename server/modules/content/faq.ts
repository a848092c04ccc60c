import { MONEY_BACK_ONCE_PER_MONTHS } from "../billing/index.ts";
import { REFERRAL_REWARD_DAYS, REFERRAL_REWARDS_PER_YEAR } from "../growth/index.ts";

/**
 * The support page's FAQ, as data (READING.md: content editable without code changes — this file is
 * the one place to edit). Groups are the spec's: Account & Billing, Tool Discovery, Technical Issues.
 */
export const FAQ_GROUPS = ["Account & Billing", "Tool Discovery", "Technical Issues"] as const;
export type FaqEntry = { group: (typeof FAQ_GROUPS)[number]; question: string; answer: string };

export const FAQ: FaqEntry[] = [
  {
    group: "Account & Billing",
    question: "How do I upgrade my plan?",
    answer:
      "Open the Pricing page, choose Standard or Expert and complete the checkout. Your new features are available as soon as the payment is confirmed.",
  },
  {
    group: "Account & Billing",
    question: "Can I cancel my subscription?",
    answer:
      "Yes. Your paid features stay active until the end of the period you paid for; after that your account returns to the Free tier and keeps your saved tools.",
  },
  {
    group: "Account & Billing",
    question: "Can I get my money back?",
    answer: `Yes. Within 30 days of your first payment for a plan, ask for a refund from your dashboard: every payment since that first one is refunded through the provider you paid with, and your account returns to the Free tier. The money-back refund is available once per member in any ${MONEY_BACK_ONCE_PER_MONTHS} months; after that you can still cancel, and the plan stays until the end of the period you paid for.`,
  },
  {
    group: "Account & Billing",
    question: "How do referral rewards work?",
    answer: `Invite friends from the Referrals page. When a friend joins through your link and confirms their e-mail address, you get ${REFERRAL_REWARD_DAYS} days of Standard. Rewards are counted for up to ${REFERRAL_REWARDS_PER_YEAR} friends in any 12 months.`,
  },
  {
    group: "Account & Billing",
    question: "I forgot my password. What can I do?",
    answer: "Use 'Forgot password' on the sign-in page. We e-mail you a link that works once, for one hour.",
  },
  {
    group: "Account & Billing",
    question: "Which payment methods do you accept?",
    answer:
      "Payments go through our payment providers (PayPal and Cashfree where configured). We never store card numbers.",
  },
  {
    group: "Tool Discovery",
    question: "How do I find the right tool?",
    answer:
      "Search by name or description, then narrow the list with category and pricing filters. Standard and Expert members can save searches and download the results as CSV.",
  },
  {
    group: "Tool Discovery",
    question: "How can I suggest a tool?",
    answer:
      "Signed-in members can submit a tool from the Submit Tool page. Every submission is reviewed by a moderator before it is listed.",
  },
  {
    group: "Tool Discovery",
    question: "How many tools can I compare?",
    answer: "Free members compare 2 tools side by side, Standard members 5 and Expert members 10.",
  },
  {
    group: "Tool Discovery",
    question: "Why is a tool marked as premium?",
    answer: "Some listings are reserved for paid tiers. You see their overview; upgrading shows the full details.",
  },
  {
    group: "Technical Issues",
    question: "The site does not load correctly. What should I try?",
    answer:
      "Reload the page and clear your browser cache. If the problem persists, open a ticket with the page address and what you saw.",
  },
  {
    group: "Technical Issues",
    question: "I did not receive an e-mail from you.",
    answer:
      "Check your spam folder and that the address in your account is correct. You can ask for the e-mail again from the same page.",
  },
  {
    group: "Technical Issues",
    question: "How do I use the Toolscape API?",
    answer:
      "Expert members create API keys in the dashboard and send them as 'Authorization: Bearer <key>'. The reference is at /documentation/api.",
  },
];

/** Search over questions and answers (case-insensitive, every word must match). */
export function searchFaq(q: string): FaqEntry[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return FAQ;
  return FAQ.filter((f) => {
    const text = `${f.question} ${f.answer} ${f.group}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The three channels with the spec's hours (section 9); phone needs the priority_support entitlement. */
/**
 * The support channels that really exist (issue 18): e-mail to SUPPORT_EMAIL, tickets, and phone
 * when SUPPORT_PHONE is set. There is no live chat (nobody staffs one), so none is offered.
 */
export const SUPPORT_CHANNELS = [
  { id: "email", name: "Email", hours: "24/7, reply within 24 hours", premium: false },
  { id: "phone", name: "Phone", hours: "Mon-Fri 10AM-5PM EST", premium: true },
] as const;

export type SupportChannel = {
  id: (typeof SUPPORT_CHANNELS)[number]["id"];
  name: string;
  hours: string;
  premium: boolean;
  /** false: shown marked premium, without the number (spec §6: "Phone support is marked premium and disabled") */
  enabled: boolean;
  /** what to show and where it leads: an address or a number, and its mailto:/tel: link (only when enabled) */
  contact: { label: string; href: string } | null;
};

/**
 * The channels one viewer sees: e-mail always (a mailto: link to the support address), phone only
 * when SUPPORT_PHONE is set — its number only to members whose tier has `priority_support`.
 */
export function supportChannelsFor(
  config: { supportEmail: string; supportPhone?: string },
  canUsePhone: boolean,
): SupportChannel[] {
  const out: SupportChannel[] = [];
  for (const c of SUPPORT_CHANNELS) {
    if (c.id === "email") {
      out.push({ ...c, enabled: true, contact: { label: config.supportEmail, href: `mailto:${config.supportEmail}` } });
    } else if (config.supportPhone) {
      const phone = config.supportPhone;
      out.push({
        ...c,
        enabled: canUsePhone,
        contact: canUsePhone ? { label: phone, href: `tel:${phone.replace(/[^\d+]/g, "")}` } : null,
      });
    }
  }
  return out;
}
