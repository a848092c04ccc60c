import { z } from "zod";
import { uuidSchema } from "../../platform/ids.ts";

/** Reviews' limits and messages, and the fields their use cases' inputs are built from (one rule for page and API). */
export const REVIEW_LIMITS = { commentMin: 10, commentMax: 2000, reasonMin: 3, reasonMax: 500, pageSize: 10 } as const;

export const REVIEW_MESSAGES = {
  rating: "Choose a rating from 1 to 5 stars",
  commentShort: `Your review must be at least ${REVIEW_LIMITS.commentMin} characters`,
  commentLong: `Your review can be at most ${REVIEW_LIMITS.commentMax} characters`,
  reasonShort: `Tell us why you are reporting this review (at least ${REVIEW_LIMITS.reasonMin} characters)`,
  reasonLong: `The reason can be at most ${REVIEW_LIMITS.reasonMax} characters`,
  toolNotFound: "Tool not found",
  reviewNotFound: "Review not found",
  ownHelpful: "You cannot mark your own review as helpful",
  alreadyHelpful: "You already marked this review as helpful",
  ownReport: "You cannot report your own review",
  alreadyReported: "You already reported this review",
  tooMany: "Too many requests. Please wait a moment and try again.",
} as const;

export const ReviewId = uuidSchema(REVIEW_MESSAGES.reviewNotFound);

/** A review as its author writes it: the form's fields and the API's body (the same messages on both sides). */
export const ReviewFields = z.object({
  rating: z.coerce
    .number({ message: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  comment: z
    .string({ message: REVIEW_MESSAGES.commentShort })
    .trim()
    .min(REVIEW_LIMITS.commentMin, REVIEW_MESSAGES.commentShort)
    .max(REVIEW_LIMITS.commentMax, REVIEW_MESSAGES.commentLong),
  /** self-declared and labelled so: a checkbox ("on") or a boolean */
  usesAtWork: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});

/** Why a member reports a review. */
export const ReportReason = z
  .string({ message: REVIEW_MESSAGES.reasonShort })
  .trim()
  .min(REVIEW_LIMITS.reasonMin, REVIEW_MESSAGES.reasonShort)
  .max(REVIEW_LIMITS.reasonMax, REVIEW_MESSAGES.reasonLong);

/** A moderator's note, kept as the audit row's reason. */
export const ModerationNote = z.string().trim().max(500, "The note can be at most 500 characters").optional();

export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const ReviewListQuery = z.object({
  // Lenient (a bad value means the default); the document states the values that mean something.
  sort: z
    .enum(REVIEW_SORTS)
    .catch("newest")
    .meta({ type: "string", enum: [...REVIEW_SORTS] }),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).meta({ type: "integer", minimum: 1, maximum: 10_000 }),
});
