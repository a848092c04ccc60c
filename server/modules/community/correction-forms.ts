import { z } from "zod";
import { textBlock } from "../../platform/text.ts";
import {
  CORRECTION_FIELD_LABELS,
  CORRECTION_FIELDS,
  CORRECTION_PRICING,
  type CorrectionField,
  FEEDBACK_LIMITS,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
} from "./correction-labels.ts";

export {
  CORRECTION_FIELD_LABELS,
  CORRECTION_FIELDS,
  CORRECTION_PRICING,
  type CorrectionField,
  FEEDBACK_LIMITS,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
};

/*
 * The correction and feedback forms' schemas, shared by the browser and the server. Only zod and
 * platform/text here: pages import this file. What the browser cannot know (the tool and category
 * exist) the server checks further.
 */

/** The pricing models a correction may propose (the catalogue's, without 'unknown'). */

export const CORRECTION_LIMITS = {
  price: 80,
  description: 500,
  features: 12,
  feature: 120,
  message: 1_000,
  url: 2_048,
  reason: 500,
} as const;

export const CORRECTION_MESSAGES = {
  fieldRequired: "Choose which fact is wrong",
  valueRequired: "Enter the correct value",
  pricingUnknown: `Pricing model must be one of ${CORRECTION_PRICING.join(", ")}`,
  priceFormat: "Price must look like a price, e.g. $20/month or Free",
  websiteInvalid: "Valid URL is required",
  evidenceInvalid: "Evidence must be a valid http(s) URL",
  descriptionLength: `Description must be 20 to ${CORRECTION_LIMITS.description} characters`,
  featuresCount: `List 1 to ${CORRECTION_LIMITS.features} features, one per line`,
  featureLength: `Each feature must be at most ${CORRECTION_LIMITS.feature} characters`,
  messageLength: `Message must be at most ${CORRECTION_LIMITS.message} characters`,
  reasonRequired: "Give the proposer a reason",
} as const;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const PRICE =
  /^(free|contact sales|custom|[$€£¥₹]?\s?\d[\d.,]*\s?(?:[$€£¥₹]|usd|eur|gbp)?(?:\s?(?:\/|per)\s?[a-z ]{2,20})?(?:\s?\+)?)$/i;

/** Normalises and checks the proposed value for its field; returns the value to store or a message. */
export function checkProposedValue(field: CorrectionField, raw: string): { value: string } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: CORRECTION_MESSAGES.valueRequired };
  switch (field) {
    case "pricing_model": {
      const v = text.toLowerCase().replace(/[\s-]+/g, "_");
      return (CORRECTION_PRICING as readonly string[]).includes(v)
        ? { value: v }
        : { error: CORRECTION_MESSAGES.pricingUnknown };
    }
    case "price": {
      const v = text.replace(/\s+/g, " ");
      return v.length <= CORRECTION_LIMITS.price && PRICE.test(v)
        ? { value: v }
        : { error: CORRECTION_MESSAGES.priceFormat };
    }
    case "website":
      return text.length <= CORRECTION_LIMITS.url && isHttpUrl(text)
        ? { value: new URL(text).toString() }
        : { error: CORRECTION_MESSAGES.websiteInvalid };
    case "category":
      return text.length <= 80 ? { value: text } : { error: "Unknown category" };
    case "description": {
      const v = text.replace(/\s+/g, " ");
      return v.length >= 20 && v.length <= CORRECTION_LIMITS.description
        ? { value: v }
        : { error: CORRECTION_MESSAGES.descriptionLength };
    }
    case "features": {
      const items = [
        ...new Set(
          text
            .split(/\n|;/)
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (items.length < 1 || items.length > CORRECTION_LIMITS.features)
        return { error: CORRECTION_MESSAGES.featuresCount };
      if (items.some((f) => f.length > CORRECTION_LIMITS.feature)) return { error: CORRECTION_MESSAGES.featureLength };
      return { value: items.join("\n") };
    }
  }
}

export const CorrectionInput = z
  .object({
    field: z.enum(CORRECTION_FIELDS, { message: CORRECTION_MESSAGES.fieldRequired }),
    value: textBlock("Proposed value", { message: CORRECTION_MESSAGES.valueRequired }).pipe(
      z.string().max(6_000, CORRECTION_MESSAGES.valueRequired),
    ),
    evidence_url: z
      .string()
      .trim()
      .max(CORRECTION_LIMITS.url, CORRECTION_MESSAGES.evidenceInvalid)
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isHttpUrl(v), CORRECTION_MESSAGES.evidenceInvalid),
    message: textBlock("Message")
      .optional()
      .transform((v) => v ?? "")
      .pipe(z.string().max(CORRECTION_LIMITS.message, CORRECTION_MESSAGES.messageLength)),
  })
  .transform((input, ctx) => {
    const checked = checkProposedValue(input.field, input.value);
    if ("error" in checked) {
      ctx.addIssue({ code: "custom", path: ["value"], message: checked.error });
      return z.NEVER;
    }
    return { ...input, value: checked.value };
  });
export type CorrectionInput = z.output<typeof CorrectionInput>;

export const RejectInput = z.object({
  reason: textBlock("Reason", { message: CORRECTION_MESSAGES.reasonRequired }).pipe(
    z
      .string()
      .min(1, CORRECTION_MESSAGES.reasonRequired)
      .max(CORRECTION_LIMITS.reason, `Reason must be at most ${CORRECTION_LIMITS.reason} characters`),
  ),
});

export const FeedbackInput = z.object({
  type: z.enum(FEEDBACK_TYPES, { message: "Choose a feedback type" }).default("general"),
  message: textBlock("Message", { message: "Message is required" }).pipe(
    z
      .string()
      .min(5, "Message must be at least 5 characters")
      .max(FEEDBACK_LIMITS.message, `Message must be at most ${FEEDBACK_LIMITS.message} characters`),
  ),
  /** a signed-in member may still send it anonymously */
  anonymous: z
    .union([z.boolean(), z.enum(["on", "true", "false", ""])])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});
export type FeedbackInput = z.output<typeof FeedbackInput>;
