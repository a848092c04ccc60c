import { z } from "zod";
import { emailField } from "../../platform/email-address.ts";
import { textBlock, textLine } from "../../platform/text.ts";

/** One schema per form, shared by the page, the API and the module (spec section 3 and 5). */
export const SUPPORT_CATEGORIES = ["general", "account", "billing", "technical", "tools"] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  general: "General",
  account: "Account",
  billing: "Billing",
  technical: "Technical issue",
  tools: "Tool discovery",
};

const required = (label: string, max: number, block = false) =>
  (block ? textBlock(label) : textLine(label)).pipe(
    z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
  );
const email = emailField();

export const TicketInput = z.object({
  name: required("Name", 100),
  email,
  subject: required("Subject", 200),
  message: required("Message", 5000, true),
  // Anything else means general; the API's document states the values that mean something.
  category: z
    .enum(SUPPORT_CATEGORIES)
    .catch("general")
    .meta({ type: "string", enum: [...SUPPORT_CATEGORIES] })
    .default("general"),
});
export type TicketInput = z.output<typeof TicketInput>;

export const ReplyInput = z.object({ message: required("Message", 5000, true) });

export const ContactInput = z.object({
  name: required("Name", 100),
  email,
  message: required("Message", 5000, true),
  /** the honeypot: people never see it, so anything in it came from a bot */
  website: z.string().max(500).optional().catch(undefined).meta({ type: "string", description: "leave empty" }),
});
export type ContactInput = z.output<typeof ContactInput>;

export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** TS-000123: the number people quote in e-mails. */
export function ticketRef(n: number): string {
  return `TS-${String(n).padStart(6, "0")}`;
}
